package io.sluice.events;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** A TCP relay on loopback whose connections a test cuts at once, as a broken network would. */
public final class CuttableRelay implements AutoCloseable {
    private final ServerSocket listener;
    private final URI target;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final AtomicInteger refused = new AtomicInteger();
    private volatile boolean refusing;

    public CuttableRelay(URI target) throws IOException {
        this.target = target;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        start(this::accept);
    }

    public URI uri() {
        return URI.create(target.getScheme() + "://127.0.0.1:" + listener.getLocalPort());
    }

    private void accept() {
        try {
            while (true) {
                Socket client = listener.accept();
                if (refusing) {
                    client.close();
                    refused.incrementAndGet();
                    continue;
                }
                Socket server = new Socket(target.getHost(), target.getPort());
                sockets.add(client);
                sockets.add(server);
                start(() -> copy(client, server));
                start(() -> copy(server, client));
            }
        } catch (IOException e) {
            // closed
        }
    }

    private static void copy(Socket from, Socket to) {
        byte[] buffer = new byte[16 * 1024];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            int n;
            while ((n = in.read(buffer)) >= 0) {
                out.write(buffer, 0, n);
            }
        } catch (IOException e) {
            // cut
        }
    }

    private static void start(Runnable r) {
        Thread t = new Thread(r, "test-relay");
        t.setDaemon(true);
        t.start();
    }

    /** Cuts every connection; the server sees its clients gone, the clients their server. */
    public void cut() {
        for (Socket s : sockets) {
            try {
                s.close();
            } catch (IOException e) {
                // cutting
            }
        }
    }

    /**
     * Cuts every connection and from now on closes each new one at once, as a link that does not
     * come back: a client that noticed the cut and tried again is counted ({@link #awaitRefused}).
     */
    public void cutForGood() {
        refusing = true;
        cut();
    }

    /**
     * Waits until a client has tried to connect again after {@link #cutForGood()}: by then it
     * has seen the connection broken.
     *
     * @throws AssertionError if none tried within 30 seconds
     */
    public void awaitRefused() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (refused.get() == 0) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("no client tried to connect again through the relay within 30 s of the cut");
            }
            Thread.sleep(5);
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        cut();
    }
}
