package io.sluice.run;

import java.nio.file.Path;

/**
 * A run was refused before it started because an actor would write a file outside the run's work
 * directory, and the run does not allow that
 * ({@link RunConfig.Builder#allowWritesOutsideWorkDirectory}). The message names the actor, the
 * parameter that gives the file, the path as given, where it leads and the work directory.
 */
public final class OutsideWorkDirectoryException extends RunFailedException {
    private static final long serialVersionUID = 1L;
    private final String actor;
    private final String parameter;
    private final String path;
    private final transient Path workDirectory;
    private final transient Path target;

    /**
     * @param actor the actor that would write the file
     * @param parameter the parameter that gives the file
     * @param path the file's path as given
     * @param workDirectory the run's work directory
     * @param target where the file would be, once {@code ..} and symbolic links are followed
     * @param throughLink whether a symbolic link leads there
     */
    public OutsideWorkDirectoryException(String actor, String parameter, String path, Path workDirectory, Path target,
            boolean throughLink) {
        super("actor '" + actor + "' would write outside the work directory " + workDirectory + ": parameter '" + parameter
                + "' is \"" + path + "\"" + (target.toString().equals(path) ? ""
                        : ", which " + (throughLink ? "leads through a symbolic link to " : "is ") + target)
                + ", and this run does not allow writes outside its work directory", null);
        this.actor = actor;
        this.parameter = parameter;
        this.path = path;
        this.workDirectory = workDirectory;
        this.target = target;
    }

    /** The actor that would write the file. */
    public String actor() {
        return actor;
    }

    /** The parameter that gives the file. */
    public String parameter() {
        return parameter;
    }

    /** The file's path as given. */
    public String path() {
        return path;
    }

    /** The run's work directory. */
    public Path workDirectory() {
        return workDirectory;
    }

    /** Where the file would be, once {@code ..} and symbolic links are followed. */
    public Path target() {
        return target;
    }
}
