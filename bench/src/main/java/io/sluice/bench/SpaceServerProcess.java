package io.sluice.bench;

import io.sluice.remote.SpaceServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * A space server in a process of its own, for {@link RemoteBenchmark}'s memory section: started
 * with the space's directory, it prints the server's address on one line, then answers each
 * {@code measure} read from its standard input with one line of {@code key=value} figures about
 * this process (heap used after a full GC, resident set, direct and mapped buffers, threads,
 * memory maps, open files), and stops, closing the server, at {@code quit} or the end of its input.
 * With {@code --events} after the directory, the server also hosts event channels (as {@code sluice
 * serve --events}) on a port the system chooses, for {@link RemoteEventsBenchmark}.
 */
final class SpaceServerProcess {
    private SpaceServerProcess() {}

    public static void main(String[] args) throws Exception {
        SpaceServer.Builder builder = SpaceServer.builder(Path.of(args[0]));
        if (args.length > 1 && args[1].equals("--events")) {
            builder.port(0).service(io.sluice.events.EventService.create(io.sluice.events.EventChannels.builder(),
                    java.time.Duration.ofSeconds(30)));
        }
        try (SpaceServer server = builder.start()) {
            System.out.println(server.uri());
            System.out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            String line;
            while ((line = in.readLine()) != null && !line.equals("quit")) {
                if (line.equals("measure")) {
                    System.out.println(measure());
                    System.out.flush();
                }
            }
        }
    }

    /** This process's memory, after a full GC. */
    static String measure() throws Exception {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(100);
        }
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        long direct = 0;
        long mapped = 0;
        for (BufferPoolMXBean pool : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)) {
            if (pool.getName().equals("direct")) {
                direct = pool.getMemoryUsed();
            } else if (pool.getName().equals("mapped")) {
                mapped = pool.getMemoryUsed();
            }
        }
        long nettyDirect = io.netty.util.internal.PlatformDependent.usedDirectMemory();
        return String.format(Locale.ROOT, "heap=%d rss=%d direct=%d nettyDirect=%d mapped=%d threads=%d maps=%d files=%d", heap,
                rssBytes(), direct, Math.max(0, nettyDirect), mapped, ManagementFactory.getThreadMXBean().getThreadCount(),
                lines(Path.of("/proc/self/maps")), count(Path.of("/proc/self/fd")));
    }

    private static long rssBytes() throws IOException {
        for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (l.startsWith("VmRSS:")) {
                return Long.parseLong(l.replaceAll("[^0-9]", "")) * 1024;
            }
        }
        return -1;
    }

    private static long lines(Path p) throws IOException {
        try (Stream<String> s = Files.lines(p)) {
            return s.count();
        }
    }

    private static long count(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.count();
        }
    }

    /** The command that starts this class with this JVM's options (but its own heap) and class path. */
    static List<String> command(Path directory) {
        return command(directory, "-Xmx1g");
    }

    /** The command that starts this class hosting event channels, with this JVM's options and class path. */
    /**
     * A space server hosting event channels in a process of its own, started by {@link #events}:
     * closing it asks the process to quit and waits for it (forcing it after 30 s).
     */
    record Running(Process process, java.net.URI uri) implements AutoCloseable {
        /** Starts the server in {@code directory} and waits for its address. */
        static Running events(Path directory, String heap) throws IOException {
            Process server = new ProcessBuilder(eventsCommand(directory, heap)).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            try {
                String address = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8)).readLine();
                if (address == null) {
                    throw new IllegalStateException("the space server process ended before it started");
                }
                return new Running(server, java.net.URI.create(address.trim()));
            } catch (IOException | RuntimeException e) {
                server.destroyForcibly();
                throw e;
            }
        }

        @Override
        public void close() throws InterruptedException {
            try {
                new java.io.PrintWriter(process.getOutputStream(), true, StandardCharsets.UTF_8).println("quit");
                if (!process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
                    process.destroy();
                }
            } finally {
                if (process.isAlive()) {
                    process.destroyForcibly();
                }
            }
        }
    }

    static List<String> eventsCommand(Path directory, String heap) {
        List<String> c = new java.util.ArrayList<>(command(directory, heap));
        c.add("--events");
        return c;
    }

    /** The command that starts this class with this JVM's options, the heap option given and class path. */
    static List<String> command(Path directory, String heap) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Stream<String> options = ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> !a.startsWith("-Xms") && !a.startsWith("-Xmx") && !a.startsWith("-XX:StartFlightRecording")
                        && !a.startsWith("-agent"));
        return Stream.of(Stream.of(java, heap), options,
                Stream.of("-cp", System.getProperty("java.class.path"), SpaceServerProcess.class.getName(), directory.toString()))
                .flatMap(s -> s).toList();
    }
}
