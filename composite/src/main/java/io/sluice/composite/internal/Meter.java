package io.sluice.composite.internal;

/**
 * One node's counters: tokens and bytes moved and the time spent moving them, written by the
 * node's thread, read by the monitor thread for rates. Thread-safe.
 */
final class Meter {
    private volatile long tokens;
    private volatile long bytes;
    private volatile long busyNanos;
    private long lastTokens;
    private long lastBytes;
    private long lastBusy;
    private long lastNanos = System.nanoTime();
    private double tokenRate;
    private double byteRate;
    private double recentBytes;

    /** On the node's thread. */
    void add(long t, long b) {
        tokens += t; // one writer thread
        bytes += b;
    }

    /** On the node's thread: time spent reading or writing. */
    void busy(long nanos) {
        busyNanos += nanos;
    }

    /**
     * On the node's thread: it waits, since {@code nanoTime}, for what it will count with
     * {@link #busy} (0: it waits for nothing). The wait counts as busy time already, so that a
     * node that stopped sending shows a falling rate before its next token.
     */
    void waitingSince(long nanoTime) {
        waitingSince = nanoTime;
    }

    private volatile long waitingSince;

    long tokens() {
        return tokens;
    }

    long bytes() {
        return bytes;
    }

    /**
     * On the monitor thread: updates the rates from what moved since the last call. The capacity
     * ({@link #tokenRate()}) counts busy time only, so an idle node's stays as it was; the recent
     * rate ({@link #recentBytesPerSecond()}) counts wall time.
     */
    void tick() {
        long t = tokens;
        long b = bytes;
        long now = System.nanoTime();
        long since = waitingSince;
        long busy = busyNanos + (since == 0 ? 0 : Math.max(0, now - since));
        long dBusy = busy - lastBusy;
        long dWall = now - lastNanos;
        if (dBusy > 20_000_000L) {
            double tr = (t - lastTokens) / (dBusy / 1e9);
            double br = (b - lastBytes) / (dBusy / 1e9);
            tokenRate = tokenRate == 0 ? tr : 0.5 * tokenRate + 0.5 * tr;
            byteRate = byteRate == 0 ? br : 0.5 * byteRate + 0.5 * br;
            lastTokens = t;
            lastBytes = b;
            lastBusy = busy;
        }
        if (dWall > 0) {
            recentBytes = (b - lastWallBytes) / (dWall / 1e9);
            lastWallBytes = b;
            lastNanos = now;
        }
    }

    private long lastWallBytes;

    /**
     * On the monitor thread: a rate the node was seen to reach, so its capacity is at least that;
     * raises a capacity seeded or measured below it (a probe that underestimated, say). Does
     * nothing to a capacity not known yet.
     */
    void atLeast(double tokensPerSecond, double bytesPerSecond) {
        if (tokenRate > 0 && tokensPerSecond > tokenRate) {
            tokenRate = tokensPerSecond;
            byteRate = Math.max(byteRate, bytesPerSecond);
        }
    }

    /** Seeds the capacity, from the probe. */
    void seed(double tokensPerSecond, double bytesPerSecond) {
        tokenRate = tokensPerSecond;
        byteRate = bytesPerSecond;
    }

    /** Tokens per second while busy; 0 until measured. */
    double tokenRate() {
        return tokenRate;
    }

    /** Bytes per second while busy; 0 until measured. */
    double byteRate() {
        return byteRate;
    }

    /** Bytes per second of wall time between the last two ticks. */
    double recentBytesPerSecond() {
        return recentBytes;
    }

    /** Bytes per second of busy time over the whole transfer. */
    double meanBytesPerSecond() {
        long busy = busyNanos;
        return busy <= 0 ? 0 : bytes / (busy / 1e9);
    }
}
