package io.sluice.director;

import io.sluice.run.Director;

class DemandDrivenRunSnapshotTest extends RunSnapshotContractTest {
    @Override
    Director director() {
        return Directors.demandDriven();
    }
}
