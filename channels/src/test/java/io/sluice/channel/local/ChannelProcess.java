package io.sluice.channel.local;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelFactory;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.SeekableChannelReader;
import io.sluice.testing.ChildJvm;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The other process of the cross-process tests, started by {@link ChildJvm}. It prints what it did
 * on standard output, one line per event, and exits with 0 when it is done (it never exits on its
 * own in {@code until-killed} mode).
 *
 * <pre>
 * write PARENT NAME POLICY TOKENS_PER_FILE COUNT MODE
 *     writes tokens "token-0", "token-1", ... to channel NAME under PARENT. MODE is
 *     all          write COUNT tokens, close the writer and the channel, print "done COUNT";
 *     steps        print "open", wait for a line on stdin, write COUNT/2 tokens, print "half N",
 *                  wait for a line, write the rest, close, print "done COUNT";
 *     until-killed write up to COUNT tokens, never close; a second thread prints "durable N"
 *                  whenever the number N of tokens on disk (in the page cache, so that a killed
 *                  process keeps them) has grown.
 * read CHANNEL_DIR SEEK
 *     opens the channel for reading, seeks to SEEK and prints "tell N", reads to the end and
 *     prints "read COUNT FIRST LAST tell=N complete=B" and "in order" if token i was "token-i".
 * </pre>
 */
public final class ChannelProcess {
    private ChannelProcess() {}

    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        switch (args[0]) {
            case "write" -> write(Path.of(args[1]), args[2], ChannelPolicy.named(args[3]), Integer.parseInt(args[4]),
                    Long.parseLong(args[5]), args[6], out);
            case "read" -> read(Path.of(args[1]), Long.parseLong(args[2]), out);
            default -> throw new IllegalArgumentException("unknown command " + args[0]);
        }
    }

    static String token(long seq) {
        return "token-" + seq;
    }

    /** Tokens 0..n-1, as {@link #token} names them. */
    static List<String> tokens(int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(token(i));
        }
        return out;
    }

    /** Takes every token up to the end of the stream. */
    static List<String> readAll(ChannelReader<String> reader) throws InterruptedException {
        List<String> out = new ArrayList<>();
        for (String t; (t = reader.take()) != null; ) {
            out.add(t);
        }
        return out;
    }

    private static void write(Path parent, String name, ChannelPolicy policy, int tokensPerFile, long count, String mode,
            PrintStream out) throws Exception {
        ChannelFactory factory = PersistentChannels.builder(parent).policy(policy).tokensPerFile(tokensPerFile).build();
        BufferedReader stdin = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        Channel<String> channel = factory.open(ChannelSpec.unbounded(name, String.class));
        switch (mode) {
            case "all" -> {
                for (long i = 0; i < count; i++) {
                    channel.writer().put(token(i));
                }
                channel.writer().close();
                channel.close();
                out.println("done " + count);
            }
            case "steps" -> {
                out.println("open");
                stdin.readLine();
                for (long i = 0; i < count / 2; i++) {
                    channel.writer().put(token(i));
                }
                out.println("half " + count / 2);
                stdin.readLine();
                for (long i = count / 2; i < count; i++) {
                    channel.writer().put(token(i));
                }
                channel.writer().close();
                channel.close();
                out.println("done " + count);
            }
            case "until-killed" -> {
                Thread reporter = new Thread(() -> reportDurable(channel, out), "durable-reporter");
                reporter.setDaemon(true);
                reporter.start();
                for (long i = 0; i < count; i++) {
                    channel.writer().put(token(i));
                }
                Thread.sleep(Long.MAX_VALUE);
            }
            default -> throw new IllegalArgumentException("unknown mode " + mode);
        }
    }

    /** Prints how many tokens are on disk whenever it grows; the writing thread is not slowed. */
    private static void reportDurable(Channel<String> channel, PrintStream out) {
        long reported = -1;
        while (true) {
            long durable = durable(channel);
            if (durable != reported) {
                out.println("durable " + durable);
                reported = durable;
            }
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /**
     * The tokens of a channel that are in its queue files: all it counted as written for the
     * direct policy, which appends on put, and what the flusher appended for the staged ones.
     */
    private static long durable(Channel<String> channel) {
        if (channel instanceof StagedChannel<?> staged) {
            return staged.persisted;
        }
        return ((PersistentChannel<?>) channel).written;
    }

    private static void read(Path channelDir, long seek, PrintStream out) throws Exception {
        try (SeekableChannelReader<String> reader = PersistentChannels.openReader(channelDir, String.class)) {
            reader.seek(seek);
            out.println("tell " + reader.tell());
            long count = 0;
            String first = null;
            String last = null;
            boolean inOrder = true;
            for (String t; (t = reader.take()) != null; count++) {
                inOrder &= t.equals(token(seek + count));
                first = first == null ? t : first;
                last = t;
            }
            out.println("read " + count + " " + first + " " + last + " tell=" + reader.tell() + " complete="
                    + ((StoredChannelReader<String>) reader).complete());
            out.println(inOrder ? "in order" : "out of order");
        }
    }
}
