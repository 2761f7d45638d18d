package io.sluice.remote;

import static io.sluice.remote.RawClient.STRING_CODEC;
import static io.sluice.remote.RawClient.STRING_TYPE;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelWriter;
import io.sluice.remote.RawClient.RawFrame;
import io.sluice.remote.internal.ErrorCode;
import io.sluice.remote.internal.FrameType;
import io.sluice.remote.internal.Wire;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.GenerationMode;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.AfterTry;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Fuzzes a live space server on loopback with what no well-behaved client sends: random bytes,
 * frames that break the protocol, valid sessions with random bytes flipped or cut, and requests
 * the server must refuse (bad names, pathological expressions, more channels than allowed).
 *
 * <p>After every try: the server still serves (a {@link RemoteChannels} client writes and reads a
 * token), and nothing exists outside its directory. A malformed frame gets the connection closed,
 * after an ERROR frame; a refused request fails its stream only, and the connection answers a
 * PING. One server for the class, over a directory deleted afterwards; Netty must report no leak.
 */
class SpaceServerFuzzProperties {
    /**
     * How long the server may take to close a connection or answer on it: it closes an idle one
     * after 0.4 s, the rest at once, but a loaded machine can leave its event loop unscheduled for
     * seconds. A server that does not close at all fails the same.
     */
    private static final int CLOSE_WITHIN_MILLIS = 10_000;
    private static final int STREAM_LIMIT = 8;
    private static Path parent;
    private static Path dir;
    private static SpaceServer server;
    private static final AtomicInteger probes = new AtomicInteger();
    private static final AtomicInteger names = new AtomicInteger();

    @BeforeContainer
    static void serve() throws IOException {
        NettyLeaks.install();
        parent = Files.createTempDirectory("sluice-fuzz");
        dir = parent.resolve("space");
        // Heartbeats of 100 ms: a connection left with half a frame is closed after 0.4 s.
        server = SpaceServer.builder(dir).heartbeatMillis(100).maxChannelsPerConnection(STREAM_LIMIT).start();
        // Long names of one letter, for expressions that backtrack (see refusedRequests...).
        try (RawClient c = RawClient.welcomed(server.address(), null)) {
            c.send(FrameType.OPEN.code, 1, RawClient.open(2, "a".repeat(60), STRING_TYPE, STRING_CODEC, 0));
            assertThat(c.read(30_000).is(FrameType.OPENED)).isTrue();
        }
    }

    @AfterContainer
    static void stop() throws IOException {
        try {
            if (server != null) {
                server.close();
            }
        } finally {
            Spaces.delete(parent);
        }
        NettyLeaks.assertNone(SpaceServerFuzzProperties.class.getSimpleName());
    }

    @AfterTry
    void serverStillServesAndKeepsToItsDirectory() throws Exception {
        RawClient.closeAll();
        probe();
        try (Stream<Path> outside = Files.list(parent)) {
            assertThat(outside.map(p -> p.getFileName().toString())).as("files next to the space's directory").containsExactly("space");
        }
        try (Stream<Path> inside = Files.list(dir)) {
            for (Path p : inside.toList()) {
                String n = p.getFileName().toString();
                if (!n.equals("space-id")) {
                    assertThat(n).as("a file in the space").matches("[A-Za-z0-9_][A-Za-z0-9_.-]{0,200}");
                    assertThat(p.resolve("channel.json")).as("a channel directory").isRegularFile();
                }
            }
        }
    }

    /** A well-behaved client connects, writes a token to a channel of its own and reads it back. */
    private static void probe() throws Exception {
        String name = "probe-" + probes.incrementAndGet();
        RemoteChannels.Options o = RemoteChannels.options().connectTimeout(Duration.ofSeconds(10)).giveUpAfter(Duration.ofSeconds(10));
        try (RemoteSpace space = RemoteChannels.connect(server.uri(), o);
                Channel<String> ch = space.open(ChannelSpec.unbounded(name, String.class))) {
            ChannelWriter<String> w = ch.writer();
            w.put("token of " + name);
            w.close();
            try (ChannelReader<String> r = ch.openReader("probe")) {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                String t;
                while ((t = r.poll()) == null && System.nanoTime() < deadline) {
                    Thread.sleep(5);
                }
                assertThat(t).as("the probe's token, read back").isEqualTo("token of " + name);
            }
        }
    }

