package io.sluice.run;

import io.sluice.actor.WritesFiles;
import io.sluice.workflow.ActorNode;
import io.sluice.workflow.Workflow;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The files the actors of a workflow write besides their channels, as they declare them
 * ({@link WritesFiles}), resolved against a run's work directory and checked against it. A
 * director resolves them when a run starts, before it opens a channel or initialises an actor,
 * and gives each actor its own through {@link io.sluice.actor.ActorContext#outputFile}; a program
 * that prepares a work directory before a run (the {@code sluice} command) resolves them first,
 * so as to refuse the run before it changes anything.
 *
 * <p>Unless writes outside the work directory are allowed, every file must lie inside it once
 * {@code ..} and the symbolic links present when it is checked are followed: a link anywhere on
 * the way, the file itself being a link, and a link whose target does not exist yet are all
 * followed. A link made while the run runs is not seen, nor is a hard link.
 *
 * <p>Immutable and thread-safe; {@link #resolve} reads the file system and keeps nothing open.
 */
public final class OutputFiles {
    /** As Linux's limit on the symbolic links followed in one path. */
    private static final int MAX_LINKS = 40;

    /** Actor name to parameter to the resolved file. */
    private final Map<String, Map<String, Path>> files;

    private OutputFiles(Map<String, Map<String, Path>> files) {
        this.files = files;
    }

    /**
     * Resolves and checks the files of every actor of {@code workflow} that writes files.
     *
     * @param workDirectory the run's work directory, or null if it has none; it need not exist yet
     * @param writesOutsideAllowed whether files outside the work directory are allowed
     *     ({@link RunConfig#allowsWritesOutsideWorkDirectory()})
     * @throws OutsideWorkDirectoryException naming the first file found outside the work directory,
     *     if that is not allowed
     * @throws RunFailedException if an actor writes files but the run has no work directory, a path
     *     is not valid, an actor's {@link WritesFiles#outputFiles()} throws, or a path cannot be
     *     checked (a loop of symbolic links, a directory that cannot be read)
     */
    public static OutputFiles resolve(Workflow workflow, Path workDirectory, boolean writesOutsideAllowed)
            throws RunFailedException {
        Map<String, Map<String, Path>> files = new LinkedHashMap<>();
        Path realWork = null;
        for (ActorNode node : workflow.actors()) {
            if (!(node.actor() instanceof WritesFiles writer)) {
                continue;
            }
            Map<String, String> declared = declared(node.name(), writer);
            if (declared.isEmpty()) {
                continue;
            }
            if (workDirectory == null) {
                throw new RunFailedException("actor '" + node.name() + "' writes files " + declared.values()
                        + ", but the run has no work directory; set RunConfig.builder().workDirectory(...)", null);
            }
            Map<String, Path> resolved = new LinkedHashMap<>();
            for (Map.Entry<String, String> e : declared.entrySet()) {
                String parameter = e.getKey();
                String path = e.getValue();
                Path file;
                try {
                    file = workDirectory.resolve(path);
                } catch (InvalidPathException x) {
                    throw new RunFailedException("actor '" + node.name() + "': parameter '" + parameter + "' is not a valid path: "
                            + x.getMessage(), x);
                }
                if (!writesOutsideAllowed) {
                    try {
                        if (realWork == null) {
                            realWork = real(workDirectory.toAbsolutePath());
                        }
                        Path target = real(file.toAbsolutePath());
                        if (!target.startsWith(realWork)) {
                            boolean throughLink = !target.equals(file.toAbsolutePath().normalize());
                            throw new OutsideWorkDirectoryException(node.name(), parameter, path, workDirectory, target, throughLink);
                        }
                    } catch (IOException x) {
                        throw new RunFailedException("actor '" + node.name() + "': cannot check that parameter '" + parameter
                                + "' (\"" + path + "\") names a file inside the work directory " + workDirectory + ": " + x, x);
                    }
                }
                resolved.put(parameter, file);
            }
            files.put(node.name(), Map.copyOf(resolved));
        }
        return new OutputFiles(Map.copyOf(files));
    }

    /**
     * The file {@code actor} declared under {@code parameter}, resolved against the work directory.
     *
     * @throws IllegalArgumentException if the actor declared no file under that parameter
     */
    public Path file(String actor, String parameter) {
        Path file = files.getOrDefault(actor, Map.of()).get(parameter);
        if (file == null) {
            throw new IllegalArgumentException("actor '" + actor + "' declared no file under parameter '" + parameter
                    + "'; it declared " + files.getOrDefault(actor, Map.of()).keySet()
                    + " (an actor declares the files it writes with WritesFiles.outputFiles())");
        }
        return file;
    }

    private static Map<String, String> declared(String actor, WritesFiles writer) throws RunFailedException {
        try {
            return Map.copyOf(writer.outputFiles());
        } catch (RuntimeException e) {
            throw new RunFailedException("actor '" + actor + "' could not tell which files it writes: " + e, e);
        }
    }

    /**
     * Where an absolute path leads once {@code ..} and symbolic links are followed, as the file
     * system would follow them; the part that does not exist yet is appended to the real path of
     * the part that does.
     */
    private static Path real(Path path) throws IOException {
        return real(path, 0);
    }

    private static Path real(Path path, int links) throws IOException {
        Path existing = path;
        List<Path> missing = new ArrayList<>();
        while (!Files.exists(existing, LinkOption.NOFOLLOW_LINKS) && existing.getParent() != null) {
            missing.add(existing.getFileName());
            existing = existing.getParent();
        }
        Path real;
        try {
            real = existing.toRealPath();
        } catch (NoSuchFileException e) {
            // A link whose target does not exist: writing through it would create the target.
            if (links >= MAX_LINKS) {
                throw new FileSystemException(path.toString(), null, "too many symbolic links");
            }
            real = real(existing.resolveSibling(Files.readSymbolicLink(existing)), links + 1);
        }
        for (int i = missing.size() - 1; i >= 0; i--) {
            real = real.resolve(missing.get(i));
        }
        return real.normalize();
    }
}
