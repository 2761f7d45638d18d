package io.sluice.bench;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelFactory;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelWriter;
import io.sluice.channel.local.PersistentChannels;
import io.sluice.channel.memory.MemoryChannels;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
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
 * JMH micro-benchmark of {@code put} + {@code take} on one thread, for memory channels and each
 * persistent policy, with a 16-byte and a 1 KiB {@code String} token (the built-in zero-copy
 * String codec). {@link RawChronicleBenchmark} measures the same bytes through Chronicle Queue
 * with no Sluice code: the limit a persistent policy can approach.
 *
 * <ul>
 *   <li>{@link #putThenTake}: put one token and take it back: the latency of one pair. Under
 *       {@code cached} a take waits for the flusher to persist the token and for the reader's
 *       loader to read it back, two thread hand-offs per token.
 *   <li>{@link #putThenTakeBatch}: put {@value #BATCH} tokens, then take them: the cost per
 *       token when tokens queue up, as they do in a workflow. {@value #BATCH} tokens fit in the
 *       default put cache (65536 tokens, 8 MiB), so {@code fast-track} takes them all from its ring.
 * </ul>
 *
 * <p>Every iteration gets a new channel in a new directory, deleted when the iteration ends (a
 * 1 KiB token at a few million per second writes gigabytes per second of iteration). Files go
 * under {@code -Dsluice.bench.scratch=DIR} if given, else {@code java.io.tmpdir}.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar PersistentChannelBenchmark} (see
 * docs/benchmarks.md); the JVM options Chronicle needs are added to the forked JVM.
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
public class PersistentChannelBenchmark {
    /** Tokens per invocation of {@link #putThenTakeBatch}. */
    public static final int BATCH = 256;

    /** {@code memory} or a persistent policy: {@code direct}, {@code cached}, {@code fast-track}. */
    @Param({"memory", "direct", "cached", "fast-track"})
    public String policy;

    /** Token size: a String of that many ASCII characters, so that many UTF-8 bytes. */
    @Param({"16", "1024"})
    public int payloadBytes;

    String token;
    Path directory;
    Channel<String> channel;
    ChannelWriter<String> writer;
    ChannelReader<String> reader;

    @Setup(Level.Trial)
    public void makeToken() {
        token = ChannelBenchmarkFiles.token(payloadBytes);
    }

    @Setup(Level.Iteration)
    public void open() throws IOException {
        ChannelPolicy p = ChannelPolicy.named(policy);
        ChannelFactory factory;
        if (p.persistent()) {
            directory = ChannelBenchmarkFiles.newDirectory("sluice-jmh-");
            factory = PersistentChannels.builder(directory).policy(p).build();
        } else {
            factory = MemoryChannels.factory();
        }
        channel = factory.open(new ChannelSpec<>("bench.out", String.class, ChannelSpec.UNBOUNDED));
        reader = channel.openReader("bench.in");
        writer = channel.writer();
    }

    @TearDown(Level.Iteration)
    public void close() throws IOException {
        writer.close();
        reader.close();
        channel.close();
        if (directory != null) {
            ChannelBenchmarkFiles.delete(directory);
            directory = null;
        }
    }

    @Benchmark
    public String putThenTake() throws InterruptedException {
        writer.put(token);
        return reader.take();
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void putThenTakeBatch(Blackhole bh) throws InterruptedException {
        for (int i = 0; i < BATCH; i++) {
            writer.put(token);
        }
        for (int i = 0; i < BATCH; i++) {
            bh.consume(reader.take());
        }
    }
}
