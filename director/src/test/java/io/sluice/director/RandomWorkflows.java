package io.sluice.director;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.testing.TestActors;
import io.sluice.workflow.ChannelOptions;
import io.sluice.workflow.Workflow;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.IntStream;

/**
 * Random workflows of deterministic actors, built from a seed: finite sources, then actors of
 * several kinds (maps, filters, variable-rate actors, batching, joins, merges), each input wired
 * to an output of an earlier actor (so outputs fan out), feedback loops that carry initial tokens
 * (self-loops, and two-actor rings whose token is the channel's or a delay actor's declared one),
 * and sinks on some of the outputs nobody reads. Every actor
 * ends when its inputs end, so every workflow terminates.
 */
final class RandomWorkflows {
    private static final InputPort<Integer> IN = Port.input("in", Integer.class);
    private static final InputPort<Integer> IN2 = Port.input("in2", Integer.class);
    private static final InputPort<Integer> FB = Port.input("fb", Integer.class);
    private static final OutputPort<Integer> OUT = Port.output("out", Integer.class);
    private static final OutputPort<Integer> LOOP = Port.output("loop", Integer.class);

    private RandomWorkflows() {}

    /**
     * Builds the workflow of a seed. With {@code bounded}, channels outside feedback loops get
     * small random capacities (which may deadlock artificially); otherwise all are unbounded.
     */
    static Workflow build(long seed, boolean bounded) {
        return build(seed, bounded, false);
    }

    /**
     * Builds the workflow of a seed. With {@code bounded}, channels outside feedback loops get
     * small random capacities in tokens; with {@code inBytes}, small random capacities in bytes
     * (1 to 64 bytes, where a token is sized at 16: from one token at a time to four), and in
     * tokens only if {@code bounded} too. Either may deadlock artificially.
     */
    static Workflow build(long seed, boolean bounded, boolean inBytes) {
        Random random = new Random(seed);
        // Capacities come from a stream of their own, so that a seed gives the same graph bounded or not.
        Random capacities = new Random(~seed);
        Map<String, ChannelOptions> options = new HashMap<>();
        Function<String, ChannelOptions> optionsOf = out -> options.computeIfAbsent(out, o -> {
            ChannelOptions opts = bounded ? ChannelOptions.defaults().capacity(1 + capacities.nextInt(4)) : ChannelOptions.defaults();
            return inBytes ? opts.capacityBytes(1 + capacities.nextInt(64)) : opts;
        });
        Workflow.Builder wf = Workflow.builder("random-" + Long.toHexString(seed));
        List<String> outputs = new ArrayList<>();
        int sources = 1 + random.nextInt(3);
        for (int i = 0; i < sources; i++) {
            int count = random.nextInt(40);
            List<Integer> tokens = IntStream.range(0, count).map(x -> random.nextInt(100)).boxed().toList();
            wf.actor("src" + i, TestActors.emit(Integer.class, tokens));
            outputs.add("src" + i + ".out");
        }
        List<String> unread = new ArrayList<>(outputs);
        int actors = random.nextInt(9);
        for (int i = 0; i < actors; i++) {
            String name = "a" + i;
            int kind = random.nextInt(8);
            switch (kind) {
                case 0 -> wf.actor(name, Fn.of(c -> c.put(OUT, (c.take(IN) * 7 + 3) % 1000), IN, OUT));
                case 1 -> wf.actor(name, Fn.of(c -> {
                    int x = c.take(IN);
                    if (x % 3 != 0) {
                        c.put(OUT, x);
                    }
                }, IN, OUT));
                case 2 -> wf.actor(name, Fn.of(c -> {
                    int x = c.take(IN);
                    c.put(OUT, x);
                    if (x % 2 == 0) {
                        c.put(OUT, x + 1);
                    }
                }, IN, OUT));
                case 3 -> wf.actor(name, batch(2 + random.nextInt(3)));
                case 4 -> wf.actor(name, Fn.of(c -> c.put(OUT, c.take(IN) - c.take(IN2)), IN, IN2, OUT));
                case 5 -> wf.actor(name, new Merge());
                case 6 -> wf.actor(name, Fn.of(c -> {
                    int x = c.take(IN);
                    int s = c.take(FB);
                    c.put(OUT, x + s);
                    c.put(LOOP, (s + x) % 97);
                }, IN, FB, OUT, LOOP));
                default -> wf.actor(name, Fn.of(c -> c.put(OUT, c.take(IN) + c.take(FB)), IN, FB, OUT));
            }
            String from = pick(random, outputs);
            wf.connect(from, name + ".in", optionsOf.apply(from));
            if (kind == 4 || kind == 5) {
                String from2 = pick(random, outputs);
                wf.connect(from2, name + ".in2", optionsOf.apply(from2));
            }
            if (kind == 6) {
                wf.connect(name + ".loop", name + ".fb", ChannelOptions.defaults()
                        .initialTokens(IntStream.range(0, 1 + random.nextInt(3)).boxed().toList()));
            }
            if (kind == 7) {
                // A ring: name -> ring (doubling) -> back to name's feedback, and on downstream.
                String ring = name + "r";
                wf.actor(ring, Fn.of(c -> c.put(OUT, c.take(IN) % 500 * 2), IN, OUT));
                wf.connect(name + ".out", ring + ".in");
                int start = 1 + random.nextInt(5);
                if (random.nextBoolean()) {
                    ChannelOptions ringOptions = ChannelOptions.defaults().initialTokens(List.of(start));
                    options.put(ring + ".out", ringOptions);
                    wf.connect(ring + ".out", name + ".fb", ringOptions);
                } else {
                    // The ring's initial token comes from a delay actor that declares it.
                    wf.actor(ring + "d", new Delay(List.of(start)));
                    options.put(ring + ".out", ChannelOptions.defaults()); // in the loop: unbounded
                    wf.connect(ring + ".out", ring + "d.in");
                    wf.connect(ring + "d.out", name + ".fb");
                }
                outputs.add(ring + ".out");
                unread.add(ring + ".out");
            } else {
                outputs.add(name + ".out");
                unread.add(name + ".out");
            }
        }
        int sink = 0;
        for (String out : unread) {
            if (random.nextBoolean()) {
                String name = "sink" + sink++;
                wf.actor(name, TestActors.collect(Integer.class));
                wf.connect(out, name + ".in", optionsOf.apply(out));
            }
        }
        return wf.build();
    }

    private static String pick(Random random, List<String> outputs) {
        return outputs.get(random.nextInt(outputs.size()));
    }

    /** Sums up to {@code size} tokens per firing; a short last batch is still emitted. */
    private static Actor batch(int size) {
        return Fn.of(c -> {
            int sum = 0;
            int taken = 0;
            while (taken < size && c.hasNext(IN)) {
                sum += c.take(IN);
                taken++;
            }
            if (taken > 0) {
                c.put(OUT, sum);
            }
            if (taken < size) {
                c.finish();
            }
        }, IN, OUT);
    }

    /** Alternates between its two inputs; once one ends, passes on the rest of the other. */
    private static final class Merge implements Actor {
        private boolean second;

        @Override
        public List<Port<?>> ports() {
            return List.of(IN, IN2, OUT);
        }

        @Override
        public void fire(FiringContext c) {
            InputPort<Integer> first = second ? IN2 : IN;
            InputPort<Integer> other = second ? IN : IN2;
            second = !second;
            if (c.hasNext(first)) {
                c.put(OUT, c.take(first));
            } else if (c.hasNext(other)) {
                c.put(OUT, c.take(other));
            } else {
                c.finish();
            }
        }
    }
}
