package io.sluice.testing;

import io.sluice.actor.Actor;
import io.sluice.actor.ActorContext;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.WritesFiles;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/** Small actors for tests of the workflow builder, the directors and the channels. */
public final class TestActors {
    private TestActors() {}

    /** Emits the given tokens, one per firing, then finishes. Port {@code out}. */
    public static <T> Emit<T> emit(Class<T> type, List<T> tokens) {
        return new Emit<>(type, tokens);
    }

    /**
     * An actor with the given ports that is never meant to fire (it throws if it is): for tests
     * that record its firings by hand, where only its ports matter.
     */
    public static Actor withPorts(List<Port<?>> ports) {
        List<Port<?>> copy = List.copyOf(ports);
        return new Actor() {
            @Override
            public List<Port<?>> ports() {
                return copy;
            }

            @Override
            public void fire(FiringContext context) {
                throw new UnsupportedOperationException("an actor with ports only, whose firings a test logs by hand");
            }
        };
    }

    /** Emits 0, 1, 2, ... forever. Port {@code out}. */
    public static Actor counter() {
        return new Actor() {
            final OutputPort<Integer> out = Port.output("out", Integer.class);
            int next;

            @Override
            public List<Port<?>> ports() {
                return List.of(out);
            }

            @Override
            public void fire(FiringContext context) {
                context.put(out, next++);
            }
        };
    }

    /** Applies a function to each token. Ports {@code in}, {@code out}. */
    public static <A, B> Actor map(Class<A> in, Class<B> out, Function<A, B> f) {
        return new Actor() {
            final InputPort<A> inPort = Port.input("in", in);
            final OutputPort<B> outPort = Port.output("out", out);

            @Override
            public List<Port<?>> ports() {
                return List.of(inPort, outPort);
            }

            @Override
            public void fire(FiringContext context) {
                context.put(outPort, f.apply(context.take(inPort)));
            }
        };
    }

    /** Collects every token it takes. Port {@code in}. */
    public static <T> Collect<T> collect(Class<T> type) {
        return new Collect<>(type);
    }

    /**
     * Writes each token it takes on a line of the file it declares under the parameter
     * {@code file} ({@link WritesFiles}). Port {@code in}.
     */
    public static WriteLines writeLines(String file) {
        return new WriteLines(file);
    }

    /** Writes tokens to a file, one per line; records whether it was initialised. */
    public static final class WriteLines implements Actor, WritesFiles {
        public final InputPort<Object> in = Port.input("in", Object.class);
        public final AtomicInteger initialized = new AtomicInteger();
        private final String file;
        private Writer out;

        WriteLines(String file) {
            this.file = file;
        }

        @Override
        public List<Port<?>> ports() {
            return List.of(in);
        }

        @Override
        public Map<String, String> outputFiles() {
            return Map.of("file", file);
        }

        @Override
        public void initialize(ActorContext context) throws IOException {
            initialized.incrementAndGet();
            out = Files.newBufferedWriter(context.outputFile("file"));
        }

        @Override
        public void fire(FiringContext context) throws IOException {
            out.write(context.take(in) + "\n");
        }

        @Override
        public void wrapUp(ActorContext context) throws IOException {
            if (out != null) {
                out.close();
            }
        }
    }

    /** Emits tokens of a list. */
    public static final class Emit<T> implements Actor {
        public final OutputPort<T> out;
        private final List<T> tokens;
        private int next;

        Emit(Class<T> type, List<T> tokens) {
            this.out = Port.output("out", type);
            this.tokens = List.copyOf(tokens);
        }

        @Override
        public List<Port<?>> ports() {
            return List.of(out);
        }

        @Override
        public void fire(FiringContext context) {
            if (next == tokens.size()) {
                context.finish();
                return;
            }
            context.put(out, tokens.get(next++));
        }
    }

    /** Collects tokens; records its lifecycle calls. */
    public static final class Collect<T> implements Actor {
        public final InputPort<T> in;
        /** The tokens taken, in order; safe to read after the run. */
        public final List<T> tokens = Collections.synchronizedList(new ArrayList<>());
        public final AtomicInteger initialized = new AtomicInteger();
        public final AtomicInteger wrappedUp = new AtomicInteger();

        Collect(Class<T> type) {
            this.in = Port.input("in", type);
        }

        @Override
        public List<Port<?>> ports() {
            return List.of(in);
        }

        @Override
        public void initialize(ActorContext context) {
            initialized.incrementAndGet();
        }

        @Override
        public void fire(FiringContext context) {
            tokens.add(context.take(in));
        }

        @Override
        public void wrapUp(ActorContext context) {
            wrappedUp.incrementAndGet();
        }
    }
}
