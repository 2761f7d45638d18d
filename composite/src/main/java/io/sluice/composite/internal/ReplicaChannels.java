package io.sluice.composite.internal;

import io.sluice.channel.ChannelSpec;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names of the channels in a space through which one copy of a replicated actor fires in a
 * worker process, decided here only: under {@code ACTOR.replicas.WORKER.}, with {@code hello}
 * (the worker's, one token describing it, its writer held while the worker lives), {@code slices}
 * and {@code in} (the coordinator's: each slice's firing, offset and count, then its tokens),
 * {@code done} and {@code out.PORT} (the worker's: per slice its firing, offset, count, busy
 * nanoseconds and, per firing, how many it put and to which port, then the tokens put, per port). Names of three or more dotted parts
 * never meet a workflow's own channels, named {@code actor.port}.
 *
 * @param actor the replicated actor
 * @param worker the worker's id: letters, digits, {@code _} and {@code -}
 */
public record ReplicaChannels(String actor, String worker) {
    /** The first part of a hello token: the protocol and its version. */
    public static final String HELLO = "sluice-replica/1";

    /** The names of the hello channels of the workers of {@code actor}: group 1 is the worker. */
    public static Pattern helloNames(String actor) {
        return Pattern.compile(Pattern.quote(actor) + "\\.replicas\\.([A-Za-z0-9_][A-Za-z0-9_-]*)\\.hello");
    }

    /** The worker of a hello channel's name, or null if it is not one of {@code actor}'s. */
    public static String workerOf(String actor, String helloChannel) {
        Matcher m = helloNames(actor).matcher(helloChannel);
        return m.matches() ? m.group(1) : null;
    }

    private String prefix() {
        return actor + ".replicas." + worker + ".";
    }

    public ChannelSpec<String> hello() {
        return ChannelSpec.unbounded(prefix() + "hello", String.class);
    }

    public ChannelSpec<long[]> slices() {
        return ChannelSpec.unbounded(prefix() + "slices", long[].class);
    }

    public <T> ChannelSpec<T> in(Class<T> type) {
        return ChannelSpec.unbounded(prefix() + "in", type);
    }

    public ChannelSpec<long[]> done() {
        return ChannelSpec.unbounded(prefix() + "done", long[].class);
    }

    public <T> ChannelSpec<T> out(String port, Class<T> type) {
        return ChannelSpec.unbounded(prefix() + "out." + port, type);
    }
}
