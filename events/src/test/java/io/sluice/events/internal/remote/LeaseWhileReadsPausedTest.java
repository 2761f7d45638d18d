package io.sluice.events.internal.remote;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.events.EventChannels;
import io.sluice.remote.service.ServicePeer;
import io.sluice.remote.service.ServiceSession;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A lease is not lost to the server's own back-pressure: while the server does not read a
 * connection (its client does not read), the renewals the client sent may wait unread, so the
 * lease's clock stands still; it runs again once reads resume.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LeaseWhileReadsPausedTest {
    private static final long LEASE_MILLIS = 100;

    /** A stream whose reads the test pauses; it records whether the service failed it. */
    static final class Peer implements ServicePeer {
        volatile boolean paused;
        final CompletableFuture<String> failed = new CompletableFuture<>();

        @Override
        public String peer() {
            return "test-peer";
        }

        @Override
        public int maxMessage() {
            return 1 << 20;
        }

        @Override
        public void send(byte[] message) {}

        @Override
        public void fail(String reason) {
            failed.complete(reason);
        }

        @Override
        public boolean readsPaused() {
            return paused;
        }

        @Override
        public boolean isOpen() {
            return !failed.isDone();
        }
    }

    @Test
    void aLeaseDoesNotLapseWhileTheServerDoesNotReadTheConnection() throws Exception {
        HostedEvents hosted = new HostedEvents(EventChannels.builder(), LEASE_MILLIS);
        try {
            Peer peer = new Peer();
            peer.paused = true;
            ServiceSession session = hosted.open(peer);
            Thread.sleep(10 * LEASE_MILLIS); // ten leases without a renewal read, all while paused
            assertThat(peer.failed).as("the lease lapsed while the server did not read").isNotDone();

            peer.paused = false; // reads again, and reads no renewal: the lease lapses after its length
            assertThat(peer.failed.get(20, TimeUnit.SECONDS)).contains("lease", LEASE_MILLIS + " ms");
            session.closed();
        } finally {
            hosted.close();
        }
    }
}
