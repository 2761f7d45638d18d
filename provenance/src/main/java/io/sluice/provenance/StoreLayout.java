package io.sluice.provenance;

import io.sluice.channel.local.internal.WriterLock;
import io.sluice.run.WorkLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Where a run's provenance lives, under {@code <work>/provenance}:
 *
 * <pre>
 * run.json                      the run and its workflow ({@link RunFile}), written when the run starts
 * firings/                      a Chronicle queue of batches of firing records ({@link FiringBatch})
 * firings/writer.lock           locked by the recorder while the run records ({@link io.sluice.channel.local.WriterLock})
 * index/indexes                 every index of the run ({@link IndexSetFile}): created when the run starts,
 *                               written when it ended
 * index/complete                written when the run ended and every record and index is on disk:
 *                               how it ended ({@link RunFile.RunEnd}; before format 6 its status only,
 *                               and run.json was written again with its end)
 * </pre>
 *
 * The indexes, by name:
 *
 * <pre>
 * a&lt;actor&gt;.batches               per actor: (first firing of a batch, its Chronicle index)
 * a&lt;actor&gt;.emptied               per actor: (a firing before which its state was declared empty, the same firing)
 * c&lt;channel&gt;.produced             per channel and batch: (first seq the batch's firings produced on it, their firing)
 * c&lt;channel&gt;.r&lt;reader&gt;.consumed   per channel, reader and batch: (first seq consumed, its firing)
 * </pre>
 *
 * Actors, channels and readers are numbered by their place in the workflow of {@code run.json}.
 * Before format 7 there were no {@code emptied} indexes.
 * Before format 5 each index was a file of its own in {@code index/}, under its name, created
 * when the run started ({@link #indexFile}).
 */
final class StoreLayout {
    static final String DIRECTORY = WorkLayout.PROVENANCE;
    private final Path root;

    StoreLayout(Path workDirectory) {
        this.root = workDirectory.resolve(DIRECTORY);
    }

    private StoreLayout(Path root, boolean isRoot) {
        this.root = root;
    }

    /** The layout of provenance kept in {@code root} rather than in a work directory's {@code provenance}. */
    static StoreLayout at(Path root) {
        return new StoreLayout(root, true);
    }

    Path root() {
        return root;
    }

    /**
     * Whether the directory holds what a recorder writes first, and nothing else: its index
     * directory, without files, and the temporary file of {@code run.json}. A recorder killed
     * while it started leaves that.
     */
    boolean holdsAnInterruptedStart() throws IOException {
        try (Stream<Path> entries = Files.list(root)) {
            for (Path entry : entries.toList()) {
                if (entry.equals(index())) {
                    try (Stream<Path> indexFiles = Files.list(entry)) {
                        if (indexFiles.findAny().isPresent()) {
                            return false;
                        }
                    }
                } else if (!entry.getFileName().toString().equals(RunFile.TEMPORARY_NAME)) {
                    return false;
                }
            }
        }
        return true;
    }

    Path firings() {
        return root.resolve("firings");
    }

    Path index() {
        return root.resolve("index");
    }

    /** The file of all the indexes (format 5 on). */
    Path indexes() {
        return index().resolve("indexes");
    }

    /** The file of the index {@code name} in a store of format 4 or older. */
    Path indexFile(String name) {
        return index().resolve(name);
    }

    static String batches(int actor) {
        return "a" + actor + ".batches";
    }

    static String emptied(int actor) {
        return "a" + actor + ".emptied";
    }

    static String produced(int channel) {
        return "c" + channel + ".produced";
    }

    static String consumed(int channel, int reader) {
        return "c" + channel + ".r" + reader + ".consumed";
    }

    /** The name of each channel's produced index, by its writer port ({@code actor.port}). */
    static Map<String, String> producedIndexes(RunFile run) {
        Map<String, String> out = new HashMap<>();
        List<RunFile.ChannelEntry> channels = run.workflow().channels();
        for (int c = 0; c < channels.size(); c++) {
            out.put(channels.get(c).writer(), produced(c));
        }
        return out;
    }

    /** The name of each channel reader's consumed index, by its reader port ({@code actor.port}). */
    static Map<String, String> consumedIndexes(RunFile run) {
        Map<String, String> out = new HashMap<>();
        List<RunFile.ChannelEntry> channels = run.workflow().channels();
        for (int c = 0; c < channels.size(); c++) {
            List<String> readers = channels.get(c).readers();
            for (int r = 0; r < readers.size(); r++) {
                out.put(readers.get(r), consumed(c, r));
            }
        }
        return out;
    }

    Path complete() {
        return index().resolve("complete");
    }
}
