package io.sluice.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.records.RecordFormat;
import io.sluice.remote.SpaceServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A listing of the name service larger than one of the connection's frames (1 MiB) comes whole, over loopback. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RemoteListingTest {
    @TempDir
    Path dir;

    /** A record format of {@code fields} long-named fields: about 60 bytes of JSON each. */
    private static RecordFormat wide(int fields) {
        String fs = IntStream.range(0, fields)
                .mapToObj(i -> "{\"name\": \"a_field_with_a_rather_long_name_" + i + "\", \"type\": \"long\"}")
                .collect(Collectors.joining(", "));
        return RecordFormat.parse("{\"type\": \"record\", \"name\": \"Wide\", \"namespace\": \"org.example\", \"fields\": [" + fs + "]}");
    }

    @Test
    void aListingLargerThanAFrameArrivesWholeAndInOrder() throws Exception {
        EventService service = EventService.create(EventChannels.builder(), Duration.ofSeconds(5));
        RecordFormat format = wide(200); // about 12 KB of JSON per channel
        int channels = 120; // about 1.4 MiB in all
        assertThat(format.toJson().length() * channels).as("the listing is larger than a frame").isGreaterThan(1 << 20);
        try (SpaceServer server = SpaceServer.builder(dir.resolve("space")).port(0).service(service).start();
                EventChannels client = EventChannels.connect(server.uri())) {
            for (int i = 0; i < channels; i++) {
                service.space().declare(String.format("wide-%03d", i), format, Durability.TRANSIENT);
            }
            service.space().declare("small", RecordFormat.of(TestEvents.Tick.class), Durability.TRANSIENT);

            List<ChannelInfo> all = client.channels();
            assertThat(all).hasSize(channels + 1);
            assertThat(all.subList(0, channels)).extracting(ChannelInfo::name)
                    .containsExactlyElementsOf(IntStream.range(0, channels).mapToObj(i -> String.format("wide-%03d", i)).toList());
            assertThat(all.subList(0, channels)).allSatisfy(c -> assertThat(c.format()).isEqualTo(format));
            assertThat(all.get(channels).name()).isEqualTo("small");

            assertThat(client.channels(Pattern.compile("wide-1.*"))).hasSize(20);
            assertThat(client.channel("small")).isPresent();
        }
    }
}
