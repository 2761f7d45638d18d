package io.sluice.bench;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Where the benchmark ran: hardware, OS and JVM, as label/value pairs in report order.
 *
 * @param facts the labels and values
 */
record MachineInfo(Map<String, String> facts) {

    MachineInfo {
        facts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(facts));
    }

    /** Collects the facts of this machine and JVM. */
    static MachineInfo collect() {
        Map<String, String> f = new LinkedHashMap<>();
        Runtime rt = Runtime.getRuntime();
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        f.put("CPU", cpuModel().orElse(System.getProperty("os.arch")));
        f.put("cores (available to the JVM)", Integer.toString(rt.availableProcessors()));
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            f.put("memory", Format.bytes(sun.getTotalMemorySize()));
        }
        double load = os.getSystemLoadAverage();
        if (load >= 0) {
            f.put("load average at start (1 min)", String.format(java.util.Locale.ROOT, "%.2f", load));
        }
        f.put("OS", System.getProperty("os.name") + " " + System.getProperty("os.version") + " ("
                + System.getProperty("os.arch") + ")");
        f.put("JVM", System.getProperty("java.vm.vendor") + " " + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.runtime.version", System.getProperty("java.version")));
        f.put("max heap", Format.bytes(rt.maxMemory()));
        f.put("GC", ManagementFactory.getGarbageCollectorMXBeans().stream().map(GarbageCollectorMXBean::getName)
                .collect(Collectors.joining(", ")));
        String args = String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments());
        f.put("JVM options", args.isEmpty() ? "(none)" : args);
        return new MachineInfo(f);
    }

    private static Optional<String> cpuModel() {
        Path cpuinfo = Path.of("/proc/cpuinfo");
        if (!Files.isReadable(cpuinfo)) {
            return Optional.empty();
        }
        try (Stream<String> lines = Files.lines(cpuinfo)) {
            return lines.filter(l -> l.startsWith("model name")).map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .findFirst();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
