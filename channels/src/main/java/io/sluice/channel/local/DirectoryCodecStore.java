package io.sluice.channel.local;

import io.sluice.channel.ChannelException;
import io.sluice.codec.CodecStore;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A persistent channel's {@link CodecStore}: the directory {@value #DIRECTORY} of the channel's
 * directory, one file per key, named as the key, holding the description's bytes. A file is
 * written whole under a temporary name and renamed (atomically where the file system can), so a
 * reader sees a description whole or not at all, and a writer killed meanwhile leaves a
 * temporary file only, which {@link #all} and {@link #get} ignore. Descriptions read are kept in
 * memory; a key not known is looked up on disk again (another process may have stored it).
 * Thread-safe.
 */
final class DirectoryCodecStore implements CodecStore {
    /** The directory, within a channel's, that holds its codec's descriptions. */
    static final String DIRECTORY = "codec";
    private static final Pattern KEY = Pattern.compile("[A-Za-z0-9._-]{1,100}");
    private static final String TEMPORARY = ".tmp";

    private final String channel;
    private final Path directory;
    private final Map<String, byte[]> known = new ConcurrentHashMap<>();

    DirectoryCodecStore(String channel, Path channelDirectory) {
        this.channel = channel;
        this.directory = channelDirectory.resolve(DIRECTORY);
    }

    @Override
    public String channel() {
        return channel;
    }

    @Override
    public void put(String key, byte[] description) {
        check(key);
        if (known.containsKey(key)) {
            return;
        }
        Path file = directory.resolve(key);
        synchronized (this) {
            if (known.containsKey(key) || get(key).isPresent()) {
                return;
            }
            Path tmp = directory.resolve(key + "." + ProcessHandle.current().pid() + "." + Thread.currentThread().getId() + TEMPORARY);
            try {
                Files.createDirectories(directory);
                Files.write(tmp, description);
                try {
                    Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, file);
                }
            } catch (FileAlreadyExistsException e) {
                deleteQuietly(tmp); // stored meanwhile by another process: the first one stays
            } catch (IOException | RuntimeException e) {
                deleteQuietly(tmp);
                throw new ChannelException(channel, file, "cannot store the codec's description '" + key + "': " + e, e);
            }
            known.put(key, description.clone());
        }
    }

    @Override
    public Optional<byte[]> get(String key) {
        check(key);
        byte[] bytes = known.get(key);
        if (bytes == null) {
            Path file = directory.resolve(key);
            try {
                bytes = Files.readAllBytes(file);
            } catch (NoSuchFileException e) {
                return Optional.empty();
            } catch (IOException e) {
                throw new ChannelException(channel, file, "cannot read the codec's description '" + key + "': " + e, e);
            }
            byte[] first = known.putIfAbsent(key, bytes);
            bytes = first != null ? first : bytes;
        }
        return Optional.of(bytes.clone());
    }

    @Override
    public Map<String, byte[]> all() {
        Map<String, byte[]> all = new TreeMap<>();
        if (!Files.isDirectory(directory)) {
            return all;
        }
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                String key = file.getFileName().toString();
                if (!key.endsWith(TEMPORARY) && KEY.matcher(key).matches()) {
                    get(key).ifPresent(bytes -> all.put(key, bytes));
                }
            }
        } catch (IOException e) {
            throw new ChannelException(channel, directory, "cannot list the codec's descriptions: " + e, e);
        }
        return all;
    }

    private static void check(String key) {
        if (key == null || !KEY.matcher(key).matches() || key.endsWith(TEMPORARY)) {
            throw new IllegalArgumentException("a codec store's key is a plain name of letters, digits, '.', '_' and '-',"
                    + " at most 100 characters, not ending in " + TEMPORARY + "; was " + key);
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // A temporary file left behind is ignored by every reader.
        }
    }

    @Override
    public String toString() {
        return "codec store of channel '" + channel + "' (" + directory + ")";
    }
}
