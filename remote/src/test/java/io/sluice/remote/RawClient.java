package io.sluice.remote;

import io.sluice.remote.internal.FrameType;
import io.sluice.remote.internal.Wire;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A client of a space server that speaks the protocol by hand over a plain socket, so that tests
 * can send what {@link RemoteChannels} never would. Every read waits at most a given time. Open
 * clients are tracked so that a test's timeout can close them all ({@link #closeAll()}), which
 * ends any read blocked on them.
 */
final class RawClient implements AutoCloseable {
    private static final Set<RawClient> OPEN = ConcurrentHashMap.newKeySet();

    /** The type and codec of String tokens, as a well-behaved client names them. */
    static final String STRING_TYPE = String.class.getName();
    static final String STRING_CODEC = "string";

    /** A frame as received: type code, stream and payload. */
    record RawFrame(int type, int stream, byte[] payload) {
        ByteBuffer body() {
            return ByteBuffer.wrap(payload);
        }

        boolean is(FrameType t) {
            return type == t.code;
        }

        /** An ERROR frame's code. */
        int errorCode() {
            return body().getShort() & 0xFFFF;
        }

        /** An ERROR frame's message. */
        String errorMessage() {
            ByteBuffer b = body();
            b.getShort();
            int n = b.getShort() & 0xFFFF;
            return new String(payload, b.position(), n, StandardCharsets.UTF_8);
        }

        @Override
        public String toString() {
            return "frame type 0x" + Integer.toHexString(type) + " stream " + stream + " (" + payload.length + " bytes)";
        }
    }

    private final Socket socket;
    private final DataInputStream in;
    private final DataOutputStream out;

    RawClient(InetSocketAddress server) throws IOException {
        socket = new Socket();
        OPEN.add(this);
        try {
            socket.connect(server, 5_000);
            socket.setTcpNoDelay(true);
            in = new DataInputStream(socket.getInputStream());
            out = new DataOutputStream(socket.getOutputStream());
        } catch (IOException e) {
            close();
            throw e;
        }
    }

    /** Connects and makes the handshake with {@code token} (or none); fails unless WELCOMEd. */
    static RawClient welcomed(InetSocketAddress server, String token) throws IOException {
        RawClient c = new RawClient(server);
        try {
            c.send(FrameType.HELLO.code, 0, hello(token == null ? "" : token));
            RawFrame f = c.read(30_000);
            if (f == null || !f.is(FrameType.WELCOME)) {
                throw new IOException("no WELCOME but " + (f == null ? "the end of the connection" : f));
            }
            return c;
        } catch (IOException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    /** A HELLO payload: versions 1 to 1, frames up to 1 MiB, the token, a client name. */
    static byte[] hello(String token) {
        return payload(o -> {
            o.writeByte(Wire.MIN_VERSION);
            o.writeByte(Wire.MAX_VERSION);
            o.writeInt(Wire.DEFAULT_MAX_FRAME);
            string(o, token);
            string(o, "raw-test-client");
        });
    }

    /** An OPEN payload. */
    static byte[] open(int role, String name, String type, String codec, long from) {
        return payload(o -> {
            o.writeByte(role);
            string(o, name);
            string(o, type);
            string(o, codec);
            o.writeLong(from);
        });
    }

    /** A DATA payload of {@code tokens}, each as a varint length and its bytes. */
    static byte[] data(long first, byte[]... tokens) {
        return payload(o -> {
            o.writeLong(first);
            o.writeInt(tokens.length);
            for (byte[] t : tokens) {
                int v = t.length;
                while ((v & ~0x7F) != 0) {
                    o.writeByte((v & 0x7F) | 0x80);
                    v >>>= 7;
                }
                o.writeByte(v);
                o.write(t);
            }
        });
    }

    /** A payload of one string. */
    static byte[] stringPayload(String s) {
        return payload(o -> string(o, s));
    }

    static byte[] intPayload(int v) {
        return ByteBuffer.allocate(4).putInt(v).array();
    }

    static byte[] longPayload(long v) {
        return ByteBuffer.allocate(8).putLong(v).array();
    }

    static void string(DataOutputStream o, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        o.writeShort(b.length);
        o.write(b);
    }

    interface Writing {
        void write(DataOutputStream o) throws IOException;
    }

    static byte[] payload(Writing w) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream o = new DataOutputStream(bytes)) {
            w.write(o);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** A whole frame: the header, with the payload's true length, and the payload. */
    static byte[] frame(int type, int stream, byte[] payload) {
        return ByteBuffer.allocate(Wire.HEADER + payload.length)
                .putShort((short) Wire.MAGIC)
                .put((byte) Wire.MAX_VERSION)
                .put((byte) type)
                .putInt(stream)
                .putInt(payload.length)
                .put(payload)
                .array();
    }

    void send(int type, int stream, byte[] payload) throws IOException {
        sendRaw(frame(type, stream, payload));
    }

    void sendRaw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** Sends what it can of {@code bytes}: false if the server closed the connection meanwhile. */
    boolean trySend(byte[] bytes) {
        try {
            sendRaw(bytes);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The next frame, or null at the end of the connection (or its reset).
     *
     * @throws SocketTimeoutException if none comes within {@code millis}
     */
    RawFrame read(int millis) throws IOException {
        socket.setSoTimeout(millis);
        try {
            if (in.readUnsignedShort() != Wire.MAGIC) {
                throw new IOException("the server sent something that is not a frame");
            }
            in.readUnsignedByte();
            int type = in.readUnsignedByte();
            int stream = in.readInt();
            int length = in.readInt();
            if (length < 0 || length > Wire.MAX_FRAME_LIMIT) {
                throw new IOException("the server sent a frame of " + length + " bytes");
            }
            byte[] payload = new byte[length];
            in.readFully(payload);
            return new RawFrame(type, stream, payload);
        } catch (EOFException e) {
            return null;
        } catch (SocketException e) {
            if (socket.isClosed()) {
                throw e; // closed here, by a timeout
            }
            return null; // reset by the server
        }
    }

    /**
     * Reads until the server closes the connection, within {@code millis}; returns the first
     * ERROR frame it sent on stream 0, or null if none.
     *
     * @throws AssertionError if the connection is still open after {@code millis}
     */
    RawFrame awaitClosed(long millis) throws IOException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        RawFrame error = null;
        while (true) {
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                throw new AssertionError("the server did not close the connection within " + millis + " ms");
            }
            RawFrame f;
            try {
                f = read((int) left);
            } catch (SocketTimeoutException e) {
                throw new AssertionError("the server did not close the connection within " + millis + " ms");
            }
            if (f == null) {
                return error;
            }
            if (error == null && f.is(FrameType.ERROR) && f.stream() == 0) {
                error = f;
            }
        }
    }

    @Override
    public void close() {
        OPEN.remove(this);
        try {
            socket.close();
        } catch (IOException e) {
            // closing anyway
        }
    }

    /** Closes every open raw client, ending the reads blocked on them. */
    static void closeAll() {
        for (RawClient c : OPEN) {
            c.close();
        }
    }
}
