package io.sluice.composite;

import io.sluice.composite.internal.Engine;
import io.sluice.composite.internal.TransferOptions;
import java.io.IOException;
import java.time.Duration;
import java.util.Objects;

/**
 * Runs a {@link TransferSpec}: moves every seq each receiver wants from a sender that holds it,
 * weighting by the measured capacity of every sender, and surviving a lost sender while a replica
 * of its ranges lives.
 *
 * <p><b>How.</b> This process connects to every node's space: it reads the senders' channels and
 * writes the receivers' (every token passes through it). First a short probe reads from each
 * sender to measure its rate (and checks that its channel holds the ranges it declares); the
 * {@link Scheduler} makes a schedule from those rates; then a thread per sender takes chunks of
 * the receivers' wants, sized by its rate, while a thread per receiver writes them in seq order.
 * Rates are measured again as the data moves and the rest is rescheduled every second, so a node
 * that slows down gets less; a chunk a much slower sender is late with is also read from a faster
 * holder. Memory: at most the reorder window ({@link Builder#windowBytes}) of tokens per
 * receiver are held between being read and written, and a quarter of it (at least 64 KiB, at
 * most 16 MiB) between being written and stored by the receiver's space.
 *
 * <p><b>Exactly once, resumable.</b> A receiver's channel is written in seq order and gets each
 * wanted seq once; a receiver whose channel already holds some of its wants (an earlier run that
 * stopped) gets only the rest. A receiver that got everything has its stream ended.
 *
 * <p><b>Failures.</b> A sender whose space or link fails (after the connection's retries,
 * {@link Builder#giveUpAfter}) or that sends nothing for {@link Builder#stallTimeout} is dropped:
 * its unfinished chunks go to other holders. A range no surviving sender holds is left, everything
 * else is moved, and then {@link #run} throws {@link TransferIncompleteException} naming each
 * receiver's missing ranges and the failed nodes. A receiver's channel cannot be written past a
 * missing seq, so what it wants after one is not written either.
 *
 * <p><b>Threads and ownership.</b> {@link #run} and {@link #plan} block the calling thread; the
 * threads and connections they open are all closed before they return, also when they fail or are
 * interrupted. The listener is called on the calling thread. An instance may run once.
 */
public final class CompositeTransfer {
    private final TransferSpec spec;
    private final TransferOptions options;
    private boolean ran;

    private CompositeTransfer(TransferSpec spec, TransferOptions options) {
        this.spec = spec;
        this.options = options;
    }

    /** A builder of a transfer of {@code spec}. */
    public static Builder builder(TransferSpec spec) {
        return new Builder(spec);
    }

    /** The spec it runs. */
    public TransferSpec spec() {
        return spec;
    }

    /**
     * Probes the senders and makes the schedule of the whole transfer, moving no data (the probe
     * reads a little from each sender and drops it).
     *
     * @throws IOException naming the ranges if the senders that answered do not hold every wanted
     *     seq, and the senders that did not answer
     */
    public Schedule plan() throws IOException, InterruptedException {
        return new Engine(spec, options).plan();
    }

    /**
     * Moves the data.
     *
     * @return how it went, when every receiver got everything it wants
     * @throws TransferIncompleteException if some wanted seqs could not be moved, after
     *     everything else was
     * @throws IllegalArgumentException if the token type has no class or codec here
     * @throws IllegalStateException if run twice
     */
    public synchronized TransferSummary run() throws IOException, InterruptedException {
        if (ran) {
            throw new IllegalStateException("transfer of '" + spec.channel() + "' has already run");
        }
        ran = true;
        return new Engine(spec, options).run();
    }

    /** Builds a {@link CompositeTransfer}; not thread-safe. */
    public static final class Builder {
        private final TransferSpec spec;
        private Scheduler scheduler = Scheduler.greedy();
        private TransferListener listener;
        private Duration progressInterval = Duration.ofMillis(500);
        private Duration rescheduleInterval = Duration.ofSeconds(1);
        private Duration chunkTime = Duration.ofMillis(250);
        private long windowBytes = 32L << 20;
        private int readWindowBytes = 64 << 10;
        private Duration probeTime = Duration.ofMillis(300);
        private long probeBytes = 4L << 20;
        private Duration stallTimeout = Duration.ofSeconds(10);
        private Duration giveUpAfter = Duration.ofSeconds(3);
        private Duration connectTimeout = Duration.ofSeconds(5);
        private String token;
        private boolean uniform;
        private long stripeTokens = 1024;

