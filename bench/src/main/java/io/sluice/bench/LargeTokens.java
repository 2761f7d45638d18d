package io.sluice.bench;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.workflow.Workflow;
import java.util.List;

/**
 * A workflow of large tokens for the heap-flat page: a source puts {@code tokens} arrays of
 * {@link #TOKEN_BYTES} bytes (allocating each, touching one byte), a stage passes them on, and a
 * sink reads every byte of each, so that it is slower than the source, which runs ahead as far as
 * its channel lets it. Output channel {@code copy.out}, one token per source token.
 */
final class LargeTokens {
    /** The size of a token: 64 KiB, which {@link io.sluice.channel.TokenSizer#estimate()} sizes at 65,552 bytes. */
    static final int TOKEN_BYTES = 64 << 10;
    private static final OutputPort<byte[]> OUT = Port.output("out", byte[].class);
    private static final InputPort<byte[]> IN = Port.input("in", byte[].class);

    private LargeTokens() {}

    static Workflow workflow(long tokens, long seed) {
        return Workflow.builder("large-tokens").actor("source", new Source(tokens, seed)).actor("copy", new Copy())
                .actor("sink", new Sink()).connect("source.out", "copy.in").connect("copy.out", "sink.in").build();
    }

    private static final class Source implements Actor {
        private final long tokens;
        private final long seed;
        private long next;

        Source(long tokens, long seed) {
            this.tokens = tokens;
            this.seed = seed;
        }

        @Override
        public List<Port<?>> ports() {
            return List.of(OUT);
        }

        @Override
        public void fire(FiringContext context) {
            if (next == tokens) {
                context.finish();
                return;
            }
            byte[] token = new byte[TOKEN_BYTES];
            token[(int) ((seed + next++) & (TOKEN_BYTES - 1))] = 1;
            context.put(OUT, token);
        }
    }

    private static final class Copy implements Actor {
        @Override
        public List<Port<?>> ports() {
            return List.of(IN, OUT);
        }

        @Override
        public void fire(FiringContext context) {
            context.put(OUT, context.take(IN));
        }
    }

    private static final class Sink implements Actor {
        /** Keeps the reads observable. */
        long sum;

        @Override
        public List<Port<?>> ports() {
            return List.of(IN);
        }

        @Override
        public void fire(FiringContext context) {
            byte[] token = context.take(IN);
            long s = 0;
            for (byte b : token) {
                s += b;
            }
            sum += s;
        }
    }
}
