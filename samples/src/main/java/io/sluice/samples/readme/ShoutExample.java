package io.sluice.samples.readme;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.channel.memory.MemoryChannels;
import io.sluice.director.Directors;
import io.sluice.run.RunConfig;
import io.sluice.run.RunResult;
import io.sluice.samples.LineSink;
import io.sluice.samples.WordSource;
import io.sluice.workflow.Workflow;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The example shown in the README; a test checks that the README shows this file's code. */
public final class ShoutExample {
    private ShoutExample() {}

    // README:begin
    /** An actor: each firing takes a word and puts it upper-cased. */
    public static final class Shout implements Actor {
        public static final InputPort<String> IN = Port.input("in", String.class);
        public static final OutputPort<String> OUT = Port.output("out", String.class);

        @Override
        public List<Port<?>> ports() {
            return List.of(IN, OUT);
        }

        @Override
        public void fire(FiringContext context) {
            context.put(OUT, context.take(IN).toUpperCase(Locale.ROOT));
        }
    }

    /** Runs words → shout → sink; the sink writes {@code result.txt} in {@code work}. */
    public static RunResult run(Path work) throws Exception {
        Workflow workflow = Workflow.builder("shout")
                .actor("words", WordSource.generated(1_000, 42))
                .actor("shout", new Shout())
                .actor("sink", new LineSink())
                .connect("words.out", "shout.in")
                .connect("shout.out", "sink.in")
                .build();
        RunConfig config = RunConfig.builder()
                .channels(MemoryChannels.factory())
                .workDirectory(work)
                .build();
        return Directors.dataDriven().run(workflow, config);
    }
    // README:end
}