    private static String freshName() {
        return "fuzz-" + names.incrementAndGet();
    }

    // ---- (a) random bytes ----

    @Property(tries = 25)
    @FuzzTimeout(120) // each try can wait out the server's idle time, 0.4 s, and a probe: a loaded machine needs more
    void randomBytesGetTheConnectionClosed(@ForAll @Size(max = 600) byte[] bytes, @ForAll boolean helloFirst) throws Exception {
        try (RawClient c = helloFirst ? RawClient.welcomed(server.address(), null) : new RawClient(server.address())) {
            c.trySend(bytes);
            // Closed as malformed, or as idle if the bytes end inside a frame's header or payload.
            RawFrame error = c.awaitClosed(CLOSE_WITHIN_MILLIS);
            if (error != null) {
                assertThat(error.errorCode()).as(error.errorMessage()).isEqualTo(ErrorCode.PROTOCOL.code);
            }
        }
    }

    // ---- (b) frames that break the protocol ----

    /** A scenario: frames sent after a correct HELLO. */
    record Script(String what, List<byte[]> frames, boolean refusal) {
        Script(String what, List<byte[]> frames) {
            this(what, frames, true);
        }

        @Override
        public String toString() {
            return what;
        }

        byte[] bytes() {
            int n = frames.stream().mapToInt(f -> f.length).sum();
            ByteBuffer b = ByteBuffer.allocate(n);
            frames.forEach(b::put);
            return b.array();
        }
    }

    private static Script script(String what, byte[]... frames) {
        return new Script(what, List.of(frames));
    }

    private static byte[] frame(FrameType type, int stream, byte[] payload) {
        return RawClient.frame(type.code, stream, payload);
    }

    private static byte[] openWriter(int stream, String name) {
        return frame(FrameType.OPEN, stream, RawClient.open(1, name, STRING_TYPE, STRING_CODEC, 0));
    }

    private static byte[] openReader(int stream, String name, long from) {
        return frame(FrameType.OPEN, stream, RawClient.open(2, name, STRING_TYPE, STRING_CODEC, from));
    }

    private static final Set<Integer> KNOWN = Arrays.stream(FrameType.values()).map(t -> t.code).collect(Collectors.toSet());

