package io.sluice.bench;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelWriter;
import io.sluice.channel.memory.MemoryChannels;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Control;

/**
 * JMH micro-benchmark of a memory channel's {@code put} and {@code take}.
 *
 * <ul>
 *   <li>{@link #putThenTake}: one thread puts a token and takes it back, so the channel never
 *       holds more than one token and no thread ever waits: the cost of one operation pair.
 *   <li>{@code transfer} ({@link #producer} and {@link #consumer}, one thread each): throughput
 *       of a hand-off between two threads, including the readers' and writer's waiting (spin,
 *       then park) when one side is ahead. The consumer's score is the transfer rate.
 * </ul>
 *
 * <p>Each with a 16-byte and a 1 KiB token. A memory channel passes references, so the payload
 * should not matter here; it is a parameter so that persistent policies, which encode tokens, can
 * be compared on the same benchmark. A channel does not bound itself (the data-driven director
 * keeps a capacity, see {@code ChannelBound}), so there is no bounded variant here.
 *
 * <p><b>Ending an iteration.</b> When JMH ends an iteration the consumer may be blocked in
 * {@code take} on an empty channel. Each side, once it sees {@link Control#stopMeasurement},
 * closes its end instead of operating: the writer's close ends the stream, so a blocked
 * {@code take} returns. JMH keeps calling a thread that has finished until every thread of the
 * group has (synchronised iterations, its default), so the writer always gets to close its end. A
 * new channel is opened for every iteration.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar MemoryChannelBenchmark} (see
 * docs/benchmarks.md).
 */
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class MemoryChannelBenchmark {

    /**
     * One channel, its writer and one reader, opened afresh for every iteration. JMH wants
     * {@code @Param} fields in a {@code @State} class; the subclasses give the real scope.
     */
    @State(Scope.Thread)
    public abstract static class ChannelState {
        /** Token size in bytes: a String of that many ASCII characters. */
        @Param({"16", "1024"})
        public int payloadBytes;

        String token;
        Channel<String> channel;
        ChannelWriter<String> writer;
        ChannelReader<String> reader;

        @Setup(Level.Trial)
        public void makeToken() {
            StringBuilder b = new StringBuilder(payloadBytes);
            for (int i = 0; i < payloadBytes; i++) {
                b.append((char) ('a' + i % 26));
            }
            token = b.toString();
        }

        @Setup(Level.Iteration)
        public void open() throws IOException {
            channel = MemoryChannels.factory().open(ChannelSpec.unbounded("bench.out", String.class));
            reader = channel.openReader("bench.in");
            writer = channel.writer();
        }

        @TearDown(Level.Iteration)
        public void close() {
            writer.close();
            reader.close();
            channel.close();
        }
    }

    /** The channel of {@link #putThenTake}, used by its one thread. */
    @State(Scope.Thread)
    public static class OneThread extends ChannelState {}

    /** The channel of a {@code transfer} group: its producer writes, its consumer reads. */
    @State(Scope.Group)
    public static class Shared extends ChannelState {}

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public String putThenTake(OneThread s) throws InterruptedException {
        s.writer.put(s.token);
        return s.reader.take();
    }

    @Benchmark
    @Group("transfer")
    @GroupThreads(1)
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public void producer(Shared s, Control control) throws InterruptedException {
        if (control.stopMeasurement) {
            s.writer.close();
            return;
        }
        s.writer.put(s.token);
    }

    @Benchmark
    @Group("transfer")
    @GroupThreads(1)
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public String consumer(Shared s, Control control) throws InterruptedException {
        if (control.stopMeasurement) {
            s.reader.close();
            return null;
        }
        return s.reader.take();
    }
}