        private Builder(TransferSpec spec) {
            this.spec = Objects.requireNonNull(spec, "spec");
        }

        /** The scheduler; {@link Scheduler#greedy()} by default. */
        public Builder scheduler(Scheduler scheduler) {
            this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
            return this;
        }

        /** Who hears progress and the end; none by default. */
        public Builder listener(TransferListener listener) {
            this.listener = listener;
            return this;
        }

        /** How often progress is reported and rates measured; 500 ms by default. */
        public Builder progressInterval(Duration d) {
            this.progressInterval = positive(d, "progressInterval");
            return this;
        }

        /** How often what is left is rescheduled from measured rates; 1 s by default. */
        public Builder rescheduleInterval(Duration d) {
            this.rescheduleInterval = positive(d, "rescheduleInterval");
            return this;
        }

        /** About how long a sender takes to read one chunk at its measured rate; 250 ms by default. */
        public Builder chunkTime(Duration d) {
            this.chunkTime = positive(d, "chunkTime");
            return this;
        }

        /**
         * The bytes of tokens per receiver that may be read and not yet written, which bounds the
         * transfer's memory; 32 MiB by default.
         */
        public Builder windowBytes(long bytes) {
            if (bytes < 1024) {
                throw new IllegalArgumentException("a reorder window of " + bytes + " bytes is less than 1024");
            }
            this.windowBytes = bytes;
            return this;
        }

        /**
         * The read window of each sender's connection ({@code RemoteChannels.Options.readWindow}):
         * a larger one suits a link with a long round trip, and costs up to as many bytes read and
         * dropped when a sender moves to a chunk that does not follow its last; 64 KiB by default.
         */
        public Builder readWindowBytes(int bytes) {
            this.readWindowBytes = bytes;
            return this;
        }

        /** How long the probe reads from each sender; 300 ms by default. */
        public Builder probeTime(Duration d) {
            this.probeTime = positive(d, "probeTime");
            return this;
        }

        /** How long a sender may send nothing while it has a chunk before it counts as failed; 10 s by default. */
        public Builder stallTimeout(Duration d) {
            this.stallTimeout = positive(d, "stallTimeout");
            return this;
        }

        /** How long a broken connection to a node is tried again before the node counts as failed; 3 s by default. */
        public Builder giveUpAfter(Duration d) {
            this.giveUpAfter = positive(d, "giveUpAfter");
            return this;
        }

        /** How long connecting to a node may take; 5 s by default. */
        public Builder connectTimeout(Duration d) {
            this.connectTimeout = positive(d, "connectTimeout");
            return this;
        }

        /** The spaces' shared token; none by default. */
        public Builder token(String token) {
            this.token = Objects.requireNonNull(token, "token");
            return this;
        }

        /**
         * Uniform striping instead of scheduling by capacity, for comparison: each receiver's wants
         * are cut into stripes of {@code stripeTokens} tokens dealt to their holders in turn,
         * whatever their speed, as a striped transfer without a scheduler does.
         */
        public Builder uniformStriping(long stripeTokens) {
            if (stripeTokens < 1) {
                throw new IllegalArgumentException("stripes of " + stripeTokens + " tokens");
            }
            this.uniform = true;
            this.stripeTokens = stripeTokens;
            return this;
        }

        /** The transfer. */
        public CompositeTransfer build() {
            return new CompositeTransfer(spec, new TransferOptions(scheduler, listener, progressInterval, rescheduleInterval, chunkTime,
                    windowBytes, readWindowBytes, probeTime, probeBytes, stallTimeout, giveUpAfter, connectTimeout, token, uniform,
                    stripeTokens));
        }

        private static Duration positive(Duration d, String what) {
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException(what + " must be positive, was " + d);
            }
            return d;
        }
    }
}