    @Provide
    Arbitrary<Script> malformed() {
        Arbitrary<Integer> streams = Arbitraries.integers().between(1, Integer.MAX_VALUE);
        Arbitrary<byte[]> junk = Arbitraries.bytes().array(byte[].class).ofMaxSize(64);
        Arbitrary<Long> badSeq = Arbitraries.oneOf(Arbitraries.longs().lessOrEqual(-1), Arbitraries.of(Long.MIN_VALUE, -1L));
        Arbitrary<Integer> badCount = Arbitraries.oneOf(Arbitraries.integers().lessOrEqual(-1), Arbitraries.of(Integer.MIN_VALUE, -1));
        return Arbitraries.oneOf(
                // a type no version of the protocol has
                Combinators.combine(Arbitraries.integers().between(0, 255).filter(c -> !KNOWN.contains(c)), streams, junk)
                        .as((code, s, p) -> script("type 0x" + Integer.toHexString(code), RawClient.frame(code, s, p))),
                // another magic or version
                Combinators.combine(Arbitraries.integers().between(0, 0xFFFF).filter(m -> m != Wire.MAGIC), junk).as((m, p) -> {
                    byte[] f = frame(FrameType.PING, 0, RawClient.longPayload(1));
                    f[0] = (byte) (m >> 8);
                    f[1] = m.byteValue();
                    return script("magic 0x" + Integer.toHexString(m), f);
                }),
                Arbitraries.integers().between(0, 255).filter(v -> v != Wire.MAX_VERSION).map(v -> {
                    byte[] f = frame(FrameType.PING, 0, RawClient.longPayload(1));
                    f[2] = v.byteValue();
                    return script("version " + v, f);
                }),
                // a length past the agreed largest frame, up to 4 GiB
                Arbitraries.longs().between(Wire.DEFAULT_MAX_FRAME + 1L, 0xFFFFFFFFL).map(len -> {
                    byte[] f = frame(FrameType.LIST, 7, RawClient.stringPayload(".*"));
                    ByteBuffer.wrap(f).putInt(8, (int) (long) len);
                    return script("a length of " + len, f);
                }),
                // payloads cut short (the header's length says so, the fields run past it)
                Combinators.combine(Arbitraries.of(FrameType.OPEN, FrameType.LIST, FrameType.UNLINK), Arbitraries.integers().between(0, 100))
                        .as((type, keep) -> {
                            byte[] whole = switch (type) {
                                case OPEN -> RawClient.open(2, freshName(), STRING_TYPE, STRING_CODEC, 0);
                                case LIST -> RawClient.stringPayload("fuzz-.*");
                                default -> RawClient.stringPayload(freshName());
                            };
                            int n = Math.min(keep, whole.length - 1);
                            return script(type + " cut at " + n, frame(type, 9, Arrays.copyOf(whole, n)));
                        }),
                Arbitraries.integers().between(0, 7).map(n -> script("PING cut at " + n, frame(FrameType.PING, 0, new byte[n]))),
                // a string whose length runs past the payload
                Arbitraries.integers().between(1, 0xFFFF).map(extra -> {
                    byte[] p = RawClient.stringPayload("x");
                    int claimed = Math.min(0xFFFF, 1 + extra);
                    p[0] = (byte) (claimed >> 8);
                    p[1] = (byte) claimed;
                    return script("a LIST string of " + claimed + " bytes in 1", frame(FrameType.LIST, 3, p));
                }),
                // bytes after the last field
                junk.filter(j -> j.length > 0).map(j -> {
                    byte[] p = RawClient.stringPayload("x");
                    byte[] longer = Arrays.copyOf(p, p.length + j.length);
                    System.arraycopy(j, 0, longer, p.length, j.length);
                    return script(j.length + " bytes after UNLINK's name", frame(FrameType.UNLINK, 3, longer));
                }),
                // frames of a stream that is not open, or of stream 0 that belong to streams
                Combinators.combine(Arbitraries.of(FrameType.DATA, FrameType.CREDIT, FrameType.END, FrameType.ACK, FrameType.OPENED,
                        FrameType.NAMES, FrameType.DONE, FrameType.HELLO, FrameType.WELCOME, FrameType.PING), streams, junk)
                        .as((type, s, p) -> script(type + " on stream " + s + ", not open", frame(type, s, p))),
                Arbitraries.of(FrameType.OPEN, FrameType.DATA, FrameType.CREDIT, FrameType.LIST, FrameType.HELLO, FrameType.UNLINK)
                        .map(type -> script(type + " on stream 0", frame(type, 0, RawClient.stringPayload("x")))),
                // OPEN with a role that is neither 1 (writer) nor 2 (reader)
                Arbitraries.integers().between(0, 255).filter(r -> r != 1 && r != 2).map(role -> script("OPEN with role " + role,
                        frame(FrameType.OPEN, 5, RawClient.open(role, freshName(), STRING_TYPE, STRING_CODEC, 0)))),
                // DATA with negative seqs or counts, from beyond the end, or with tokens past the frame
                Combinators.combine(badSeq, Arbitraries.integers().between(0, 10)).as((seq, count) -> {
                    String n = freshName();
                    return script("DATA from seq " + seq, openWriter(5, n), frame(FrameType.DATA, 5, ByteBuffer.allocate(12).putLong(seq).putInt(count).array()));
                }),
                badCount.map(count -> {
                    String n = freshName();
                    return script("DATA of " + count + " tokens", openWriter(5, n), frame(FrameType.DATA, 5, ByteBuffer.allocate(12).putLong(0).putInt(count).array()));
                }),
                Arbitraries.longs().between(1, Long.MAX_VALUE).map(seq -> script("DATA from seq " + seq + " of an empty channel",
                        openWriter(5, freshName()), frame(FrameType.DATA, 5, RawClient.data(seq, new byte[] {1})))),
                Arbitraries.integers().between(2, Integer.MAX_VALUE).map(count -> {
                    byte[] p = RawClient.data(0, new byte[] {1});
                    ByteBuffer.wrap(p).putInt(8, count);
                    return script("DATA claiming " + count + " tokens, holding 1", openWriter(5, freshName()), frame(FrameType.DATA, 5, p));
                }),
                Arbitraries.integers().between(2, Wire.DEFAULT_MAX_FRAME).map(length -> {
                    byte[] p = RawClient.payload(o -> {
                        o.writeLong(0);
                        o.writeInt(1);
                        int v = length;
                        while ((v & ~0x7F) != 0) {
                            o.writeByte((v & 0x7F) | 0x80);
                            v >>>= 7;
                        }
                        o.writeByte(v);
                        o.writeByte(42);
                    });
                    return script("a DATA token of " + length + " bytes, holding 1", openWriter(5, freshName()), frame(FrameType.DATA, 5, p));
                }),
                Arbitraries.integers().between(6, 12).map(n -> {
                    byte[] p = ByteBuffer.allocate(12 + n + 1).putLong(0).putInt(1).array();
                    Arrays.fill(p, 12, 12 + n, (byte) 0xFF);
                    return script("a varint of " + n + " bytes", openWriter(5, freshName()), frame(FrameType.DATA, 5, p));
                }),
                // END at another count than the channel holds
                Arbitraries.longs().filter(c -> c != 0).map(c -> script("END at " + c + " of an empty channel", openWriter(5, freshName()),
                        frame(FrameType.END, 5, RawClient.longPayload(c)))),
                // a credit of nothing or less, and DATA on a read stream
                Arbitraries.integers().lessOrEqual(0).map(c -> script("a CREDIT of " + c, openReader(5, freshName(), 0),
                        frame(FrameType.CREDIT, 5, RawClient.intPayload(c)))),
                Arbitraries.longs().lessOrEqual(-1).map(from -> script("OPEN a reader from seq " + from, openReader(5, freshName(), from))),
                Arbitraries.just(script("DATA on a read stream", openReader(5, freshName(), 0), frame(FrameType.DATA, 5, RawClient.data(0))))
        );
    }

