package io.sluice.composite.internal;

import io.sluice.composite.Scheduler;
import io.sluice.composite.TransferListener;
import java.time.Duration;

/**
 * How a transfer runs; see {@code CompositeTransfer.Builder} for each option's meaning.
 */
public record TransferOptions(Scheduler scheduler, TransferListener listener, Duration progressInterval, Duration rescheduleInterval,
        Duration chunkTime, long windowBytes, int readWindowBytes, Duration probeTime, long probeBytes, Duration stallTimeout,
        Duration giveUpAfter, Duration connectTimeout, String token, boolean uniformStriping, long stripeTokens) {}
