package io.sluice.monitor;

import static io.sluice.testing.TestActors.collect;

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
 * actors (a channel that goes back), an actor that feeds itself, a channel with two readers and
 * one with none.
 *
 * <pre>
 *                  ┌state┐
 * source → mix → work → fork → sink
 *           ↑             ├──→ count
 *           └──── back ───┤
 *                         └──→ (fork.spare: no reader)
 * </pre>
 */
final class Watched {
    static final List<String> ACTORS = List.of("source", "mix", "work", "fork", "sink", "count");
    static final List<String> CHANNELS = List.of("source.out", "mix.out", "state", "work.out", "fork.out", "back", "fork.spare");

    private Watched() {}

    /** A workflow whose source ticks until {@code release} opens, pausing {@code pauseMillis} per token. */
    static Workflow workflow(CountDownLatch release, long pauseMillis) {
        return workflow(new Ticker(release, pauseMillis, false));
    }

    /** As {@link #workflow(CountDownLatch, long)}, but the source fails when released. */
    static Workflow failing(CountDownLatch release, long pauseMillis) {
        return workflow(new Ticker(release, pauseMillis, true));
    }

    private static Workflow workflow(Ticker source) {
        return Workflow.builder("watched")
                .actor("source", source)
                .actor("mix", new Mix())
                .actor("work", new Work())
                .actor("fork", new Fork())
                .actor("sink", collect(Integer.class))
                .actor("count", collect(Integer.class))
                .connect("source.out", "mix.in")
                .connect("mix.out", "work.in")
                .connect("work.next", "work.state", ChannelOptions.defaults().name("state").initialTokens(List.of(0)))
                .connect("work.out", "fork.in")
                .connect("fork.out", "sink.in")
                .connect("fork.out", "count.in")
                .connect("fork.back", "mix.back", ChannelOptions.defaults().name("back").initialTokens(List.of(0)))
                .build();
    }

    /** Emits 0, 1, 2 … pausing before each, until released; then ends, or fails. */
    static final class Ticker implements Actor {
        static final OutputPort<Integer> OUT = Port.output("out", Integer.class);
        private final CountDownLatch release;
        private final long pauseMillis;
        private final boolean fail;
        private int next;

        Ticker(CountDownLatch release, long pauseMillis, boolean fail) {
            this.release = release;
            this.pauseMillis = pauseMillis;
            this.fail = fail;
        }

        @Override
        public List<Port<?>> ports() {
            return List.of(OUT);
        }

        @Override
        public void fire(FiringContext context) throws InterruptedException {
            if (release.await(pauseMillis, TimeUnit.MILLISECONDS)) {
                if (fail) {
                    throw new IllegalStateException("the test told the source to fail");
                }
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

    /** Adds to each token how many came before it, which it keeps on a channel to itself. */
    static final class Work implements Actor {
        static final InputPort<Integer> IN = Port.input("in", Integer.class);
        static final InputPort<Integer> STATE = Port.input("state", Integer.class);
        static final OutputPort<Integer> OUT = Port.output("out", Integer.class);
        static final OutputPort<Integer> NEXT = Port.output("next", Integer.class);

        @Override
        public List<Port<?>> ports() {
            return List.of(IN, STATE, OUT, NEXT);
        }

        @Override
        public void fire(FiringContext context) {
            int x = context.take(IN);
            int count = context.take(STATE);
            context.put(OUT, x + count);
            context.put(NEXT, count + 1);
        }
    }

    /** Puts each token on, and back; puts nothing on its spare port, which no one reads. */
    static final class Fork implements Actor {
        static final InputPort<Integer> IN = Port.input("in", Integer.class);
        static final OutputPort<Integer> OUT = Port.output("out", Integer.class);
        static final OutputPort<Integer> BACK = Port.output("back", Integer.class);
        static final OutputPort<Integer> SPARE = Port.output("spare", Integer.class);

        @Override
        public List<Port<?>> ports() {
            return List.of(IN, OUT, BACK, SPARE);
        }

        @Override
        public void fire(FiringContext context) {
            int x = context.take(IN);
            context.put(OUT, x);
            context.put(BACK, x);
        }
    }
}
