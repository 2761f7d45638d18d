package io.sluice.remote.internal;

import io.sluice.channel.ChannelException;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The space's registry of codec descriptions (record formats) by key: what writers sent in
 * {@link FrameType#FORMAT} frames, kept in {@value #DIRECTORY} under the space's directory, one
 * file per key (a name no channel can take), and found also in the {@code codec/} directory of
 * every channel of the space (a channel copied in, or written before the registry existed). The
 * descriptions are opaque bytes: the server never parses them. A key names one description: the
 * first stored stays. Files are written whole under a temporary name and renamed. The channels'
 * directories are listed at most every 10 s. Thread-safe.
 */
final class SpaceFormats {
    /** The directory, within the space's, that holds the registry. */
    static final String DIRECTORY = ".formats";
    private static final Pattern KEY = Pattern.compile("[A-Za-z0-9._-]{1,100}");
    private static final String TEMPORARY = ".tmp";
    private static final String CHANNEL_CODEC = "codec";

    private final Path root;
    private final Path directory;
    private final Map<String, byte[]> known = new ConcurrentHashMap<>();
    private static final long RESCAN_NANOS = java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
    /** See {@link #channelFiles()}; guarded by this object's lock. */
    private Map<String, Path> channelFiles;
    private long scannedAt;

    SpaceFormats(Path root) {
        this.root = root;
        this.directory = root.resolve(DIRECTORY);
    }

    /** Whether {@code key} is a plain name the registry accepts. */
    static boolean isKey(String key) {
        return KEY.matcher(key).matches() && !key.endsWith(TEMPORARY);
    }

    /**
     * Stores {@code description} under {@code key} unless one is stored already.
     *
     * @throws ChannelException naming the file if it cannot be written
     */
    synchronized void put(String key, byte[] description) {
        if (known.containsKey(key) || Files.exists(directory.resolve(key))) {
            return;
        }
        Path file = directory.resolve(key);
        Path tmp = directory.resolve(key + "." + Thread.currentThread().getId() + TEMPORARY);
        try {
            Files.createDirectories(directory);
            Files.write(tmp, description);
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file);
            }
        } catch (FileAlreadyExistsException e) {
            deleteQuietly(tmp);
        } catch (IOException e) {
            deleteQuietly(tmp);
            throw new ChannelException(DIRECTORY, file, "cannot store the format '" + key + "' in the space's registry: " + e, e);
        }
        known.put(key, description.clone());
    }

    /**
     * The description stored under {@code key}: in the registry, else in any channel's
     * {@code codec/} directory; empty if none.
     *
     * @throws ChannelException naming the file if one exists but cannot be read
     */
    Optional<byte[]> get(String key) {
        byte[] bytes = known.get(key);
        if (bytes != null) {
            return Optional.of(bytes);
        }
        bytes = read(directory.resolve(key));
        if (bytes == null) {
            Path file = channelFiles().get(key);
            bytes = file == null ? null : read(file);
        }
        if (bytes == null) {
            return Optional.empty();
        }
        byte[] first = known.putIfAbsent(key, bytes);
        return Optional.of(first != null ? first : bytes);
    }

    /**
     * The descriptions found in the channels' {@code codec/} directories, by key: listed again at
     * most every {@link #RESCAN_NANOS}, so that lookups of keys the space does not have (a
     * client may ask for any) do not list every channel each time.
     */
    private synchronized Map<String, Path> channelFiles() {
        long now = System.nanoTime();
        if (channelFiles != null && now - scannedAt < RESCAN_NANOS) {
            return channelFiles;
        }
        Map<String, Path> files = new java.util.HashMap<>();
        try (Stream<Path> channels = Files.list(root)) {
            for (Path channel : (Iterable<Path>) channels::iterator) {
                if (isChannel(channel)) {
                    Path codec = channel.resolve(CHANNEL_CODEC);
                    TreeSet<String> keys = new TreeSet<>();
                    list(codec, keys);
                    keys.forEach(k -> files.putIfAbsent(k, codec.resolve(k)));
                }
            }
        } catch (IOException e) {
            throw new ChannelException(DIRECTORY, root, "cannot list the space's channels for their formats: " + e, e);
        }
        channelFiles = files;
        scannedAt = now;
        return files;
    }

    /** The keys of every description stored, in the registry or with a channel. */
    java.util.List<String> keys() {
        TreeSet<String> keys = new TreeSet<>(known.keySet());
        list(directory, keys);
        keys.addAll(channelFiles().keySet());
        return java.util.List.copyOf(keys);
    }

    /** Whether {@code dir} is a channel's directory: a directory of the space with a {@code channel.json}. */
    private static boolean isChannel(Path dir) {
        return !dir.getFileName().toString().startsWith(".") && Files.isRegularFile(dir.resolve("channel.json"));
    }

    private static void list(Path dir, TreeSet<String> keys) {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> files = Files.list(dir)) {
            files.map(f -> f.getFileName().toString()).filter(SpaceFormats::isKey).forEach(keys::add);
        } catch (IOException e) {
            throw new ChannelException(DIRECTORY, dir, "cannot list formats: " + e, e);
        }
    }

    private static byte[] read(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new ChannelException(DIRECTORY, file, "cannot read the format: " + e, e);
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a temporary file left behind is ignored
        }
    }
}
