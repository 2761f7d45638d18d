package io.sluice.remote.internal;

import io.netty.buffer.ByteBuf;
import io.sluice.remote.SpaceException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A request on a stream of its own, answered by one or more frames: to the name service
 * ({@link FrameType#LIST}, answered by NAMES; {@link FrameType#UNLINK}, answered by DONE) or to
 * the space's registry of formats ({@link FrameType#FORMAT_GET}, answered by FORMAT or
 * {@code NOT_FOUND}; {@link FrameType#FORMAT_KEYS}, answered by NAMES). A request whose
 * connection breaks is sent again on the next one.
 *
 * <p>The caller waits on a monitor: one of its own, or, for a format a reader looks up while it
 * decodes a token, the reader's, which it holds; the wait lets go of it, so that the event loop
 * can still hand that reader its frames while the answer comes.
 */
public final class Request implements ClientStream {
    private final ClientConnection connection;
    private final FrameType type;
    private final String argument;
    private final CompletableFuture<Object> answer = new CompletableFuture<>();
    private final List<String> names = new ArrayList<>();
    private final int id;

    private Request(ClientConnection connection, FrameType type, String argument) {
        this.connection = connection;
        this.type = type;
        this.argument = argument;
        this.id = connection.register(this);
    }

    /** The names of the space's channels that match {@code regex} in full, sorted. */
    @SuppressWarnings("unchecked")
    public static List<String> list(ClientConnection connection, String regex) {
        return (List<String>) new Request(connection, FrameType.LIST, regex).call(new Object());
    }

    /** Removes the channel {@code name} from the space. */
    public static void unlink(ClientConnection connection, String name) {
        new Request(connection, FrameType.UNLINK, name).call(new Object());
    }

    /** The description the space stores under {@code key}; empty if it has none. The caller may hold {@code monitor}. */
    public static Optional<byte[]> format(ClientConnection connection, String key, Object monitor) {
        return Optional.ofNullable((byte[]) new Request(connection, FrameType.FORMAT_GET, key).call(monitor));
    }

    /** The keys of the space's registry of formats that match {@code regex} in full, sorted. The caller may hold {@code monitor}. */
    @SuppressWarnings("unchecked")
    public static List<String> formatKeys(ClientConnection connection, String regex, Object monitor) {
        return (List<String>) new Request(connection, FrameType.FORMAT_KEYS, regex).call(monitor);
    }

    private Object call(Object monitor) {
        answer.whenComplete((a, e) -> {
            synchronized (monitor) {
                monitor.notifyAll();
            }
        });
        connection.execute(this::send);
        long wait = connection.options().giveUpAfter().toMillis() + 2 * connection.options().connectTimeout().toMillis();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(wait);
        try {
            synchronized (monitor) {
                while (!answer.isDone()) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        throw new SpaceException("space " + connection.uri() + " did not answer " + type + " '" + argument + "' within "
                                + wait + " ms");
                    }
                    TimeUnit.NANOSECONDS.timedWait(monitor, left);
                }
            }
            return answer.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SpaceException("interrupted while waiting for space " + connection.uri() + " to answer " + type);
        } catch (java.util.concurrent.CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new SpaceException(e.getCause().toString(), e.getCause());
        } finally {
            connection.unregister(id);
        }
    }

    private void send() {
        names.clear();
        ByteBuf frame = Frames.start(connection.alloc(), type, id, 64);
        Wire.writeString(frame, argument);
        connection.send(Frames.finish(frame), true);
    }

    @Override
    public void onFrame(Frame frame) {
        try {
            ByteBuf in = frame.payload();
            switch (frame.type()) {
                case NAMES -> {
                    boolean last = Wire.readUnsignedByte(in, "NAMES' last flag") != 0;
                    int n = Wire.readInt(in, "NAMES' count");
                    for (int i = 0; i < n; i++) {
                        names.add(Wire.readString(in, "a name"));
                    }
                    if (last) {
                        answer.complete(List.copyOf(names));
                    }
                }
                case DONE -> answer.complete(List.of());
                case FORMAT -> {
                    Wire.readString(in, "FORMAT's key");
                    int length = Wire.readInt(in, "FORMAT's length");
                    if (length < 0 || length != in.readableBytes()) {
                        answer.completeExceptionally(new SpaceException("space " + connection.uri() + " answered " + type + " '" + argument
                                + "' with a FORMAT frame of " + length + " bytes that holds " + in.readableBytes()));
                        return;
                    }
                    byte[] description = new byte[length];
                    in.readBytes(description);
                    answer.complete(description);
                }
                case ERROR -> {
                    if (type == FrameType.FORMAT_GET && ErrorCode.peek(in) == ErrorCode.NOT_FOUND) {
                        answer.complete(null);
                    } else {
                        answer.completeExceptionally(new SpaceException("space " + connection.uri() + " refused " + type + " '" + argument
                                + "': " + ErrorCode.describe(in)));
                    }
                }
                default -> answer.completeExceptionally(new SpaceException("space " + connection.uri() + " answered " + type + " with "
                        + frame.type()));
            }
        } finally {
            frame.release();
        }
    }

    @Override
    public void reconnected() {
        send();
    }

    @Override
    public void failed(RuntimeException cause) {
        answer.completeExceptionally(cause);
    }
}
