package io.sluice.director;

import io.sluice.run.ActorState;
import io.sluice.run.Director;

class SdfRunSnapshotTest extends RunSnapshotContractTest {
    @Override
    Director director() {
        return Directors.sdf();
    }

    /** The sink waits its turn on the director's one thread, fired after its writer. */
    @Override
    ActorState readerOfABusyWriter() {
        return ActorState.IDLE;
    }
}
