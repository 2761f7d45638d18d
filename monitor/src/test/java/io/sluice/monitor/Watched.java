package io.sluice.monitor;

import static io.sluice.testing.TestActors.collect;
import static io.sluice.testing.TestActors.map;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.workflow.ChannelOptions;
import io.sluice.workflow.Workflow;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A workflow to watch, which runs until a test lets it end: a ticking source, a loop between two
 * actors (a channel that goes back), and a channel with two readers.
 *
 * <pre>
 * source → mix → work → fork → sink
 *           ↑             ├──→ count
 *           └──── back ───┘
 * </pre>
 */
final class Watched {
    static final List<String> ACTORS = List.of("source", "mix", "work", "fork", "sink", "count");
    static final List<String> CHANNELS = List.of("source.out", "mix.out", "work.out", "fork.out", "back");

    private Watched() {}

    /** A workflow whose source ticks until {@code release} opens, pausing {@code pauseMillis} per token. */
    static Workflow workflow(CountDownLatch release, long pauseMillis) {
        return Workflow.builder("watched")
                .actor("source", new Ticker(release, pauseMillis))
                .actor("mix", new Mix())
                .actor("work", map(Integer.class, Integer.class, x -> x + 1))
                .actor("fork", new Fork())
                .actor("sink", collect(Integer.class))
                .actor("count", collect(Integer.class))
                .connect("source.out", "mix.in")
                .connect("mix.out", "work.in")
                .connect("work.out", "fork.in")
                .connect("fork.out", "sink.in")
                .connect("fork.out", "count.in")
                .connect("fork.back", "mix.back", ChannelOptions.defaults().name("back").initialTokens(List.of(0)))
                .build();
    }

    /** Emits 0, 1, 2 … pausing before each, until released; then ends. */
    static final class Ticker implements Actor {
        static final OutputPort<Integer> OUT = Port.output("out", Integer.class);
        private final CountDownLatch release;
        private final long pauseMillis;
        private int next;

        Ticker(CountDownLatch release, long pauseMillis) {
            this.release = release;
            this.pauseMillis = pauseMillis;
        }

        @Override
        public List<Port<?>> ports() {
            return List.of(OUT);
        }

        @Override
        public void fire(FiringContext context) throws InterruptedException {
            if (release.await(pauseMillis, TimeUnit.MILLISECONDS)) {
                context.finish();
                return;
            }
            context.put(OUT, next++);
        }
    }

    /** Takes a token and the one that came back, puts the first on. */
    static final class Mix implements Actor {
        static final InputPort<Integer> IN = Port.input("in", Integer.class);
        static final InputPort<Integer> BACK = Port.input("back", Integer.class);
        static final OutputPort<Integer> OUT = Port.output("out", Integer.class);

        @Override
        public List<Port<?>> ports() {
            return List.of(IN, BACK, OUT);
        }

        @Override
        public void fire(FiringContext context) {
            int x = context.take(IN);
            context.take(BACK);
            context.put(OUT, x);
        }
    }

    /** Puts each token on, and back. */
    static final class Fork implements Actor {
        static final InputPort<Integer> IN = Port.input("in", Integer.class);
        static final OutputPort<Integer> OUT = Port.output("out", Integer.class);
        static final OutputPort<Integer> BACK = Port.output("back", Integer.class);

        @Override
        public List<Port<?>> ports() {
            return List.of(IN, OUT, BACK);
        }

        @Override
        public void fire(FiringContext context) {
            int x = context.take(IN);
            context.put(OUT, x);
            context.put(BACK, x);
        }
    }
}
