package io.sluice.remote.internal;

import io.netty.buffer.ByteBuf;
import io.sluice.remote.SpaceException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A request to the name service (LIST or UNLINK): one stream, one or more answer frames. A
 * request whose connection breaks is sent again on the next one.
 */
public final class Request implements ClientStream {
    private final ClientConnection connection;
    private final FrameType type;
    private final String argument;
    private final CompletableFuture<List<String>> answer = new CompletableFuture<>();
    private final List<String> names = new ArrayList<>();
    private final int id;

    private Request(ClientConnection connection, FrameType type, String argument) {
        this.connection = connection;
        this.type = type;
        this.argument = argument;
        this.id = connection.register(this);
    }

    /** The names of the space's channels that match {@code regex} in full, sorted. */
    public static List<String> list(ClientConnection connection, String regex) {
        return new Request(connection, FrameType.LIST, regex).call();
    }

    /** Removes the channel {@code name} from the space. */
    public static void unlink(ClientConnection connection, String name) {
        new Request(connection, FrameType.UNLINK, name).call();
    }

    private List<String> call() {
        connection.execute(this::send);
        long wait = connection.options().giveUpAfter().toMillis() + 2 * connection.options().connectTimeout().toMillis();
        try {
            return answer.get(wait, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new SpaceException(e.getCause().toString(), e.getCause());
        } catch (TimeoutException e) {
            throw new SpaceException("space " + connection.uri() + " did not answer " + type + " '" + argument + "' within " + wait + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SpaceException("interrupted while waiting for space " + connection.uri() + " to answer " + type);
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
                case ERROR -> answer.completeExceptionally(new SpaceException("space " + connection.uri() + " refused " + type + " '"
                        + argument + "': " + ErrorCode.describe(in)));
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
