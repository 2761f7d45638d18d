package io.sluice.remote.internal;

import io.sluice.actor.Names;
import io.sluice.channel.ChannelException;
import io.sluice.channel.local.ChannelDescription;
import io.sluice.channel.local.EncodedChannel;
import io.sluice.channel.local.PersistentChannels;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The channels of one space: a directory with one persistent channel directory per name. Creates
 * a channel on its first open (by a writer or a reader), hands the writer role to one session at
 * a time, lists names and unlinks. Thread-safe: every method holds this object's lock, which is
 * held only for bookkeeping and for creating or removing a channel's files.
 */
public final class HostedChannels {
    private final Path root;
    private final int maxChannels;
    private final SpaceFormats formats;
    private final Map<String, HostedChannel> byName = new HashMap<>();
    /** Incremented, holding this object's lock, whenever a name is added or removed. */
    private volatile long generation;
    /**
     * The answers to recent {@link #names(String, int)} requests, each valid while {@link #generation}
     * is what it was when the answer was made: a request repeated while the names stay the same
     * costs a map look-up, not a compiled expression matched against every name. At most
     * {@link #CACHED_ANSWERS} entries; emptied when full.
     */
    private final Map<String, Answer> answers = new java.util.concurrent.ConcurrentHashMap<>();
    static final int CACHED_ANSWERS = 256;

    private record Answer(long generation, List<String> names) {}

