package io.sluice.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP relay on loopback that counts the bytes it carries each way: a client connects to {@link
 * #uri()} instead of the server's address, and the relay copies both directions (two threads per
 * connection), so that a benchmark reads the bytes that crossed the wire. Closing it closes every
 * connection and its threads.
 */
final class CountingRelay implements AutoCloseable {
    private final ServerSocket listener;
    private final URI target;
    private final AtomicLong toClient = new AtomicLong();
    private final AtomicLong toServer = new AtomicLong();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final List<Thread> threads = new CopyOnWriteArrayList<>();
    private volatile boolean closed;

    CountingRelay(URI target) throws IOException {
        this.target = target;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        thread("relay-accept", this::accept);
    }

    /** The address a client connects to: the target's, with the relay's port. */
    URI uri() {
        return URI.create(target.getScheme() + "://127.0.0.1:" + listener.getLocalPort());
    }

    /** Bytes carried from the server to its clients so far. */
    long toClient() {
        return toClient.get();
    }

    /** Bytes carried from the clients to the server so far. */
    long toServer() {
        return toServer.get();
    }

    private void accept() {
        while (!closed) {
            try {
                Socket client = listener.accept();
                client.setTcpNoDelay(true);
                Socket server = new Socket(target.getHost(), target.getPort());
                server.setTcpNoDelay(true);
                sockets.add(client);
                sockets.add(server);
                thread("relay-to-server", () -> copy(client, server, toServer));
                thread("relay-to-client", () -> copy(server, client, toClient));
            } catch (IOException e) {
                if (!closed) {
                    System.err.println("relay to " + target + ": " + e.getMessage());
                }
                return;
            }
        }
    }

    private static void copy(Socket from, Socket to, AtomicLong count) {
        byte[] buffer = new byte[64 * 1024];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            int n;
            while ((n = in.read(buffer)) >= 0) {
                out.write(buffer, 0, n);
                count.addAndGet(n);
            }
        } catch (IOException e) {
            // one side closed: close the other too
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private void thread(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        threads.add(t);
        t.start();
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            // closing
        }
    }

    @Override
    public void close() throws InterruptedException {
        closed = true;
        closeQuietly(listener);
        sockets.forEach(CountingRelay::closeQuietly);
        for (Thread t : threads) {
            t.join(5_000);
        }
    }
}
