package io.sluice.composite;

import io.sluice.composite.internal.SpecJson;
import java.io.IOException;
import java.io.Reader;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What an N-to-M transfer moves, as data: the Figure 2 of the Composite Endpoint Protocol paper.
 * A logical channel of tokens known by their seqs; senders, each a channel in a space that holds
 * some seq ranges of it (ranges of several senders may overlap: replicas); receivers, each a
 * channel in a space that wants some seq ranges. Read from JSON with {@link #read} (the format is
 * in {@code docs/composite.md}) or built with {@link #builder}.
 *
 * <p><b>Layout in the channels.</b> A sender's range {@code start-last} held {@code at} seq
 * {@code a} of its channel means its channel holds seq {@code start} at {@code a}, {@code start+1}
 * at {@code a+1} and so on; by default {@code a} is {@code start}, so a full replica of the
 * channel holds every seq at itself. A receiver's channel gets its wanted ranges in the order
 * listed, one after another from its seq 0: a receiver that wants {@code 0-99} and
 * {@code 500-599} ends with 200 tokens, seq 500 at 100.
 *
 * <p><b>Validation.</b> Building (and reading) checks everything that needs no network: unique
 * node names, ranges of one receiver that do not overlap, and that every wanted seq is held by
 * some sender; a problem is a {@link TransferSpecException} naming the node, field, ranges and,
 * for JSON, the file and line. Immutable and thread-safe.
 *
 * @param channel the logical channel's name (used in messages, and as the default name of each
 *     node's channel)
 * @param tokenType the class name of the channel's tokens, whose codec every node's channel uses
 * @param senders the senders, in order
 * @param receivers the receivers, in order
 */
public record TransferSpec(String channel, String tokenType, List<Sender> senders, List<Receiver> receivers) {

    /** The token type when a spec names none. */
    public static final String DEFAULT_TOKEN_TYPE = "java.lang.String";

    /**
     * A range a sender holds, at a seq of its own channel.
     *
     * @param range the global seqs
     * @param at the seq of its channel that holds {@code range.start()}
     */
    public record Held(SeqRange range, long at) {
        /** @throws IllegalArgumentException if {@code at} is negative */
        public Held {
            Objects.requireNonNull(range, "range");
            if (at < 0) {
                throw new IllegalArgumentException("range " + range + " is held at seq " + at + ", below 0");
            }
        }

        /** The seq of the sender's channel that holds the global {@code seq}. */
        public long local(long seq) {
            return at + (seq - range.start());
        }
    }

    /**
     * A sender: a channel in a space holding some ranges.
     *
     * @param name how messages, plans and progress name it
     * @param space the space's URI, {@code sluice://host:port}
     * @param channel the channel's name in that space
     * @param holds what it holds
     */
    public record Sender(String name, URI space, String channel, List<Held> holds) {
        /** Copies {@code holds}. */
        public Sender {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(space, "space");
            Objects.requireNonNull(channel, "channel");
            holds = List.copyOf(holds);
        }

        /** The held ranges, without where they are held. */
        public List<SeqRange> ranges() {
            return holds.stream().map(Held::range).toList();
        }

        /** Where this sender holds {@code seq}, or null if it does not. */
        public Held holding(long seq) {
            for (Held h : holds) {
                if (h.range().contains(seq)) {
                    return h;
                }
            }
            return null;
        }
    }

    /**
     * A receiver: a channel in a space that gets some ranges.
     *
     * @param name how messages, plans and progress name it
     * @param space the space's URI, {@code sluice://host:port}
     * @param channel the channel's name in that space
     * @param wants the ranges, in the order its channel gets them
     */
    public record Receiver(String name, URI space, String channel, List<SeqRange> wants) {
        /** Copies {@code wants}. */
        public Receiver {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(space, "space");
            Objects.requireNonNull(channel, "channel");
            wants = List.copyOf(wants);
        }

        /** How many tokens its channel gets. */
        public long wanted() {
            long n = 0;
            for (SeqRange r : wants) {
                n += r.size();
            }
            return n;
        }
    }

    /**
     * Checks the spec as the class comment says.
     *
     * @throws TransferSpecException naming what is wrong
     */
    public TransferSpec {
        Objects.requireNonNull(channel, "channel");
        Objects.requireNonNull(tokenType, "tokenType");
        senders = List.copyOf(senders);
        receivers = List.copyOf(receivers);
        validate(senders, receivers);
    }

    private static void validate(List<Sender> senders, List<Receiver> receivers) {
        if (senders.isEmpty()) {
            throw new TransferSpecException("the transfer has no senders");
        }
        if (receivers.isEmpty()) {
            throw new TransferSpecException("the transfer has no receivers");
        }
        Set<String> names = new HashSet<>();
        for (Sender s : senders) {
            if (!names.add(s.name())) {
                throw new TransferSpecException("two nodes are named '" + s.name() + "'");
            }
            if (s.holds().isEmpty()) {
                throw new TransferSpecException("sender '" + s.name() + "' holds no ranges");
            }
        }
        Set<List<Object>> written = new HashSet<>();
        for (Receiver r : receivers) {
            if (!written.add(List.of(r.space(), r.channel()))) {
                throw new TransferSpecException("receiver '" + r.name() + "' writes channel '" + r.channel() + "' of " + r.space()
                        + ", as another receiver does; a channel has one writer");
            }
            if (!names.add(r.name())) {
                throw new TransferSpecException("two nodes are named '" + r.name() + "'");
            }
            if (r.wants().isEmpty()) {
                throw new TransferSpecException("receiver '" + r.name() + "' wants no ranges");
            }
            List<SeqRange> sorted = new ArrayList<>(r.wants());
            sorted.sort(null);
            for (int i = 1; i < sorted.size(); i++) {
                if (sorted.get(i).overlaps(sorted.get(i - 1))) {
                    throw new TransferSpecException("receiver '" + r.name() + "' wants seqs twice: " + sorted.get(i - 1) + " and "
                            + sorted.get(i) + " overlap");
                }
            }
        }
        List<SeqRange> held = new ArrayList<>();
        senders.forEach(s -> held.addAll(s.ranges()));
        Map<SeqRange, List<String>> missing = new LinkedHashMap<>();
        for (Receiver r : receivers) {
            for (SeqRange gap : SeqRanges.minus(r.wants(), held)) {
                missing.computeIfAbsent(gap, g -> new ArrayList<>()).add(r.name());
            }
        }
        if (!missing.isEmpty()) {
            StringBuilder b = new StringBuilder("no sender holds ");
            String sep = "";
            for (Map.Entry<SeqRange, List<String>> e : missing.entrySet()) {
                b.append(sep).append(e.getKey()).append(" (wanted by ").append(String.join(", ", e.getValue())).append(')');
                sep = "; ";
            }
            throw new TransferSpecException(b.toString());
        }
    }

    /** The sender named {@code name}, or null. */
    public Sender sender(String name) {
        return senders.stream().filter(s -> s.name().equals(name)).findFirst().orElse(null);
    }

    /** The receiver named {@code name}, or null. */
    public Receiver receiver(String name) {
        return receivers.stream().filter(r -> r.name().equals(name)).findFirst().orElse(null);
    }

    /** How many tokens all receivers get together. */
    public long wantedTokens() {
        long n = 0;
        for (Receiver r : receivers) {
            n += r.wanted();
        }
        return n;
    }

    /**
     * Reads a spec from a JSON file.
     *
     * @throws IOException if the file cannot be read
     * @throws TransferSpecException naming the file, line and field if the spec is malformed or
     *     cannot be satisfied
     */
    public static TransferSpec read(Path file) throws IOException {
        return SpecJson.read(file);
    }

    /**
     * Reads a spec from JSON text; {@code sourceName} names it in messages. The reader is not
     * closed.
     *
     * @throws TransferSpecException as {@link #read(Path)}
     */
    public static TransferSpec read(Reader json, String sourceName) {
        return SpecJson.read(json, sourceName);
    }

    /** A builder of a spec for the logical channel {@code channel}. */
    public static Builder builder(String channel) {
        return new Builder(channel);
    }

    /** Builds a {@link TransferSpec}; not thread-safe. */
    public static final class Builder {
        private final String channel;
        private String tokenType = DEFAULT_TOKEN_TYPE;
        private final List<Sender> senders = new ArrayList<>();
        private final List<Receiver> receivers = new ArrayList<>();

        private Builder(String channel) {
            this.channel = Objects.requireNonNull(channel, "channel");
        }

        /** The class of the channel's tokens; {@code java.lang.String} by default. */
        public Builder tokenType(Class<?> type) {
            this.tokenType = type.getName();
            return this;
        }

        /** A sender whose channel in {@code space} is named as the logical channel and holds each range at its own seqs. */
        public Builder sender(String name, URI space, SeqRange... holds) {
            return sender(name, space, channel, java.util.Arrays.stream(holds).map(r -> new Held(r, r.start())).toList());
        }

        /** A sender. */
        public Builder sender(String name, URI space, String channel, List<Held> holds) {
            senders.add(new Sender(name, space, channel, holds));
            return this;
        }

        /** A receiver. */
        public Builder receiver(String name, URI space, String channel, SeqRange... wants) {
            receivers.add(new Receiver(name, space, channel, List.of(wants)));
            return this;
        }

        /**
         * The spec.
         *
         * @throws TransferSpecException if it is not valid
         */
        public TransferSpec build() {
            return new TransferSpec(channel, tokenType, senders, receivers);
        }
    }
}
