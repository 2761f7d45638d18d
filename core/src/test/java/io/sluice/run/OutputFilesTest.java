package io.sluice.run;

import static io.sluice.testing.TestActors.emit;
import static io.sluice.testing.TestActors.writeLines;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.workflow.Workflow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files that actors write are checked against the work directory before a run writes anything. */
class OutputFilesTest {
    @TempDir
    Path temporary;
    /** The temporary directory with its links followed, so that only the tests' own links are there. */
    private Path tmp;

    @BeforeEach
    void followLinks() throws IOException {
        tmp = temporary.toRealPath();
    }

    private static Workflow writing(String path) {
        return Workflow.builder("w")
                .actor("src", emit(String.class, List.of("a")))
                .actor("sink", writeLines(path))
                .connect("src.out", "sink.in")
                .build();
    }

    private OutputFiles resolve(String path, Path work) throws RunFailedException {
        return OutputFiles.resolve(writing(path), work, false);
    }

    private void assertRefused(String path, Path work, Path target, boolean throughLink) {
        assertThatThrownBy(() -> resolve(path, work))
                .isInstanceOfSatisfying(OutsideWorkDirectoryException.class, e -> {
                    assertThat(e.actor()).isEqualTo("sink");
                    assertThat(e.parameter()).isEqualTo("file");
                    assertThat(e.path()).isEqualTo(path);
                    assertThat(e.workDirectory()).isEqualTo(work);
                    assertThat(e.target()).isEqualTo(target);
                })
                .hasMessage("actor 'sink' would write outside the work directory " + work + ": parameter 'file' is \"" + path
                        + "\"" + (target.toString().equals(path) ? "" : ", which " + (throughLink ? "leads through a symbolic link to " : "is ")
                        + target) + ", and this run does not allow writes outside its work directory");
    }

    @Test
    void aRelativeFileIsResolvedInTheWorkDirectoryWhichNeedNotExistYet() throws Exception {
        Path work = tmp.resolve("w");
        assertThat(resolve("out/result.txt", work).file("sink", "file")).isEqualTo(work.resolve("out/result.txt"));
        assertThat(resolve("out/../result.txt", work).file("sink", "file")).isEqualTo(work.resolve("out/../result.txt"));
        assertThat(work).doesNotExist();
    }

    @Test
    void anAbsolutePathOutsideIsRefused() throws Exception {
        Path work = Files.createDirectory(tmp.resolve("w"));
        Path outside = tmp.resolve("elsewhere/x.txt");
        assertRefused(outside.toString(), work, outside, false);
        assertThat(tmp.resolve("elsewhere")).doesNotExist();
        assertThat(resolve(work.resolve("in.txt").toString(), work).file("sink", "file")).isEqualTo(work.resolve("in.txt"));
    }

    @Test
    void dotDotOutOfTheWorkDirectoryIsRefused() throws Exception {
        Path work = Files.createDirectories(tmp.resolve("a/w"));
        assertRefused("../../x.txt", work, tmp.resolve("x.txt"), false);
        assertRefused("new/../../x.txt", work, tmp.resolve("a/x.txt"), false);
        assertRefused("..", work, tmp.resolve("a"), false);
    }

    @Test
    void aSymbolicLinkOutOfTheWorkDirectoryIsRefused() throws Exception {
        Path work = Files.createDirectory(tmp.resolve("w"));
        Path outside = Files.createDirectory(tmp.resolve("outside"));
        Files.createSymbolicLink(work.resolve("dir"), outside);
        Files.writeString(outside.resolve("victim.txt"), "keep me");
        Files.createSymbolicLink(work.resolve("file.txt"), outside.resolve("victim.txt"));
        Files.createSymbolicLink(work.resolve("dangling.txt"), outside.resolve("not-yet.txt"));
        Files.createSymbolicLink(work.resolve("up"), Path.of(".."));
        Path real = outside.toRealPath();

        assertRefused("dir/x.txt", work, real.resolve("x.txt"), true);
        assertRefused("file.txt", work, real.resolve("victim.txt"), true);
        assertRefused("dangling.txt", work, real.resolve("not-yet.txt"), true);
        assertRefused("up/outside/y.txt", work, real.resolve("y.txt"), true);
        assertThat(Files.readString(outside.resolve("victim.txt"))).isEqualTo("keep me");
        assertThat(outside.resolve("not-yet.txt")).doesNotExist();
    }

    @Test
    void aSymbolicLinkWithinTheWorkDirectoryIsFollowedAndAllowed() throws Exception {
        Path work = Files.createDirectory(tmp.resolve("w"));
        Files.createDirectory(work.resolve("results"));
        Files.createSymbolicLink(work.resolve("latest"), Path.of("results"));
        assertThat(resolve("latest/r.txt", work).file("sink", "file")).isEqualTo(work.resolve("latest/r.txt"));
        // The work directory itself may be reached through a link.
        Path alias = Files.createSymbolicLink(tmp.resolve("alias"), work);
        assertThat(resolve("r.txt", alias).file("sink", "file")).isEqualTo(alias.resolve("r.txt"));
    }

    @Test
    void aLoopOfLinksCannotBeCheckedAndIsRefused() throws Exception {
        Path work = Files.createDirectory(tmp.resolve("w"));
        Files.createSymbolicLink(work.resolve("a"), Path.of("b"));
        Files.createSymbolicLink(work.resolve("b"), Path.of("a"));
        assertThatThrownBy(() -> resolve("a/x.txt", work))
                .isInstanceOf(RunFailedException.class)
                .isNotInstanceOf(OutsideWorkDirectoryException.class)
                .hasMessageStartingWith("actor 'sink': cannot check that parameter 'file' (\"a/x.txt\") names a file inside the work directory "
                        + work);
    }

    @Test
    void filesOutsideAreGivenAsNamedWhenTheRunAllowsThem() throws Exception {
        Path work = Files.createDirectory(tmp.resolve("w"));
        Files.createSymbolicLink(work.resolve("dir"), tmp);
        for (String path : new String[] {tmp.resolve("x.txt").toString(), "../x.txt", "dir/x.txt"}) {
            assertThat(OutputFiles.resolve(writing(path), work, true).file("sink", "file")).isEqualTo(work.resolve(path));
        }
    }

    @Test
    void anActorThatWritesFilesNeedsAWorkDirectory() {
        assertThatThrownBy(() -> OutputFiles.resolve(writing("r.txt"), null, true))
                .isInstanceOf(RunFailedException.class)
                .hasMessage("actor 'sink' writes files [r.txt], but the run has no work directory;"
                        + " set RunConfig.builder().workDirectory(...)");
    }

    @Test
    void aFileNotDeclaredIsNamedWithTheDeclaredOnes() throws IOException, RunFailedException {
        OutputFiles files = resolve("r.txt", tmp);
        assertThatThrownBy(() -> files.file("sink", "log"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("actor 'sink' declared no file under parameter 'log'; it declared [file]");
        assertThatThrownBy(() -> files.file("other", "file")).hasMessageStartingWith("actor 'other' declared no file");
    }
}
