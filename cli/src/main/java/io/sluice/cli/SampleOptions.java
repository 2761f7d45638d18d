package io.sluice.cli;

import io.sluice.samples.SampleWorkflows;
import io.sluice.samples.WordSource;
import io.sluice.workflow.Workflow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import picocli.CommandLine.Option;

/**
 * The options of {@code sluice run} that feed and tune the sample workflows: where the words come
 * from ({@code --tokens} generated words with {@code --seed}, or an {@code --input} word list) and
 * the pass-through's busy work ({@code --busy}). A JSON workflow sets these as parameters of its
 * actors, so there they are usage errors.
 *
 * <p>Filled in by picocli and read on the thread of {@link Main#run}. Fields left null were not
 * given; {@link #build} applies the defaults.
 */
final class SampleOptions {
    /** Generated words when neither {@code --tokens} nor {@code --input} is given. */
    static final long DEFAULT_TOKENS = 100_000;
    /** The default for {@code insertion-sort}, which moves about n²/2 tokens for n words. */
    static final long DEFAULT_INSERTION_SORT_TOKENS = 5_000;
    static final long DEFAULT_SEED = 1;

    @Option(names = "--tokens", paramLabel = "N",
            description = "Generate N words (default: " + DEFAULT_TOKENS + ", " + DEFAULT_INSERTION_SORT_TOKENS
                    + " for insertion-sort).")
    Long tokens;

    @Option(names = "--input", paramLabel = "FILE",
            description = "Read the words from FILE, one per line (UTF-8), instead of generating them.")
    Path input;

    @Option(names = "--seed", paramLabel = "S",
            description = "Seed of the generated words (default: " + DEFAULT_SEED + ").")
    Long seed;

    @Option(names = "--busy", paramLabel = "N",
            description = "Busy-loop iterations per word in the passthrough workflow (default: 0).")
    Long busy;

    /** The options given, as written on the command line, in a fixed order. */
    List<String> given() {
        List<String> names = new ArrayList<>();
        if (tokens != null) {
            names.add("--tokens");
        }
        if (input != null) {
            names.add("--input");
        }
        if (seed != null) {
            names.add("--seed");
        }
        if (busy != null) {
            names.add("--busy");
        }
        return names;
    }

    /**
     * Builds the named sample workflow fed as the options say.
     *
     * @param sample one of {@link SampleWorkflows#NAMES}
     * @param currentDirectory what a relative {@code --input} is resolved against
     * @throws UsageException if options conflict, a count is negative, {@code --busy} is given
     *     for another workflow than passthrough, or the input file cannot be read
     */
    Workflow build(String sample, Path currentDirectory) {
        if (tokens != null && input != null) {
            throw new UsageException("--tokens and --input are mutually exclusive: generate words or read them, not both");
        }
        if (seed != null && input != null) {
            throw new UsageException("--seed applies to generated words; it cannot be combined with --input");
        }
        if (tokens != null && tokens < 0) {
            throw new UsageException("--tokens must not be negative, was " + tokens);
        }
        if (busy != null && !sample.equals("passthrough")) {
            throw new UsageException("--busy applies to the passthrough workflow only, not to " + sample);
        }
        if (busy != null && busy < 0) {
            throw new UsageException("--busy must not be negative, was " + busy);
        }
        return SampleWorkflows.named(sample, source(sample, currentDirectory), busy == null ? 0 : busy);
    }

    private WordSource source(String sample, Path currentDirectory) {
        if (input != null) {
            return WordSource.fromFile(readableFile("--input", input, currentDirectory));
        }
        return WordSource.generated(tokens(sample), seed());
    }

    /** How many words the sample generates: {@code --tokens}, or its default. */
    long tokens(String sample) {
        return tokens != null ? tokens : sample.equals("insertion-sort") ? DEFAULT_INSERTION_SORT_TOKENS : DEFAULT_TOKENS;
    }

    /** How many words the sample's source will put, if known: generated words are counted in advance, a file's are not. */
    OptionalLong knownTokens(String sample) {
        return input == null ? OptionalLong.of(tokens(sample)) : OptionalLong.empty();
    }

    /** The seed of the generated words: {@code --seed}, or its default. */
    long seed() {
        return seed == null ? DEFAULT_SEED : seed;
    }

    /**
     * {@code file} resolved against the current directory, checked to be a readable regular file.
     *
     * @throws UsageException naming the option and the file as the user wrote it
     */
    static Path readableFile(String what, Path file, Path currentDirectory) {
        Path resolved = currentDirectory.resolve(file);
        if (!Files.exists(resolved)) {
            throw new UsageException(what + ": no such file: " + file);
        }
        if (!Files.isRegularFile(resolved)) {
            throw new UsageException(what + ": not a regular file: " + file);
        }
        if (!Files.isReadable(resolved)) {
            throw new UsageException(what + ": file is not readable: " + file);
        }
        return resolved;
    }
}
