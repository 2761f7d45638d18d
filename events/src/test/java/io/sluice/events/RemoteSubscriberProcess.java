package io.sluice.events;

import io.sluice.events.TestEvents.Tick;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;

/**
 * A subscriber in a child JVM, for the lease tests: subscribes by the name given, with a queue of
 * one event, and a handler that never returns; prints {@code SUBSCRIBED} and waits to be killed
 * (or for its standard input to close).
 */
public final class RemoteSubscriberProcess {
    private RemoteSubscriberProcess() {}

    public static void main(String[] args) throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        try (EventChannels space = EventChannels.connect(URI.create(args[0]))) {
            space.subscribe("ticks", Tick.class, e -> never.await(),
                    SubscribeOptions.defaults().withName(args[1]).withQueue(1, Overflow.BLOCK));
            System.out.println("SUBSCRIBED");
            System.out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            while (in.readLine() != null) {
                // wait for the parent to go
            }
        }
    }
}
