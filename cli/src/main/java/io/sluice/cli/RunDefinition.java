package io.sluice.cli;

import io.sluice.samples.SampleWorkflows;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What {@code sluice run} was asked to compute, as far as it decides what the workflow's sources
 * produce: the workflow (a sample's name, or a JSON file and a digest of its content) and, for a
 * sample, the words it is fed ({@code --tokens} and {@code --seed} with their defaults applied, or
 * {@code --input} and a digest of the file). A new run keeps it in its work directory
 * ({@link io.sluice.durable.WorkDirectory#definition}); a resumed one must be asked the same, or
 * the tokens it puts again would differ from those stored. Options that do not change what is
 * computed ({@code --director}, {@code --channels}, {@code --busy}, ...) are not part of it.
 *
 * <p>Stateless; on the thread of {@link Main#run}.
 */
final class RunDefinition {
    private RunDefinition() {}

    /**
     * The definition of a run of {@code workflow} (the argument as given) fed by {@code samples}.
     *
     * @throws UsageException if a file it names cannot be read
     */
    static Map<String, String> of(String workflow, SampleOptions samples, Path currentDirectory) {
        Map<String, String> d = new LinkedHashMap<>();
        if (SampleWorkflows.NAMES.contains(workflow)) {
            d.put("workflow", workflow);
            if (samples.input != null) {
                Path input = currentDirectory.resolve(samples.input);
                d.put("--input", input.toAbsolutePath().normalize().toString());
                d.put("--input content (SHA-256)", sha256("--input", input));
            } else {
                d.put("--tokens", Long.toString(samples.tokens(workflow)));
                d.put("--seed", Long.toString(samples.seed()));
            }
        } else {
            Path file = currentDirectory.resolve(workflow);
            d.put("workflow", file.toAbsolutePath().normalize().toString());
            d.put("workflow file content (SHA-256)", sha256("workflow file", file));
        }
        return d;
    }

    /**
     * Checks that a resumed run is asked what the run it resumes was.
     *
     * @param started the definition the run was started with
     * @param now the definition asked now
     * @throws UsageException naming the first part that differs, with both values
     */
    static void requireSame(Map<String, String> started, Map<String, String> now, Path shownWork) {
        for (Map.Entry<String, String> e : started.entrySet()) {
            String given = now.get(e.getKey());
            if (!e.getValue().equals(given)) {
                throw new UsageException("--resume: the run in " + shownWork + " was started with " + e.getKey() + " " + e.getValue()
                        + (given == null ? ", which is not given now" : ", not " + given)
                        + "; resume it as it was started (a different workflow or input would put other tokens"
                        + " than those its channels hold)");
            }
        }
    }

    private static String sha256(String what, Path file) {
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
        } catch (IOException e) {
            throw new UsageException(what + ": cannot read " + file + ": " + e.getMessage());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM has no SHA-256", e);
        }
    }
}
