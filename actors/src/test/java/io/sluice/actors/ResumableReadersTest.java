package io.sluice.actors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.Resumable;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The file readers resume from their snapshot: the items they had put are read past, not put again. */
class ResumableReadersTest {
    @TempDir
    Path dir;

    /** A firing context that adds what is put to {@code put} and notes a finish in {@code finished[0]}; a reader takes nothing. */
    private static FiringContext recording(List<Object> put, boolean[] finished) {
        return (FiringContext) Proxy.newProxyInstance(FiringContext.class.getClassLoader(), new Class<?>[] {FiringContext.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "put" -> put.add(args[1]);
                    case "finish" -> finished[0] = true;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    /** What an actor puts when fired until it finishes. */
    private static List<Object> fireToTheEnd(Actor actor) throws Exception {
        List<Object> put = new ArrayList<>();
        boolean[] finished = {false};
        FiringContext context = recording(put, finished);
        for (int i = 0; i < 1000 && !finished[0]; i++) {
            actor.fire(context);
        }
        assertThat(finished[0]).as("the actor finished").isTrue();
        return put;
    }

    /** Puts {@code fired} items, takes the snapshot, and returns a fresh reader resumed from it. */
    private static <A extends Actor & Resumable> List<Object> resumedAfter(A first, A second, int fired) throws Exception {
        List<Object> before = new ArrayList<>();
        FiringContext context = recording(before, new boolean[1]);
        first.initialize(null);
        for (int i = 0; i < fired; i++) {
            first.fire(context);
        }
        byte[] snapshot = first.snapshot();
        first.wrapUp(null);
        second.resume(null, snapshot);
        try {
            List<Object> all = new ArrayList<>(before);
            all.addAll(fireToTheEnd(second));
            return all;
        } finally {
            second.wrapUp(null);
        }
    }

    @Test
    void aResumedLineReaderPutsTheLinesAfterThoseItHadPut() throws Exception {
        Path file = Files.writeString(dir.resolve("in.txt"), "header\na\nb\nc\nd\ne\n", StandardCharsets.UTF_8);

        assertThat(resumedAfter(new LineReader(file, 1, 0), new LineReader(file, 1, 0), 2)).containsExactly("a", "b", "c", "d", "e");
        assertThat(resumedAfter(new LineReader(file, 1, 3), new LineReader(file, 1, 3), 3)).as("at its limit")
                .containsExactly("a", "b", "c");
    }

    @Test
    void aResumedCsvReaderPutsTheRowsAfterThoseItHadPut() throws Exception {
        Path file = Files.writeString(dir.resolve("in.csv"), "x,y\n1,a\n2,b\n3,c\n", StandardCharsets.UTF_8);

        assertThat(resumedAfter(new CsvReader(file), new CsvReader(file), 1))
                .containsExactly(List.of(1, "a"), List.of(2, "b"), List.of(3, "c"));
    }

    @Test
    void aFileShorterThanTheSnapshotCountsFailsTheResumeNamingTheFile() throws Exception {
        Path file = Files.writeString(dir.resolve("in.txt"), "a\nb\nc\n", StandardCharsets.UTF_8);
        LineReader first = new LineReader(file);
        first.initialize(null);
        FiringContext ignore = recording(new ArrayList<>(), new boolean[1]);
        first.fire(ignore);
        first.fire(ignore);
        byte[] snapshot = first.snapshot();
        first.wrapUp(null);
        Files.writeString(file, "a\n", StandardCharsets.UTF_8);

        LineReader second = new LineReader(file);
        assertThatThrownBy(() -> second.resume(null, snapshot)).isInstanceOf(IOException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("has 1 lines to put, but the run to resume had put 2");
        second.wrapUp(null);
        assertThatThrownBy(() -> new LineReader(file).resume(null, new byte[3])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("has 3 bytes, not a count of 8");
    }
}
