package io.sluice.composite.replicas;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.workflow.ChannelOptions;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Kahn determinism of replicated actors: whatever the number of copies and however slow each copy
 * is, the output channels hold what the unreplicated actor puts, under both directors, over channels
 * of the default capacity or bounded to a few tokens.
 */
class ReplicatedActorProperties {

    @Property(tries = 40)
    void aReplicatedActorPutsWhatTheUnreplicatedOnePuts(
            @ForAll @Size(max = 300) List<@IntRange(min = -1000, max = 1000) Integer> inputs,
            @ForAll @IntRange(min = 1, max = 4) int copies,
            @ForAll @Size(value = 4) List<@IntRange(min = 0, max = 200) Integer> delayMicros,
            @ForAll boolean demandDriven,
            @ForAll @IntRange(min = 0, max = 8) int capacity) throws Exception {
        String director = demandDriven ? "demand" : "data";
        ChannelOptions channels = capacity == 0 ? ChannelOptions.defaults() : ChannelOptions.defaults().capacity(capacity);
        Runs.Outputs unreplicated = Runs.run(Runs.arith(inputs, 0, i -> new Arith(0), channels), director);
        Runs.Outputs replicated = Runs.run(Runs.arith(inputs, copies, i -> new Arith(delayMicros.get(i) * 1000L), channels),
                director);
        assertThat(replicated.out()).isEqualTo(unreplicated.out());
        assertThat(replicated.evens()).isEqualTo(unreplicated.evens());
    }
}