    @Property(tries = 60)
    @FuzzTimeout(50)
    void malformedFramesGetTheConnectionClosed(@ForAll("malformed") Script script) throws Exception {
        try (RawClient c = RawClient.welcomed(server.address(), null)) {
            c.trySend(script.bytes());
            // Closed, after an ERROR frame unless the close outran it (a reset, if bytes were unread).
            RawFrame error = c.awaitClosed(CLOSE_WITHIN_MILLIS);
            if (error != null) {
                assertThat(error.errorCode()).as(error.errorMessage()).isEqualTo(ErrorCode.PROTOCOL.code);
            }
        }
    }

    // ---- (b) valid sessions, mutated ----

    /** A session that follows the protocol: write, end, read, list, unlink, ping. */
    private static List<byte[]> validSession() {
        String n = freshName();
        List<byte[]> frames = new ArrayList<>();
        frames.add(openWriter(1, n));
        frames.add(frame(FrameType.DATA, 1, RawClient.data(0, "ab".getBytes(), new byte[200], new byte[0])));
        frames.add(frame(FrameType.DATA, 1, RawClient.data(3, "c".getBytes())));
        frames.add(frame(FrameType.END, 1, RawClient.longPayload(4)));
        frames.add(frame(FrameType.CLOSE, 1, new byte[0]));
        frames.add(openReader(2, n, 1));
        frames.add(frame(FrameType.CREDIT, 2, RawClient.intPayload(1 << 16)));
        frames.add(frame(FrameType.LIST, 3, RawClient.stringPayload("fuzz-[0-9]+")));
        frames.add(frame(FrameType.PING, 0, RawClient.longPayload(17)));
        frames.add(frame(FrameType.CLOSE, 2, new byte[0]));
        frames.add(frame(FrameType.UNLINK, 4, RawClient.stringPayload(n)));
        return frames;
    }

