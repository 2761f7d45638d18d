package io.sluice.actors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.channel.SeekableChannelReader;
import io.sluice.channel.local.PersistentChannels;
import io.sluice.director.Directors;
import io.sluice.run.RunConfig;
import io.sluice.run.RunFailedException;
import io.sluice.workflow.Workflow;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The library's tokens travel over persistent channels, each read back as the class it was written as. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TokenCodecTest {
    @TempDir
    Path dir;

    @Test
    void tokensOfEveryKindComeBackAsTheyWereWritten() throws Exception {
        List<Object> values = List.of(1, 2L, 2.5, true, "a \u00e9 string", List.of(1, List.of("x", 3.0)), List.of());
        Workflow w = Workflow.builder("kinds")
                .actor("source", new Sequence(values, false, 0))
                .actor("delay", new SampleDelay(List.of(List.of())))
                .actor("show", new Display("shown.txt"))
                .connect("source.output", "delay.input")
                .connect("delay.output", "show.input")
                .build();
        Directors.dataDriven().run(w, RunConfig.builder().workDirectory(dir)
                .channels(PersistentChannels.builder(dir.resolve("channels")).build()).build());
        List<Object> stored = new ArrayList<>();
        try (SeekableChannelReader<?> reader = PersistentChannels.openReader(dir.resolve("channels/source.output"))) {
            for (Object t = reader.poll(); t != null; t = reader.poll()) {
                stored.add(t);
            }
        }
        assertThat(stored).isEqualTo(values);
        assertThat(stored).extracting(Object::getClass).startsWith(Integer.class, Long.class, Double.class, Boolean.class, String.class);
    }

    @Test
    void aTokenOfAnotherClassFailsThePutNamingTheChannel() {
        Workflow w = Workflow.builder("odd")
                .actor("source", new Actor() {
                    final OutputPort<Object> out = Port.output("output", Object.class);

                    @Override
                    public List<Port<?>> ports() {
                        return List.of(out);
                    }

                    @Override
                    public void fire(FiringContext context) {
                        context.put(out, new StringBuilder("x"));
                        context.finish();
                    }
                })
                .actor("show", new Display("shown.txt"))
                .connect("source.output", "show.input")
                .build();
        assertThatThrownBy(() -> Directors.dataDriven().run(w, RunConfig.builder().workDirectory(dir)
                .channels(PersistentChannels.builder(dir.resolve("channels")).build()).build()))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("java.lang.StringBuilder cannot be stored as a token");
    }
}
