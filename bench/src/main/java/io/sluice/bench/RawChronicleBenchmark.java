package io.sluice.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The limit for {@link PersistentChannelBenchmark}: the same token bytes appended to and read back
 * from a Chronicle Queue directly, with no Sluice code. One queue per iteration, in a new directory
 * deleted at its end, with the roll cycle Sluice's channels use ({@code FAST_DAILY}).
 *
 * <ul>
 *   <li>{@code bytes} methods: the UTF-8 bytes of the token (computed once) written into
 *       {@code appender.writingDocument()} and read back by a tailer into a reused array: the
 *       least work that persists and returns the token's bytes;
 *   <li>{@code string} methods: Chronicle's own {@code writeUtf8}/{@code readUtf8} of the String,
 *       which also encodes the String and allocates one on reading, as a Sluice take does.
 * </ul>
 * Each as one append + one read ({@code appendThenRead*}) and as {@value PersistentChannelBenchmark#BATCH}
 * appends then as many reads ({@code *Batch}).
 */
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g",
    "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED", "--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED",
    "--add-exports=java.base/jdk.internal.util=ALL-UNNAMED", "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-exports=jdk.unsupported/sun.misc=ALL-UNNAMED", "--add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED", "--add-opens=java.base/java.lang=ALL-UNNAMED",
    "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED", "--add-opens=java.base/java.util=ALL-UNNAMED",
    "--add-opens=jdk.compiler/com.sun.tools.javac=ALL-UNNAMED", "-Dchronicle.analytics.disable=true"})
// Five warm-up iterations: with two, a direct put + take of 16 B was still getting faster in the
// measured ones (270, 245 ns warming up; 188, 180, 164 ns measured), its JIT not done, and the
// ratio to raw Chronicle read 2.06x; from the fifth it holds at about 155 ns.
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@State(Scope.Thread)
public class RawChronicleBenchmark {
    private static final int BATCH = PersistentChannelBenchmark.BATCH;

    /** Token size in bytes, as in {@link PersistentChannelBenchmark}. */
    @Param({"16", "1024"})
    public int payloadBytes;

    String token;
    byte[] utf8;
    byte[] readBuffer;
    Path directory;
    SingleChronicleQueue queue;
    ExcerptAppender appender;
    ExcerptTailer tailer;

    @Setup(Level.Trial)
    public void makeToken() {
        token = ChannelBenchmarkFiles.token(payloadBytes);
        utf8 = token.getBytes(StandardCharsets.UTF_8);
        readBuffer = new byte[utf8.length];
    }

    @Setup(Level.Iteration)
    public void open() throws IOException {
        directory = ChannelBenchmarkFiles.newDirectory("sluice-jmh-raw-");
        queue = SingleChronicleQueueBuilder.binary(directory).rollCycle(RollCycles.FAST_DAILY).build();
        appender = queue.createAppender();
        tailer = queue.createTailer();
    }

    @TearDown(Level.Iteration)
    public void close() throws IOException {
        tailer.close();
        appender.close();
        queue.close();
        ChannelBenchmarkFiles.delete(directory);
    }

    private void appendBytes() {
        try (DocumentContext dc = appender.writingDocument()) {
            dc.wire().bytes().write(utf8);
        }
    }

    private int readBytes() {
        try (DocumentContext dc = tailer.readingDocument()) {
            Bytes<?> bytes = dc.wire().bytes();
            return bytes.read(readBuffer, 0, (int) bytes.readRemaining());
        }
    }

    private void appendString() {
        try (DocumentContext dc = appender.writingDocument()) {
            dc.wire().bytes().writeUtf8(token);
        }
    }

    private String readString() {
        try (DocumentContext dc = tailer.readingDocument()) {
            return dc.wire().bytes().readUtf8();
        }
    }

    @Benchmark
    public int appendThenReadBytes() {
        appendBytes();
        return readBytes();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void appendThenReadBytesBatch(Blackhole bh) {
        for (int i = 0; i < BATCH; i++) {
            appendBytes();
        }
        for (int i = 0; i < BATCH; i++) {
            bh.consume(readBytes());
        }
    }

    @Benchmark
    public String appendThenReadString() {
        appendString();
        return readString();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void appendThenReadStringBatch(Blackhole bh) {
        for (int i = 0; i < BATCH; i++) {
            appendString();
        }
        for (int i = 0; i < BATCH; i++) {
            bh.consume(readString());
        }
    }
}
