package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./sluice} launcher's own work: the java command it builds from its options and
 * environment. A copy of the script runs in a directory laid out like the repository, with an
 * up-to-date {@code cli/target/sluice.jar} (an empty file, so it builds nothing) and fake JDKs
 * whose {@code java} prints its arguments instead of starting a JVM. The launcher running the
 * real jar with a user's jar is checked end to end by {@code examples/embedding/check.sh}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LauncherScriptTest {
    private static final Path SCRIPT = Path.of("").toAbsolutePath().getParent().resolve("sluice");

    @TempDir
    Path dir;

    private Path root;
    private Path jar;

    @BeforeEach
    void layOut() throws IOException {
        assumeThat(Path.of("/bin/bash")).as("bash, which the launcher needs").exists();
        root = Files.createDirectories(dir.resolve("repo"));
        Files.copy(SCRIPT, root.resolve("sluice"));
        Files.writeString(root.resolve("pom.xml"), "<project/>");
        Files.setLastModifiedTime(root.resolve("pom.xml"), FileTime.from(Instant.parse("2000-01-01T00:00:00Z")));
        jar = Files.createDirectories(root.resolve("cli/target")).resolve("sluice.jar");
        Files.createFile(jar);
    }

    /** A fake JDK whose release file says {@code version}, or that has none if it is null. */
    private Path jdk(String name, String releaseVersion, String versionLine) throws IOException {
        Path home = Files.createDirectories(dir.resolve(name).resolve("bin")).getParent();
        if (releaseVersion != null) {
            Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + releaseVersion + "\"\n");
        }
        Path java = home.resolve("bin/java");
        Files.writeString(java, "#!/bin/bash\n"
                + "if [ \"$1\" = -version ]; then echo '" + versionLine + "' >&2; exit 0; fi\n"
                + "for a in \"$@\"; do printf '%s\\n' \"$a\"; done\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return home;
    }

    private record Launched(int code, List<String> args, String err) {
        /** The arguments after the JVM options: {@code -cp CLASSPATH io.sluice.cli.Main ...}. */
        List<String> fromClassPath() {
            int cp = args.indexOf("-cp");
            assertThat(cp).as("-cp in %s", args).isPositive();
            return args.subList(cp, args.size());
        }

        List<String> jvmOptions() {
            return args.subList(0, args.indexOf("-cp"));
        }
    }

    private Launched launch(Path javaHome, Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("/bin/bash", root.resolve("sluice").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
        Map<String, String> environment = builder.environment();
        environment.remove("SLUICE_CLASSPATH");
        environment.remove("SLUICE_JAVA_OPTS");
        environment.put("JAVA_HOME", javaHome.toString());
        environment.putAll(env);
        Path err = dir.resolve("err.txt");
        Process process = builder.redirectError(err.toFile()).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return new Launched(process.exitValue(), out.lines().toList(), Files.readString(err));
    }

    private Launched launch(Path javaHome, String... args) throws Exception {
        return launch(javaHome, Map.of(), args);
    }

    @Test
    void runsMainFromTheJarWithTheArgumentsAsGiven() throws Exception {
        Launched launched = launch(jdk("jdk17", "17.0.15", ""), "run", "mergesort", "--tokens", "5", "a b", "--classpath", "x");
        assertThat(launched.code()).as(launched.err()).isZero();
        assertThat(launched.err()).isEmpty();
        assertThat(launched.fromClassPath()).containsExactly(
                "-cp", jar.toString(), "io.sluice.cli.Main", "run", "mergesort", "--tokens", "5", "a b", "--classpath", "x");
        assertThat(launched.jvmOptions()).contains("--add-opens=java.base/java.lang=ALL-UNNAMED", "-Dchronicle.analytics.disable=true");
    }

    @Test
    void addsTheQuietingOptionsOnlyToJvmsThatKnowThem() throws Exception {
        assertThat(launch(jdk("jdk17", "17.0.15", ""), "--version").jvmOptions())
                .noneMatch(o -> o.startsWith("--enable-native-access") || o.startsWith("--sun-misc-unsafe"));
        assertThat(launch(jdk("jdk21", "21", ""), "--version").jvmOptions())
                .noneMatch(o -> o.startsWith("--enable-native-access") || o.startsWith("--sun-misc-unsafe"));
        assertThat(launch(jdk("jdk22", "22.0.2", ""), "--version").jvmOptions())
                .contains("--enable-native-access=ALL-UNNAMED")
                .noneMatch(o -> o.startsWith("--sun-misc-unsafe"));
        assertThat(launch(jdk("jdk25", "25.0.3", ""), "--version").jvmOptions())
                .contains("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow");
        // No release file: the version is asked of java itself.
        assertThat(launch(jdk("bare23", null, "openjdk version \"23.0.1\" 2024-10-15"), "--version").jvmOptions())
                .contains("--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow");
        assertThat(launch(jdk("bare17", null, "openjdk version \"17.0.2\" 2022-01-18"), "--version").jvmOptions())
                .noneMatch(o -> o.startsWith("--enable-native-access") || o.startsWith("--sun-misc-unsafe"));
    }

    @Test
    void classPathOptionsAndVariableAddToTheJarsClassPath() throws Exception {
        Files.createFile(dir.resolve("a.jar"));
        Files.createDirectories(dir.resolve("classes"));
        Files.createDirectories(dir.resolve("lib"));
        Files.createFile(dir.resolve("env.jar"));
        Map<String, String> env = new HashMap<>();
        env.put("SLUICE_CLASSPATH", "env.jar:");
        env.put("SLUICE_JAVA_OPTS", "-Xmx1g -Dx=y");
        Launched launched = launch(jdk("jdk17", "17.0.15", ""), env,
                "--classpath", "a.jar::classes", "--classpath=lib/*", "prov", "stats", "w");
        assertThat(launched.code()).as(launched.err()).isZero();
        // Relative paths stay relative: java resolves them against the directory it runs in, as the user did.
        assertThat(launched.fromClassPath()).containsExactly(
                "-cp", jar + ":env.jar:a.jar:classes:lib/*", "io.sluice.cli.Main", "prov", "stats", "w");
        assertThat(launched.jvmOptions()).endsWith("-Xmx1g", "-Dx=y");
    }

    @Test
    void aPathThatDoesNotExistIsAUsageError() throws Exception {
        Path jdk = jdk("jdk17", "17.0.15", "");
        Launched missing = launch(jdk, "--classpath", "nothing.jar", "run", "filter");
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.args()).isEmpty();
        assertThat(missing.err()).isEqualTo("sluice: --classpath: no such file or directory: nothing.jar\n");

        Launched fromEnv = launch(jdk, Map.of("SLUICE_CLASSPATH", "gone/*"), "run", "filter");
        assertThat(fromEnv.code()).isEqualTo(2);
        assertThat(fromEnv.err()).isEqualTo("sluice: SLUICE_CLASSPATH: no directory gone/ (for gone/*)\n");

        Launched noValue = launch(jdk, "--classpath");
        assertThat(noValue.code()).isEqualTo(2);
        assertThat(noValue.err()).startsWith("sluice: --classpath needs a value");
    }

    /** A fake JDK with a runtime version, whose java writes an archive where it is asked to and prints its arguments. */
    private Path archivingJdk() throws IOException {
        Path home = jdk("jdk17cds", "17.0.15", "");
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"17.0.15\"\nJAVA_RUNTIME_VERSION=\"17.0.15+6\"\n");
        Path java = home.resolve("bin/java");
        Files.writeString(java, "#!/bin/bash\n"
                + "for a in \"$@\"; do case \"$a\" in -XX:ArchiveClassesAtExit=*) echo archive > \"${a#*=}\";; esac;"
                + " printf '%s\\n' \"$a\"; done\n");
        return home;
    }

    @Test
    void eachCommandGetsAClassDataArchiveMadeByItsFirstRun() throws Exception {
        Path jdk = archivingJdk();
        Launched first = launch(jdk, "prov", "stats", "w");
        assertThat(first.code()).as(first.err()).isZero();
        assertThat(first.err()).isEmpty();
        String dump = first.jvmOptions().stream().filter(o -> o.startsWith("-XX:ArchiveClassesAtExit=")).findFirst().orElseThrow();
        assertThat(first.jvmOptions()).contains("-Xlog:cds*=off", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");
        assertThat(Path.of(dump.substring(dump.indexOf('=') + 1))).as("written aside, then moved in place").doesNotExist();
        Path archives = root.resolve("cli/target/cds");
        try (var files = Files.list(archives)) {
            assertThat(files.map(f -> f.getFileName().toString()).toList()).singleElement().asString()
                    .startsWith("sluice-17.0.15_6-").endsWith("-prov-stats.jsa");
        }

        Launched second = launch(jdk, "prov", "stats", "w");
        assertThat(second.jvmOptions()).anyMatch(o -> o.startsWith("-XX:SharedArchiveFile=" + archives))
                .noneMatch(o -> o.startsWith("-XX:ArchiveClassesAtExit"));
        assertThat(second.fromClassPath()).containsExactly("-cp", jar.toString(), "io.sluice.cli.Main", "prov", "stats", "w");

        Launched run = launch(jdk, "run", "filter");
        assertThat(run.jvmOptions()).as("a run keeps the JVM's compilers and collector")
                .doesNotContain("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC")
                .anyMatch(o -> o.startsWith("-XX:ArchiveClassesAtExit="));

        Launched off = launch(jdk, Map.of("SLUICE_CDS", "0"), "prov", "stats", "w");
        assertThat(off.jvmOptions()).noneMatch(o -> o.startsWith("-XX:SharedArchiveFile") || o.startsWith("-XX:ArchiveClassesAtExit"));
    }

    @Test
    void serveIsExecutedWithoutAnArchiveAndSpaceCommandsStartQuickly() throws Exception {
        Path jdk = archivingJdk();
        // serve must be exec'd, so that a SIGTERM sent to the launcher's pid reaches java.
        Launched serve = launch(jdk, "serve", "--dir", "s");
        assertThat(serve.jvmOptions()).noneMatch(o -> o.startsWith("-XX:SharedArchiveFile") || o.startsWith("-XX:ArchiveClassesAtExit"))
                .doesNotContain("-XX:TieredStopAtLevel=1");
        assertThat(serve.fromClassPath()).containsExactly("-cp", jar.toString(), "io.sluice.cli.Main", "serve", "--dir", "s");
        assertThat(launch(jdk, "space", "ls", "sluice://127.0.0.1:1").jvmOptions()).contains("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC");
    }

    @Test
    void aLineageServedOnTheMonitorIsExecutedWithoutAnArchive() throws Exception {
        Path jdk = archivingJdk();
        // Like serve, it runs until SIGTERM, which must reach java.
        for (List<String> args : List.of(List.of("prov", "lineage", "w", "--line", "1", "--monitor"),
                List.of("prov", "lineage", "w", "--monitor=8080", "a.out#1"))) {
            Launched served = launch(jdk, args.toArray(String[]::new));
            assertThat(served.jvmOptions()).as("%s", args)
                    .noneMatch(o -> o.startsWith("-XX:SharedArchiveFile") || o.startsWith("-XX:ArchiveClassesAtExit"))
                    .contains("-XX:TieredStopAtLevel=1");
            List<String> command = new ArrayList<>(List.of("-cp", jar.toString(), "io.sluice.cli.Main"));
            command.addAll(args);
            assertThat(served.fromClassPath()).isEqualTo(command);
        }
        assertThat(launch(jdk, "prov", "lineage", "w", "--line", "1").jvmOptions()).as("without --monitor, as before")
                .anyMatch(o -> o.startsWith("-XX:ArchiveClassesAtExit="));
    }
}
