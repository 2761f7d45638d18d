package io.sluice.events.internal.remote;

import io.sluice.events.ChannelInfo;
import io.sluice.events.Durability;
import io.sluice.records.RecordFormat;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The messages of the event service's sub-protocol, each the payload of one SERVICE frame: a kind
 * byte, then its fields (big-endian; strings as an int length and UTF-8 bytes; a null string as
 * length -1).
 */
final class Msg {
    // client to server; each but CREDIT, ACK and RENEW is answered by a REPLY with its request id
    static final int DECLARE = 1;
    static final int PUB_OPEN = 2;
    static final int PUBLISH = 3;
    static final int PUB_CLOSE = 4;
    static final int SUB_OPEN = 5;
    static final int SUB_FILTER = 6;
    static final int SUB_BLOCK = 7;
    static final int SUB_UNBLOCK = 8;
    static final int SUB_ACK = 9;
    static final int SUB_CREDIT = 10;
    static final int SUB_CANCEL = 11;
    static final int LIST = 12;
    static final int RENEW = 13;
    // server to client
    static final int REPLY = 20;
    static final int EVENT = 21;
    static final int SUB_ENDED = 22;
    static final int LEASE = 23;
    static final int SUB_FAILED = 24;
    /** A part of a LIST answer too large for one message; the REPLY that follows has the last part. */
    static final int REPLY_PART = 25;

    // the kinds of error in a REPLY
    static final int E_ARGUMENT = 1;
    static final int E_FILTER = 2;
    static final int E_STATE = 3;
    static final int E_OTHER = 4;

    private Msg() {}

    /** Builds one message. */
    static final class Out {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
        private final DataOutputStream out = new DataOutputStream(bytes);

        Out(int kind) {
            b(kind);
        }

        Out b(int v) {
            try {
                out.writeByte(v);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        Out i(int v) {
            try {
                out.writeInt(v);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        Out l(long v) {
            try {
                out.writeLong(v);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        Out s(String v) {
            if (v == null) {
                return i(-1);
            }
            byte[] b = v.getBytes(StandardCharsets.UTF_8);
            i(b.length);
            return raw(b);
        }

        Out raw(byte[] b) {
            bytes.write(b, 0, b.length);
            return this;
        }

        Out info(ChannelInfo c) {
            s(c.name()).s(c.format().toJson()).b(c.durability().ordinal()).l(c.published()).i(c.publishers().size());
            c.publishers().forEach(f -> s(f.toJson()));
            i(c.subscriptions().size());
            c.subscriptions().forEach(this::s);
            return this;
        }

        byte[] bytes() {
            return bytes.toByteArray();
        }
    }

    /** Reads one message; a message cut short throws {@link IllegalArgumentException}. */
    static final class In {
        private final byte[] message;
        private final DataInputStream in;

        In(byte[] message) {
            this.message = message;
            this.in = new DataInputStream(new java.io.ByteArrayInputStream(message));
        }

        int b() {
            try {
                return in.readUnsignedByte();
            } catch (IOException e) {
                throw cut();
            }
        }

        int i() {
            try {
                return in.readInt();
            } catch (IOException e) {
                throw cut();
            }
        }

        long l() {
            try {
                return in.readLong();
            } catch (IOException e) {
                throw cut();
            }
        }

        String s() {
            int n = i();
            if (n < 0) {
                return null;
            }
            return new String(bytes(n), StandardCharsets.UTF_8);
        }

        byte[] bytes(int n) {
            try {
                if (n > in.available()) {
                    throw cut();
                }
                byte[] b = new byte[n];
                in.readFully(b);
                return b;
            } catch (IOException e) {
                throw cut();
            }
        }

        /** True if the message has more to read (a field a newer peer adds at the end). */
        boolean more() {
            try {
                return in.available() > 0;
            } catch (IOException e) {
                throw cut();
            }
        }

        byte[] rest() {
            try {
                return bytes(in.available());
            } catch (IOException e) {
                throw cut();
            }
        }

        ChannelInfo info() {
            String name = s();
            RecordFormat format = RecordFormat.parse(s());
            Durability d = Durability.values()[b()];
            long published = l();
            int np = i();
            List<RecordFormat> pubs = new ArrayList<>();
            for (int k = 0; k < np; k++) {
                pubs.add(RecordFormat.parse(s()));
            }
            int ns = i();
            List<String> subs = new ArrayList<>();
            for (int k = 0; k < ns; k++) {
                subs.add(s());
            }
            return new ChannelInfo(name, format, d, published, pubs, subs);
        }

        private IllegalArgumentException cut() {
            return new IllegalArgumentException("an event-service message of " + message.length + " bytes (kind "
                    + (message.length > 0 ? message[0] : -1) + ") is cut short");
        }
    }
}
