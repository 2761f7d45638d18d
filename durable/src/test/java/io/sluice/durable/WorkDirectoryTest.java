package io.sluice.durable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Taking a work directory, and replacing what an earlier run left in it. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class WorkDirectoryTest {
    @TempDir
    Path dir;

    @Test
    void oneRunAtATimeHoldsADirectory() throws Exception {
        Path work = dir.resolve("a/b");
        try (WorkDirectory first = WorkDirectory.take(work)) {
            assertThat(first.path()).isEqualTo(work);
            assertThat(Files.readString(work.resolve(WorkDirectory.LOCK))).startsWith("process " + ProcessHandle.current().pid() + ", since ");
            assertThatThrownBy(() -> WorkDirectory.take(work)).isInstanceOfSatisfying(WorkDirectoryInUseException.class, e -> {
                assertThat(e.directory()).isEqualTo(work);
                assertThat(e.holder()).startsWith("process " + ProcessHandle.current().pid());
                assertThat(e).hasMessageStartingWith("work directory " + work + " is in use by process ");
            });
        }
        WorkDirectory.take(work).close();
        assertThat(work.resolve(WorkDirectory.LOCK)).as("the lock file stays, so that every process locks the same file").exists();
    }

    @Test
    void aDefinitionIsKeptWithItsChecksumAndDamageIsNamed() throws Exception {
        Path work = dir.resolve("w");
        Map<String, String> definition = new LinkedHashMap<>();
        definition.put("sample", "filter");
        definition.put("seed", "1");
        try (WorkDirectory w = WorkDirectory.take(work)) {
            assertThat(w.definition()).isEmpty();
            w.keepDefinition(definition);
            assertThat(w.definition()).contains(definition);
            Path file = work.resolve(WorkDirectory.DEFINITION);
            // A flipped bit that leaves valid JSON with another name (the damage suite found "seef").
            Files.writeString(file, Files.readString(file).replace("\"seed\"", "\"seef\""));
            assertThatThrownBy(w::definition).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining(file.toString())
                    .hasMessageContaining("fails its checksum");
            Files.writeString(file, "{\"seed\": \"1\"}");
            assertThatThrownBy(w::definition).isInstanceOf(IllegalStateException.class).hasMessageContaining("no 'crc32c'");
        }
    }

    @Test
    void anEarlierRunIsReplacedWhole() throws Exception {
        try (WorkDirectory work = WorkDirectory.take(dir)) {
            assertThat(work.holdsEarlierRun()).isFalse();
            Files.createDirectories(work.channels().resolve("a.out"));
            Files.writeString(work.channels().resolve("a.out/channel.json"), "{}");
            Files.createDirectories(work.checkpoints());
            Files.writeString(work.checkpoints().resolve("metadata.cq4t"), "x");
            Files.writeString(dir.resolve("result.txt"), "kept");
            assertThat(work.holdsEarlierRun()).isTrue();

            assertThat(work.removeEarlierRun()).isEqualTo(new WorkDirectory.EarlierRun(1, true, false));
            assertThat(work.channels().resolve("a.out")).doesNotExist();
            assertThat(work.checkpoints()).doesNotExist();
            assertThat(dir.resolve("result.txt")).as("an actor's result is the actor's to replace").exists();
            assertThat(work.holdsEarlierRun()).isFalse();
        }
    }

    @Test
    void nothingIsRemovedIfAnythingThereWasNotWrittenBySluice() throws Exception {
        try (WorkDirectory work = WorkDirectory.take(dir)) {
            Files.createDirectories(work.channels().resolve("a.out"));
            Files.writeString(work.channels().resolve("a.out/channel.json"), "{}");
            Files.createDirectories(work.channels().resolve("notes"));
            assertThatThrownBy(work::removeEarlierRun).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining(dir + " holds channels/notes, which is not a channel of an earlier run");
            assertThat(work.channels().resolve("a.out/channel.json")).as("removed nothing").exists();

            Files.delete(work.channels().resolve("notes"));
            Files.createDirectories(work.provenance());
            Files.writeString(work.provenance().resolve("thesis.tex"), "mine");
            assertThatThrownBy(work::removeEarlierRun).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("holds provenance, which is not the provenance of an earlier run");
            assertThatThrownBy(work::removeEarlierProvenance).isInstanceOf(IllegalStateException.class);
            assertThat(work.channels().resolve("a.out/channel.json")).exists();
            assertThat(work.provenance().resolve("thesis.tex")).exists();
        }
    }
}
