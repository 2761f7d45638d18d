package io.sluice.remote;

import io.sluice.channel.ChannelFactory;
import io.sluice.channel.local.ChannelContractTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;

/**
 * The channel contract, for channels in a space served on loopback. Each test gets a space of its
 * own (a server over a fresh directory), closed once every test has ended, after the contract
 * test has closed its channels.
 */
class RemoteChannelContractTest extends ChannelContractTest {
    private static final List<AutoCloseable> OPEN = new ArrayList<>();
    private static final List<Path> DIRECTORIES = new ArrayList<>();
    private RemoteSpace space;

    @BeforeEach
    void serve() throws Exception {
        Path dir = Files.createTempDirectory("sluice-space");
        DIRECTORIES.add(dir);
        SpaceServer server = SpaceServer.builder(dir).start();
        space = RemoteChannels.connect(server.uri());
        OPEN.add(space);
        OPEN.add(server);
    }

    @AfterAll
    static void closeSpaces() throws Exception {
        for (AutoCloseable c : OPEN) {
            c.close();
        }
        OPEN.clear();
        for (Path dir : DIRECTORIES) {
            Spaces.delete(dir);
        }
        DIRECTORIES.clear();
    }

    @Override
    protected ChannelFactory factory() {
        return space;
    }

    @Override
    protected int stressTokens() {
        return 50_000;
    }
}
