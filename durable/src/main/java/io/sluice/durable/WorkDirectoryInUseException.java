package io.sluice.durable;

import java.nio.file.Path;

/**
 * A run could not take its work directory: another run holds it ({@link WorkDirectory#take}), in
 * another process or in this one. Nothing in the directory was touched.
 */
public final class WorkDirectoryInUseException extends IllegalStateException {
    private static final long serialVersionUID = 1L;
    private final transient Path directory;
    private final String holder;

    WorkDirectoryInUseException(Path directory, String holder) {
        super("work directory " + directory + " is in use by " + holder + " (it holds " + directory.resolve(WorkDirectory.LOCK)
                + " locked): wait for that run to end, or use another work directory");
        this.directory = directory;
        this.holder = holder;
    }

    /** The work directory. */
    public Path directory() {
        return directory;
    }

    /** Who holds it, as its holder wrote it: {@code process 1234, since 2026-11-26T10:00:00Z}. */
    public String holder() {
        return holder;
    }
}