    /**
     * The space in {@code root}, whose existing channels are found by their {@code channel.json}.
     *
     * @throws UncheckedIOException if the directory cannot be created or listed
     */
    public HostedChannels(Path root, int maxChannels) {
        this.root = root;
        this.maxChannels = maxChannels;
        this.formats = new SpaceFormats(root);
        try {
            Files.createDirectories(root);
            try (Stream<Path> dirs = Files.list(root)) {
                dirs.filter(d -> Files.isRegularFile(d.resolve("channel.json")))
                        .map(d -> d.getFileName().toString())
                        .filter(n -> isName(n))
                        .forEach(n -> byName.put(n, new HostedChannel(n, root.resolve(n))));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the space directory " + root + ": " + e.getMessage(), e);
        }
    }

    private static boolean isName(String name) {
        try {
            Names.requireChannel(name);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** The space's registry of formats by fingerprint. */
    SpaceFormats formats() {
        return formats;
    }

    /** The space's directory. */
    public Path root() {
        return root;
    }

    /**
     * The channel {@code name}, created with the given token type and codec if the space has
     * none of that name.
     *
     * @throws RefusedException if the name is invalid, or the channel holds another type or codec
     *     (naming both)
     * @throws ChannelException if its files cannot be created or read
     */
    synchronized HostedChannel attach(String name, String type, String codec) {
        if (!isName(name)) {
            throw new RefusedException(ErrorCode.BAD_NAME, "'" + name + "' is not a valid channel name");
        }
        HostedChannel hosted = byName.get(name);
        if (hosted == null) {
            if (byName.size() >= maxChannels) {
                throw new RefusedException(ErrorCode.LIMIT, "the space holds " + byName.size() + " channels, its limit; unlink some first");
            }
            Path dir = root.resolve(name);
            if (!Files.isRegularFile(dir.resolve("channel.json"))) {
                EncodedChannel.openForWriting(dir, name, type, codec).close();
            }
            hosted = new HostedChannel(name, dir);
            byName.put(name, hosted);
            generation++;
        }
        if (hosted.type == null) {
            ChannelDescription d = PersistentChannels.describe(hosted.directory); // once: a channel's type never changes
            hosted.type = d.type();
            hosted.codec = d.codec();
        }
        if (!hosted.type.equals(type) || !hosted.codec.equals(codec)) {
            throw new RefusedException(ErrorCode.MISMATCH, "channel '" + name + "' holds " + hosted.type + " tokens (codec '"
                    + hosted.codec + "'), not " + type + " (codec '" + codec + "')");
        }
        return hosted;
    }

    /**
     * Makes {@code session} the writer of {@code hosted}.
     *
     * @throws RefusedException if another session writes it
     */
    synchronized void takeWriter(HostedChannel hosted, WriteSession session) {
        if (hosted.writer != null) {
            throw new RefusedException(ErrorCode.BUSY, "channel '" + hosted.name + "' already has a writer (" + hosted.writer.peer() + ")");
        }
        hosted.writer = session;
    }

    /** {@code session} no longer writes {@code hosted}. */
    synchronized void releaseWriter(HostedChannel hosted, WriteSession session) {
        if (hosted.writer == session) {
            hosted.writer = null;
        }
    }

    /**
     * The character reads one {@link #names} call may make while matching. A client's expression
     * can backtrack for ever ({@code ((a*)*)*b} on a long name of a's), and matching runs on a
     * connection's event loop: it is cut off here, after well under a second. Enough for an
     * expression that reads each name a few times over fifty thousand names of 201 characters.
     */
    static final long MATCH_BUDGET = 10_000_000;

    /**
     * The names that match the regular expression {@code regex} in full, sorted (an unmodifiable
     * list). The answer to the same expression is kept while no name is added or removed.
     * Matched without holding the lock.
     *
     * @throws RefusedException with {@link ErrorCode#LIMIT} if the expression is longer than
     *     {@code maxLength} characters or matching takes more than {@link #MATCH_BUDGET}
     *     character reads, with {@link ErrorCode#REFUSED} if it is not a regular expression
     */
    public List<String> names(String regex, int maxLength) {
        Answer cached = answers.get(regex);
        if (cached != null && cached.generation() == generation) {
            return cached.names();
        }
        if (regex.length() > maxLength) {
            throw new RefusedException(ErrorCode.LIMIT, "an expression of " + regex.length() + " characters, more than " + maxLength);
        }
        Pattern p;
        try {
            p = Pattern.compile(regex);
        } catch (java.util.regex.PatternSyntaxException e) {
            throw new RefusedException(ErrorCode.REFUSED, "not a regular expression: " + e.getDescription());
        }
        List<String> all;
        long g;
        synchronized (this) {
            all = new ArrayList<>(byName.keySet());
            g = generation;
        }
        List<String> names = List.copyOf(match(p, all));
        if (answers.size() >= CACHED_ANSWERS) {
            answers.clear();
        }
        answers.put(regex, new Answer(g, names));
        return names;
    }

    /**
     * The keys of the space's registry of formats ({@link SpaceFormats}) that match {@code regex}
     * in full, sorted; refused as {@link #names} refuses.
     */
    List<String> formatKeys(String regex, int maxLength) {
        if (regex.length() > maxLength) {
            throw new RefusedException(ErrorCode.LIMIT, "an expression of " + regex.length() + " characters, more than " + maxLength);
        }
        Pattern p;
        try {
            p = Pattern.compile(regex);
        } catch (java.util.regex.PatternSyntaxException e) {
            throw new RefusedException(ErrorCode.REFUSED, "not a regular expression: " + e.getDescription());
        }
        return List.copyOf(match(p, formats.keys()));
    }

    private static List<String> match(Pattern regex, List<String> all) {
        long[] budget = {MATCH_BUDGET};
        List<String> names = new ArrayList<>();
        for (String n : all) {
            if (regex.matcher(new Budgeted(n, budget)).matches()) {
                names.add(n);
            }
        }
        names.sort(Comparator.naturalOrder());
        return names;
    }

    /** A name whose every character read counts against a budget shared by one match run. */
    private record Budgeted(String name, long[] budget) implements CharSequence {
        @Override
        public char charAt(int index) {
            if (--budget[0] < 0) {
                throw new RefusedException(ErrorCode.LIMIT, "the expression takes too long to match (more than " + MATCH_BUDGET
                        + " character reads)");
            }
            return name.charAt(index);
        }

        @Override
        public int length() {
            return name.length();
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return new Budgeted(name.substring(start, end), budget);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /**
     * Removes the channel {@code name} and its files; its read sessions fail.
     *
     * @throws RefusedException if there is none, or it has a writer
     * @throws UncheckedIOException if its files cannot be removed
     */
    public synchronized void unlink(String name) {
        HostedChannel hosted = byName.get(name);
        if (hosted == null) {
            throw new RefusedException(ErrorCode.NOT_FOUND, "the space has no channel '" + name + "'");
        }
        if (hosted.writer != null) {
            throw new RefusedException(ErrorCode.BUSY, "channel '" + name + "' is being written (" + hosted.writer.peer() + ")");
        }
        for (ReadSession r : hosted.readers) {
            r.unlinked();
        }
        byName.remove(name);
        generation++;
        try (Stream<Path> files = Files.walk(hosted.directory)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot remove channel '" + name + "' from " + hosted.directory + ": " + e, e);
        }
    }
}
