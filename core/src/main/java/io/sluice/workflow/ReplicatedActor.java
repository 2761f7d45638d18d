package io.sluice.workflow;

import io.sluice.actor.Actor;
import io.sluice.run.WorkLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An actor that runs as several copies of one {@link io.sluice.actor.Stateless} actor, made by
 * {@link Workflow.Builder#replicated}: its own copies in the run's process, and any that join
 * from other processes ({@link #acceptCopies}). Its one input is striped across the copies by
 * their measured speed and what the copies put is merged back into input order, so every output
 * channel holds what the unreplicated actor would have put.
 *
 * <p><b>Semantics.</b> Each firing of the replicated actor takes a <em>round</em> of up to
 * {@link #roundTokens()} tokens (fewer only at the end of the input), gives each copy a contiguous
 * slice of the round in proportion to the rate it reached in earlier rounds (every copy gets at
 * least one token of a round that has enough, so that its rate stays measured: the greedy
 * proportional rule of the composite-endpoint paper; a copy elsewhere is weighed by its latency
 * too, and one whose latency exceeds the round gets a token only now and then), fires each copy once per token of its slice on a thread of its own (or sends the slice
 * to the copy elsewhere), and then puts the copies' outputs token by token in input order. A copy
 * firing must take exactly one token; it must not call {@code finish()}. A firing's provenance
 * record therefore spans a whole round, and which copy handled which tokens of it, and how many
 * tokens each copy put on each output, is kept in the copy log ({@link #readCopyLog}), which the
 * provenance store joins to the firings' records.
 *
 * <p><b>Limits.</b> A round waits for its tokens, so a replicated actor in a cycle that needs its
 * outputs before it has a round's tokens deadlocks (the director reports the deadlock), and the
 * SDF director, whose rates are one token per firing, refuses it. A copy's
 * {@code FiringContext.firing()} counts that copy's firings, which depend on the split: a copy
 * must not derive its outputs from it. Initial tokens the copies declare
 * ({@link io.sluice.actor.InitialTokens}) are the replicated actor's.
 *
 * <p><b>Threads.</b> The director calls this actor as any other; the copies fire on threads the
 * actor starts in {@code initialize} and stops in {@code wrapUp}. {@link #tokensByCopy()} may be
 * called from any thread.
 *
 * <p><b>Failure.</b> A copy that throws fails the firing with an exception naming the actor, the
 * copy and the token's offset in the round; the run's error names the firing.
 */
public interface ReplicatedActor extends Actor {

    /** How many tokens per copy a round holds unless told otherwise. */
    int ROUND_TOKENS_PER_COPY = 32;

    /** The most tokens a round may hold: a round's tokens and what its copies put are held in memory. */
    int MAX_ROUND_TOKENS = 1 << 16;

    /**
     * The most copies a replicated actor may have. Each copy is a thread of its own and takes a
     * share of every round ({@value #ROUND_TOKENS_PER_COPY} tokens per copy), so more copies than
     * this are refused as a mistake rather than run: they would only add switching on any machine
     * this runs on, and a round's tokens are held in memory.
     */
    int MAX_REPLICAS = 256;

    /** The number of copies. */
    int replicas();

    /** The class of the copies. */
    Class<? extends Actor> copyClass();

    /**
     * The local copy {@code index} ({@code 0 <= index < replicas()}), for a worker process that
     * fires it for a run elsewhere ({@link CopySource}): a workflow that is not run fires none of
     * its copies itself.
     *
     * @throws IndexOutOfBoundsException if there is no such copy
     */
    Actor copy(int index);

    /** The largest number of tokens one firing takes and shares among the copies. */
    int roundTokens();

    /**
     * How many tokens each copy has handled so far in this run, indexed by copy: the local copies
     * first, then those that joined from a {@link CopySource} in the order they joined. (The copy
     * log of a resumed run numbers the copies that joined it after every copy of the run it
     * resumed, so that a number names one copy throughout the log.)
     */
    long[] tokensByCopy();

    /**
     * Lets copies that fire elsewhere join this actor's rounds: before each round the actor asks
     * {@code source} for copies that joined, numbers them after its own ({@link #replicas()},
     * then on) and gives them slices in proportion to their measured rate, as its own copies. A
     * copy that is lost has its unfinished slices fired again by the copies left; the local ones
     * always remain. The actor closes {@code source} when it wraps up. Called before the run
     * starts, from the thread that starts it.
     *
     * @throws IllegalStateException if a source was already given
     */
    void acceptCopies(CopySource source);

    /**
     * Where each copy of {@code actor} fired, by copy, as its copy log in {@code work} records
     * it: the local copies are {@code "local"}, a copy that joined from a {@link CopySource}
     * is described by {@link CopySource.Copy#where()}. Empty if the run kept no copy log.
     *
     * @throws UncheckedIOException if the log cannot be read (naming the file)
     */
    static Map<Integer, String> readCopyPlaces(Path work, String actor) {
        Path file = WorkLayout.replicaLog(work, actor);
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return Map.of();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the copy log " + file, e);
        }
        Map<Integer, String> places = new TreeMap<>();
        for (String line : lines) {
            if (line.startsWith(io.sluice.workflow.internal.Replicas.COPY_PLACE)) {
                String[] f = line.split("\t", 3);
                if (f.length == 3) {
                    try {
                        places.put(Integer.parseInt(f[1]), f[2]);
                    } catch (NumberFormatException e) {
                        // a line a killed process cut off: skipped
                    }
                }
            }
        }
        return places;
    }

    /**
     * The copy log of {@code actor} kept in the work directory {@code work}: which copy handled
     * which tokens of each firing and how many tokens it put on each output port, the last record
     * of a firing winning (a resumed run may repeat firings after its checkpoint). A line a killed
     * process cut off is skipped. Empty if the run kept none (it had no work directory).
     *
     * @throws UncheckedIOException if the log cannot be read or a line is malformed (naming the file)
     */
    static List<CopySlice> readCopyLog(Path work, String actor) {
        Path file = WorkLayout.replicaLog(work, actor);
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the copy log " + file, e);
        }
        // a line is complete once its newline is written; a resumed run writes its marker on a line of its own
        String[] lines = text.split("\n", -1);
        TreeMap<Long, List<CopySlice>> byFiring = new TreeMap<>();
        long lastFiring = -1;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            boolean cut = i == lines.length - 1 || lines[i + 1].equals(io.sluice.workflow.internal.Replicas.RESUMED);
            if (line.isEmpty() || line.startsWith("#") || cut) {
                continue;
            }
            CopySlice slice;
            try {
                slice = CopySlice.parse(line);
            } catch (RuntimeException e) {
                throw new UncheckedIOException(new IOException(file + ":" + (i + 1) + ": malformed copy log line '" + line + "': "
                        + e.getMessage()));
            }
            if (slice.firing() != lastFiring || slice.offset() == 0) {
                // a round's first slice starts at offset 0: a repeated firing replaces what came before
                byFiring.put(slice.firing(), new ArrayList<>());
                lastFiring = slice.firing();
            }
            byFiring.get(slice.firing()).add(slice);
        }
        return byFiring.values().stream().flatMap(List::stream).toList();
    }

    /**
     * Tokens {@code [offset, offset + count)} of a firing's round, handled by one copy, and what
     * that copy put.
     *
     * @param firing the replicated actor's firing; its provenance record gives the round's seqs
     * @param copy the copy, 0-based
     * @param offset the first token's position in the round
     * @param count how many tokens
     * @param puts how many tokens the copy put on each output port, by port name, in port order;
     *     empty if the log did not record it (a log written before it did)
     */
    record CopySlice(long firing, int copy, int offset, int count, Map<String, Long> puts) {
        public CopySlice {
            if (firing < 0 || copy < 0 || offset < 0 || count < 1) {
                throw new IllegalArgumentException("a slice needs firing, copy and offset of at least 0 and a count of at "
                        + "least 1, not firing " + firing + ", copy " + copy + ", offset " + offset + ", count " + count);
            }
            puts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(puts));
        }

        /** A slice whose puts are not known. */
        public CopySlice(long firing, int copy, int offset, int count) {
            this(firing, copy, offset, count, Map.of());
        }

        /** The line of the copy log that says this slice, without its newline. */
        public String line() {
            StringBuilder b = new StringBuilder().append(firing).append('\t').append(copy).append('\t').append(offset)
                    .append('\t').append(count);
            if (!puts.isEmpty()) {
                b.append('\t');
                puts.forEach((port, n) -> b.append(port).append('=').append(n).append(';'));
            }
            return b.toString();
        }

        /** Reads {@link #line()}: four fields, or five with the puts. */
        static CopySlice parse(String line) {
            String[] f = line.split("\t", -1);
            if (f.length != 4 && f.length != 5) {
                throw new IllegalArgumentException("not 4 or 5 fields");
            }
            Map<String, Long> puts = new LinkedHashMap<>();
            if (f.length == 5) {
                if (!f[4].endsWith(";")) {
                    throw new IllegalArgumentException("the puts do not end with ';'");
                }
                for (String put : f[4].substring(0, f[4].length() - 1).split(";")) {
                    int eq = put.lastIndexOf('=');
                    if (eq <= 0 || puts.put(put.substring(0, eq), Long.parseLong(put.substring(eq + 1))) != null) {
                        throw new IllegalArgumentException("malformed or repeated put '" + put + "'");
                    }
                }
            }
            return new CopySlice(Long.parseLong(f[0]), Integer.parseInt(f[1]), Integer.parseInt(f[2]), Integer.parseInt(f[3]),
                    puts);
        }
    }
}
