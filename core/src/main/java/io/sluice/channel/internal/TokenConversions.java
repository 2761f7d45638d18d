package io.sluice.channel.internal;

import io.sluice.channel.ChannelReader;
import io.sluice.codec.CodecException;
import io.sluice.codec.TokenConverter;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.function.Function;

/**
 * Finds a {@link TokenConverter} for a reader port whose type is not its channel's, and reads a
 * channel through it. Looks the services up on every call (a workflow's build, a run's opening
 * of a reader): nothing is kept between calls.
 */
public final class TokenConversions {
    private TokenConversions() {}

    /**
     * The conversion of tokens of {@code from} into {@code to}, from the first service found by
     * {@code to}'s class loader (or this one's) that converts them; null if none does.
     *
     * @throws IllegalArgumentException from a converter that handles the types but cannot convert these
     */
    public static <T> Function<Object, T> find(Class<?> from, Class<T> to) {
        ClassLoader loader = to.getClassLoader() != null ? to.getClassLoader() : TokenConversions.class.getClassLoader();
        for (TokenConverter converter : ServiceLoader.load(TokenConverter.class, loader)) {
            Function<Object, T> f = converter.converter(from, to);
            if (f != null) {
                return f;
            }
        }
        return null;
    }

    /**
     * The reader, its tokens converted by {@code conversion}; closing it closes {@code reader}. A
     * token that cannot be converted fails the take or poll with an
     * {@link IllegalArgumentException} naming the reader and the token's seq.
     */
    public static <T> ChannelReader<T> converting(ChannelReader<?> reader, Function<Object, T> conversion) {
        return new Converting<>(Objects.requireNonNull(reader, "reader"), Objects.requireNonNull(conversion, "conversion"));
    }

    private record Converting<T>(ChannelReader<?> reader, Function<Object, T> conversion) implements ChannelReader<T> {
        @Override
        public String name() {
            return reader.name();
        }

        @Override
        public T take() throws InterruptedException {
            long seq = reader.position();
            Object token = reader.take();
            return token == null ? null : convert(token, seq);
        }

        @Override
        public T poll() {
            long seq = reader.position();
            Object token = reader.poll();
            return token == null ? null : convert(token, seq);
        }

        private T convert(Object token, long seq) {
            try {
                return conversion.apply(token);
            } catch (IllegalArgumentException | CodecException e) {
                throw new IllegalArgumentException("reader '" + reader.name() + "', token " + seq + ": " + e.getMessage(), e);
            }
        }

        @Override
        public boolean isReady() {
            return reader.isReady();
        }

        @Override
        public void awaitReady() throws InterruptedException {
            reader.awaitReady();
        }

        @Override
        public boolean isEndOfStream() {
            return reader.isEndOfStream();
        }

        @Override
        public long position() {
            return reader.position();
        }

        @Override
        public void close() {
            reader.close();
        }
    }
}
