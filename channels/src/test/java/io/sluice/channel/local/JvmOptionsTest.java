package io.sluice.channel.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.testing.ChildJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code docs/jvm-options.md} says, checked: its block of options is the build's
 * ({@code chronicle.jvm.options}) and is enough to write and read a channel in a fresh JVM, and a
 * JVM without them fails with the error the page shows.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class JvmOptionsTest {
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path work;

    private static Path doc() {
        for (Path dir = Path.of(System.getProperty("user.dir")).toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path doc = dir.resolve("docs/jvm-options.md");
            if (Files.exists(doc)) {
                return doc;
            }
        }
        throw new AssertionError("docs/jvm-options.md not found above " + System.getProperty("user.dir"));
    }

    /** The options in the page's marked block, one per line. */
    private static List<String> documentedOptions() throws IOException {
        String page = Files.readString(doc());
        String block = page.substring(page.indexOf("<!-- jvm-options:begin -->"), page.indexOf("<!-- jvm-options:end -->"));
        return Arrays.stream(block.split("\n")).map(String::trim).filter(l -> l.startsWith("-")).toList();
    }

    @Test
    void theDocumentedOptionsAreTheBuildsAndEveryCopyOnThePageAgrees() throws IOException {
        List<String> documented = documentedOptions();
        assertThat(documented).hasSize(14).contains("-Dchronicle.analytics.disable=true");
        assertThat(documented).containsExactlyInAnyOrderElementsOf(ChildJvm.chronicleOptions());
        String page = Files.readString(doc());
        String oneLine = String.join(" ", documented);
        assertThat(page).as("the java command line and the Surefire property").contains("java " + oneLine + " -cp")
                .contains("<chronicle.jvm.options>" + oneLine + "</chronicle.jvm.options>");
    }

    @Test
    void theDocumentedOptionsAreEnoughToWriteAndReadAChannel() throws Exception {
        List<String> options = documentedOptions();
        try (ChildJvm writer = ChildJvm.start(options, ChannelProcess.class, "write", work.toString(), "c", "cached", "100", "1000", "all")) {
            assertThat(writer.awaitExit(WAIT)).as("writer's exit code" + writer.errors()).isZero();
        }
        try (ChildJvm reader = ChildJvm.start(options, ChannelProcess.class, "read", work.resolve("c").toString(), "0")) {
            assertThat(reader.await("read", WAIT)).isEqualTo("read 1000 token-0 token-999 tell=1000 complete=true");
            assertThat(reader.awaitExit(WAIT)).as("reader's exit code" + reader.errors()).isZero();
        }
    }

    @Test
    void withoutTheOptionsOpeningAChannelFailsWithTheDocumentedError() throws Exception {
        List<String> none = List.of("-Dchronicle.analytics.disable=true");
        Path channelDir = work.resolve("c");
        try (ChildJvm writer = ChildJvm.start(none, ChannelProcess.class, "write", work.toString(), "c", "direct", "100", "10", "all")) {
            assertThat(writer.awaitExit(WAIT)).isNotZero();
            // The JDK's wording differs: Java 17 says "member is private: sun.nio.ch.FileChannelImpl.map0",
            // Java 25 "class is not public: sun.nio.ch.UnixFileDispatcherImpl.map0".
            assertThat(writer.errors())
                    .contains("io.sluice.channel.ChannelException: channel 'c' (" + channelDir + "): cannot open the queue files: "
                            + "java.lang.AssertionError: java.lang.IllegalAccessException: ")
                    .contains(".map0")
                    .contains("the JVM lacks the options Chronicle Queue needs (see docs/jvm-options.md)");
        }
        assertThat(channelDir.resolve("channel.json")).as("the directory is left free for another try").doesNotExist();

        // With the options, the same directory takes the channel; a reader without them fails alike.
        try (ChildJvm writer = ChildJvm.start(ChannelProcess.class, "write", work.toString(), "c", "direct", "100", "10", "all")) {
            assertThat(writer.awaitExit(WAIT)).as("writer's exit code" + writer.errors()).isZero();
        }
        try (ChildJvm reader = ChildJvm.start(none, ChannelProcess.class, "read", channelDir.toString(), "0")) {
            assertThat(reader.awaitExit(WAIT)).isNotZero();
            assertThat(reader.errors()).contains("IllegalAccessException: ").contains(".map0")
                    .contains("the JVM lacks the options Chronicle Queue needs (see docs/jvm-options.md)");
        }
    }
}