    /** One change to a byte string: flip, overwrite with an extreme, cut, insert, or drop. */
    record Mutation(int kind, int at, int value) {
        byte[] apply(byte[] b) {
            if (b.length == 0) {
                return b;
            }
            int i = Math.floorMod(at, b.length);
            byte[] out = b.clone();
            switch (kind) {
                case 0 -> out[i] ^= (byte) (1 << (value & 7));
                case 1 -> out[i] = (byte) value;
                case 2 -> out = Arrays.copyOf(b, i);
                case 3 -> {
                    out = new byte[b.length + 1];
                    System.arraycopy(b, 0, out, 0, i);
                    out[i] = (byte) value;
                    System.arraycopy(b, i, out, i + 1, b.length - i);
                }
                case 4 -> {
                    out = new byte[b.length - 1];
                    System.arraycopy(b, 0, out, 0, i);
                    System.arraycopy(b, i + 1, out, i, b.length - i - 1);
                }
                default -> { // four bytes of 0xFF or 0x7F: a huge length, count or seq
                    for (int k = 0; k < 4 && i + k < out.length; k++) {
                        out[i + k] = (byte) (k == 0 && (value & 1) == 0 ? 0x7F : 0xFF);
                    }
                }
            }
            return out;
        }
    }

    @Provide
    Arbitrary<List<Mutation>> mutations() {
        return Combinators.combine(Arbitraries.integers().between(0, 5), Arbitraries.integers().greaterOrEqual(0), Arbitraries.integers().between(0, 255))
                .as(Mutation::new).list().ofMinSize(1).ofMaxSize(4);
    }

