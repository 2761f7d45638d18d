package io.sluice.events;

/**
 * Where a subscription starts on its channel. Only a persistent channel keeps events to start
 * from; on a transient one every start but {@link #now()} and {@link #afterAcknowledged()} is
 * refused.
 */
public final class Start {
    private static final Start NOW = new Start(Kind.NOW, -1);
    private static final Start BEGINNING = new Start(Kind.SEQ, 0);
    private static final Start ACKNOWLEDGED = new Start(Kind.ACKNOWLEDGED, -1);

    /** The kinds of start. */
    public enum Kind {
        /** The next event published. */
        NOW,
        /** A given seq. */
        SEQ,
        /** After the last event the subscription (by its name) acknowledged, or now if none. */
        ACKNOWLEDGED
    }

    private final Kind kind;
    private final long seq;

    private Start(Kind kind, long seq) {
        this.kind = kind;
        this.seq = seq;
    }

    /** With the next event published: none published before the subscription is received. */
    public static Start now() {
        return NOW;
    }

    /** With the first event kept (seq 0 unless a retention step removed older ones). */
    public static Start beginning() {
        return BEGINNING;
    }

    /**
     * With event {@code seq}; a seq beyond the last event published waits for it.
     *
     * @throws IllegalArgumentException if {@code seq} is negative
     */
    public static Start at(long seq) {
        if (seq < 0) {
            throw new IllegalArgumentException("a subscription cannot start at a negative seq: " + seq);
        }
        return seq == 0 ? BEGINNING : new Start(Kind.SEQ, seq);
    }

    /**
     * After the last event acknowledged under the subscription's name ({@link
     * Subscription#acknowledge}), kept by a persistent channel across openings of its space; now
     * if the name acknowledged none. The default.
     */
    public static Start afterAcknowledged() {
        return ACKNOWLEDGED;
    }

    /** The kind of start. */
    public Kind kind() {
        return kind;
    }

    /** The seq of a {@link Kind#SEQ} start, else -1. */
    public long seq() {
        return seq;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Start s && s.kind == kind && s.seq == seq;
    }

    @Override
    public int hashCode() {
        return kind.hashCode() * 31 + Long.hashCode(seq);
    }

    @Override
    public String toString() {
        return switch (kind) {
            case NOW -> "now";
            case SEQ -> "seq " + seq;
            case ACKNOWLEDGED -> "after acknowledged";
        };
    }
}
