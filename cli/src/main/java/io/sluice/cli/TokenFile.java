package io.sluice.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * The {@code --token-file F} of {@code serve} and {@code space}: the file holds a space's shared
 * token, so that it does not show on a command line (which other users of the machine can list).
 */
final class TokenFile {
    private TokenFile() {}

    /**
     * The token in {@code file} (resolved against {@code currentDirectory}): its content, UTF-8,
     * trimmed; or null if no file was given.
     *
     * @throws ParameterException (exit code {@value Main#USAGE}) naming the file if it is missing,
     *     unreadable or holds only white space
     */
    static String read(CommandSpec spec, Path currentDirectory, Path file) {
        return read(spec, "--token-file", currentDirectory, file);
    }

    /** As {@link #read(CommandSpec, Path, Path)}, for the option {@code option}. */
    static String read(CommandSpec spec, String option, Path currentDirectory, Path file) {
        if (file == null) {
            return null;
        }
        Path path = currentDirectory.resolve(file);
        String token;
        try {
            token = Files.readString(path, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new ParameterException(spec.commandLine(), option + ": cannot read " + file + ": " + reason(e), e);
        }
        if (token.isEmpty()) {
            throw new ParameterException(spec.commandLine(), option + ": " + file + " is empty");
        }
        return token;
    }

    private static String reason(IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof java.nio.charset.CharacterCodingException) {
            return "not UTF-8 text";
        }
        return e.getMessage() != null ? e.getMessage() : e.toString();
    }
}
