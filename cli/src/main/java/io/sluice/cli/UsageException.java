package io.sluice.cli;

/**
 * The arguments are wrong: an unknown workflow, options that do not go together, an input file
 * that cannot be read. {@link RunCommand} turns it into a picocli parameter error, so it ends the
 * command with exit code {@value Main#USAGE} and the message on stderr, without a stack trace.
 */
final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message);
    }
}