    @Property(tries = 60)
    @FuzzTimeout(60)
    void mutatedSessionsNeverBreakTheServer(@ForAll("mutations") List<Mutation> mutations) throws Exception {
        ByteBuffer all = ByteBuffer.allocate(8192);
        validSession().forEach(all::put);
        byte[] bytes = Arrays.copyOf(all.array(), all.position());
        for (Mutation m : mutations) {
            bytes = m.apply(bytes);
        }
        try (RawClient c = RawClient.welcomed(server.address(), null)) {
            c.trySend(bytes);
            // Either the server closes the connection (within the idle time if a frame was cut
            // short), or it keeps serving it: a PING is answered.
            if (c.trySend(frame(FrameType.PING, 0, RawClient.longPayload(0x5EED)))) {
                long deadline = System.nanoTime() + CLOSE_WITHIN_MILLIS * 1_000_000L;
                while (true) {
                    RawFrame f;
                    try {
                        f = c.read((int) Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
                    } catch (SocketTimeoutException e) {
                        throw new AssertionError("the server neither closed the connection nor answered a PING");
                    }
                    if (f == null || f.is(FrameType.PONG) && f.stream() == 0 && f.body().getLong() == 0x5EED) {
                        break;
                    }
                }
            }
        }
    }

    // ---- requests the server refuses, keeping the connection ----

    @Provide
    Arbitrary<Script> refused() {
        return Arbitraries.oneOf(
                Arbitraries.of("../x", "", "a".repeat(300), "/etc/x", "a/b", "a\\b", ".hidden", "..", ".", "-dash", "nul\0x", "x y", "é", "\uD83D\uDE00")
                        .map(n -> script("OPEN '" + n + "'", openReader(11, n, 0))),
                Arbitraries.of("../x", "", "a".repeat(300), "/etc/x", "x/..").map(n -> script("OPEN a writer of '" + n + "'",
                        frame(FrameType.OPEN, 11, RawClient.open(1, n, STRING_TYPE, STRING_CODEC, 0)))),
                Arbitraries.of(" ", "").map(t -> script("OPEN with the type '" + t + "'",
                        frame(FrameType.OPEN, 11, RawClient.open(2, freshName(), t, STRING_CODEC, 0)))),
                Arbitraries.of(" ", "").map(c -> script("OPEN with the codec '" + c + "'",
                        frame(FrameType.OPEN, 11, RawClient.open(1, freshName(), STRING_TYPE, c, 0)))),
                Arbitraries.longs().between(1, Long.MAX_VALUE).map(from -> script("OPEN a reader of an empty channel from " + from,
                        openReader(11, freshName(), from))),
                Arbitraries.of("../x", "", "no-such-channel", "space-id", "..").map(n -> script("UNLINK '" + n + "'",
                        frame(FrameType.UNLINK, 11, RawClient.stringPayload(n)))),
                Arbitraries.of("(", "[", "a{99999999999}", "*", "(?<", "x".repeat(1025))
                        .map(r -> script("LIST '" + shorter(r) + "'", frame(FrameType.LIST, 11, RawClient.stringPayload(r)))),
                Arbitraries.just(script("OPEN a channel as another type",
                        frame(FrameType.OPEN, 11, RawClient.open(2, "a".repeat(60), "java.lang.Integer", "int32", 0)))),
                Arbitraries.integers().between(STREAM_LIMIT + 1, 3 * STREAM_LIMIT).map(n -> {
                    List<byte[]> opens = new ArrayList<>();
                    for (int i = 0; i < n; i++) {
                        opens.add(openReader(100 + i, freshName(), 0));
                    }
                    return new Script(n + " OPENs, the limit " + STREAM_LIMIT, opens);
                }));
    }

    /**
     * Expressions that backtrack for a long time, or for ever, on the space's name of 60 a's: the
     * server answers them (names or a LIMIT refusal) without holding up its other clients.
     */
    @Property(generation = GenerationMode.EXHAUSTIVE)
    @FuzzTimeout(120) // matching up to the budget is CPU work: a loaded machine gives the event loop a fraction of a core
    void backtrackingExpressionsAreAnsweredPromptly(@ForAll("backtracking") String regex) throws Exception {
        try (RawClient c = RawClient.welcomed(server.address(), null)) {
            long start = System.nanoTime();
            c.send(FrameType.LIST.code, 11, RawClient.stringPayload(regex));
            RawFrame f = c.read(30_000);
            assertThat(f).isNotNull();
            assertThat(f.stream()).isEqualTo(11);
            if (f.is(FrameType.ERROR)) {
                assertThat(f.errorCode()).as(f.errorMessage()).isEqualTo(ErrorCode.LIMIT.code);
            } else {
                assertThat(f.is(FrameType.NAMES)).as("%s", f).isTrue();
            }
            // Cut off at the match budget (well under a second of one core); the bound leaves a loaded
            // machine room and is still far below the years these expressions would backtrack for.
            assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
        }
    }

    @Provide
    Arbitrary<String> backtracking() {
        return Arbitraries.of("((a*)*)*b", "(.*a){25}", "(a+)+b", "(a|aa)*c", "(a|a?)+b", "^(\\w+\\s?)*$", "(?:a+)+(?:a+)+(?:a+)+x",
                "(a" + "|a".repeat(200) + ")*b", "(a*)*(a*)*(a*)*(a*)*b");
    }

    private static String shorter(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }

    @Property(tries = 40)
    @FuzzTimeout(60)
    void refusedRequestsFailTheirStreamOnly(@ForAll("refused") Script script) throws Exception {
        try (RawClient c = RawClient.welcomed(server.address(), null)) {
            c.sendRaw(script.bytes());
            c.send(FrameType.PING.code, 0, RawClient.longPayload(0x5EED));
            List<RawFrame> errors = new ArrayList<>();
            while (true) {
                RawFrame f = c.read(CLOSE_WITHIN_MILLIS);
                assertThat(f).as("a frame before the connection's end (errors so far: %s)", errors).isNotNull();
                if (f.is(FrameType.ERROR)) {
                    assertThat(f.stream()).as("the stream of " + f.errorMessage()).isNotZero();
                    errors.add(f);
                }
                if (f.is(FrameType.PONG)) {
                    break;
                }
            }
            if (script.refusal()) {
                assertThat(errors).as("the refusals").isNotEmpty();
            }
        }
    }
}
