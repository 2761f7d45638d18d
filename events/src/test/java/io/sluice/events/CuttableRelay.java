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

/** A TCP relay on loopback whose connections a test cuts at once, as a broken network would. */
public final class CuttableRelay implements AutoCloseable {
    private final ServerSocket listener;
    private final URI target;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

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

    @Override
    public void close() throws IOException {
        listener.close();
        cut();
    }
}
