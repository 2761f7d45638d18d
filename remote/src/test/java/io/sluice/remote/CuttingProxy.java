package io.sluice.remote;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP proxy on loopback between clients and a server, that can cut every connection through it
 * at once ({@link #cut()}), as a dropped link does. A thread per direction per connection; all end
 * with {@link #close()}.
 */
final class CuttingProxy implements AutoCloseable {
    private final ServerSocket listener;
    private final InetSocketAddress target;
    private final List<Socket> sockets = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final AtomicLong bytes = new AtomicLong();
    private final AtomicLong accepted = new AtomicLong();
    private final java.util.concurrent.atomic.AtomicLongArray sentFrames = new java.util.concurrent.atomic.AtomicLongArray(256);
    private volatile boolean closed;
    /** Byte counts at which to cut, ascending; the next is at {@link #nextCut}. */
    private long[] cutAt = new long[0];
    private int nextCut;
    private int cuts;

    CuttingProxy(InetSocketAddress target) throws IOException {
        this.target = target;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        start(this::accept, "proxy-accept");
    }

    /** The proxy's address as a space URI. */
    URI uri() {
        return URI.create("sluice://127.0.0.1:" + listener.getLocalPort());
    }

    /** Connections accepted so far. */
    long accepted() {
        return accepted.get();
    }

    /** Bytes forwarded so far, both ways. */
    long bytes() {
        return bytes.get();
    }

    private void start(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        synchronized (threads) {
            threads.add(t);
        }
        t.start();
    }

    private void accept() {
        while (!closed) {
            try {
                Socket client = listener.accept();
                accepted.incrementAndGet();
                Socket server = new Socket(target.getAddress(), target.getPort());
                synchronized (sockets) {
                    sockets.add(client);
                    sockets.add(server);
                }
                start(() -> pump(client, server, new FrameCounter()), "proxy-up");
                start(() -> pump(server, client, null), "proxy-down");
            } catch (IOException e) {
                if (!closed) {
                    continue;
                }
                return;
            }
        }
    }

    private void pump(Socket from, Socket to, FrameCounter counter) {
        byte[] buf = new byte[16 << 10];
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            int n;
            while ((n = in.read(buf)) > 0) {
                if (counter != null) {
                    counter.count(buf, n);
                }
                out.write(buf, 0, n);
                cutIfDue(bytes.addAndGet(n));
            }
        } catch (IOException e) {
            // cut, or the other side closed
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    /** Frames of the type {@code code} that clients sent through the proxy so far (TLS aside). */
    long framesSent(int code) {
        return sentFrames.get(code & 0xFF);
    }

    /** Follows the frame headers of one client's bytes, counting frames by type. */
    private final class FrameCounter {
        private final byte[] header = new byte[12];
        private int inHeader;
        private long payloadLeft;

        void count(byte[] buf, int n) {
            int i = 0;
            while (i < n) {
                if (payloadLeft > 0) {
                    int skip = (int) Math.min(payloadLeft, n - i);
                    payloadLeft -= skip;
                    i += skip;
                    continue;
                }
                header[inHeader++] = buf[i++];
                if (inHeader == header.length) {
                    inHeader = 0;
                    sentFrames.incrementAndGet(header[3] & 0xFF);
                    payloadLeft = ((header[8] & 0xFFL) << 24) | ((header[9] & 0xFF) << 16) | ((header[10] & 0xFF) << 8) | (header[11] & 0xFF);
                }
            }
        }
    }

    /** Cuts every connection once the bytes forwarded (both ways) pass each of {@code thresholds}. */
    synchronized void cutAtBytes(long[] thresholds) {
        cutAt = thresholds.clone();
        java.util.Arrays.sort(cutAt);
        nextCut = 0;
    }

    /** How many cuts {@link #cutAtBytes} made. */
    synchronized int cuts() {
        return cuts;
    }

    private synchronized void cutIfDue(long total) {
        if (nextCut < cutAt.length && total >= cutAt[nextCut]) {
            while (nextCut < cutAt.length && total >= cutAt[nextCut]) {
                nextCut++;
            }
            cuts++;
            cut();
        }
    }

    /** Cuts every connection through the proxy now; new ones are accepted. */
    void cut() {
        synchronized (sockets) {
            sockets.forEach(CuttingProxy::closeQuietly);
            sockets.clear();
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        closed = true;
        listener.close();
        cut();
        List<Thread> all;
        synchronized (threads) {
            all = new ArrayList<>(threads);
        }
        for (Thread t : all) {
            t.join(5000);
        }
    }
}
