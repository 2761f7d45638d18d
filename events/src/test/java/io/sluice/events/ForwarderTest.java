package io.sluice.events;

import static io.sluice.events.TestEvents.WAIT;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.events.TestEvents.Collected;
import io.sluice.events.TestEvents.Reading;
import io.sluice.records.RecordFormat;
import io.sluice.records.RecordValue;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** DataExchange's supplier, filter/forwarder and consumer, in one space. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ForwarderTest {
    private static final RecordFormat MIX = RecordFormat.parse("""
            {"type": "record", "name": "XMix", "namespace": "org.example", "fields": [
              {"name": "level", "type": "int"}, {"name": "step", "type": "long"},
              {"name": "ratio", "type": "double"}, {"name": "extra", "type": "string"}]}""");
    /** What the consumer knows of the format: fewer fields. */
    private static final RecordFormat MIX_CONSUMER = RecordFormat.parse("""
            {"type": "record", "name": "XMix", "namespace": "org.example", "fields": [
              {"name": "step", "type": "long"}, {"name": "level", "type": "int"}]}""");

    private static RecordValue mix(int level, long step) {
        return RecordValue.builder(MIX).set("level", level).set("step", step).set("ratio", level / 10.0).set("extra", "x" + step)
                .build();
    }

    @Test
    void filtersDropPassOrReplaceBeforeForwardingAndFunctionsRunAfter() throws Exception {
        try (EventChannels space = EventChannels.local()) {
            space.declare("model", MIX, Durability.TRANSIENT);
            space.declare("display", MIX, Durability.TRANSIENT);
            List<String> seenByFunction = new CopyOnWriteArrayList<>();
            Forwarder fwd = space.forward("model", "display", ForwardOptions.defaults()
                    .withFilter(e -> {
                        int level = e.value().getInt("level");
                        if (level < 2) {
                            return null; // drop
                        }
                        return level == 3 ? e.value().with("extra", "replaced") : e.value(); // replace or pass
                    })
                    .withFunction((e, out) -> seenByFunction.add(e.value().getInt("level") + ":" + (out != null))));
            Collected<RecordValue> got = new Collected<>();
            Subscription<RecordValue> consumer = space.subscribe("display", MIX, got, SubscribeOptions.defaults());
            Publisher<RecordValue> model = space.publisher("model", MIX);
            for (int level = 0; level < 5; level++) {
                model.publish(mix(level, level));
            }
            assertThat(fwd.subscription().awaitIdle(WAIT) && consumer.awaitIdle(WAIT)).isTrue();
            assertThat(got.values()).extracting(v -> v.getInt("level") + "/" + v.get("extra"))
                    .containsExactly("2/x2", "3/replaced", "4/x4");
            assertThat(seenByFunction).containsExactly("0:false", "1:false", "2:true", "3:true", "4:true");
            assertThat(fwd.forwarded()).isEqualTo(3);
        }
    }

    @Test
    void everyFieldIsForwardedAndPerFormatControlsAndBlockingStopAFormat() throws Exception {
        try (EventChannels space = EventChannels.local()) {
            // The source channel's format has two fields; its publisher writes four.
            space.declare("model", MIX_CONSUMER, Durability.TRANSIENT);
            space.declare("display", MIX, Durability.TRANSIENT);
            Forwarder fwd = space.forward("model", "display", ForwardOptions.defaults()
                    .withSubscription(SubscribeOptions.defaults().withFilter("level >= 1")));
            Collected<RecordValue> full = new Collected<>();
            Subscription<RecordValue> fullSub = space.subscribe("display", MIX, full, SubscribeOptions.defaults());
            Collected<RecordValue> consumer = new Collected<>();
            Subscription<RecordValue> sub = space.subscribe("display", MIX_CONSUMER, consumer, SubscribeOptions.defaults());
            Publisher<RecordValue> model = space.publisher("model", MIX);
            for (int step = 0; step < 5; step++) {
                model.publish(mix(1, step));
            }
            assertThat(fwd.subscription().awaitIdle(WAIT) && sub.awaitIdle(WAIT) && fullSub.awaitIdle(WAIT)).isTrue();
            // The forwarder read the events under the writer's format: fields the channels' format lacks went through.
            assertThat(full.values()).hasSize(5).allSatisfy(v -> assertThat(v.getString("extra")).startsWith("x"));
            // Remote blocking, as the paper's consumer after its time step: it blocks the format at
            // its publisher (the forwarder), which leaves the consumer out; others still get it.
            sub.block("org.example.XMix");
            for (int step = 5; step < 8; step++) {
                model.publish(mix(1, step));
            }
            // Forwarding control: the forwarder stops forwarding the format at all.
            assertThat(fwd.subscription().awaitIdle(WAIT)).isTrue();
            fwd.forward("org.example.XMix", false);
            model.publish(mix(1, 8));
            model.publish(mix(0, 9)); // filtered at the forwarder's subscription anyway
            assertThat(fwd.subscription().awaitIdle(WAIT)).isTrue();
            fwd.forward("org.example.XMix", true);
            sub.unblock("org.example.XMix");
            model.publish(mix(1, 10));
            assertThat(fwd.subscription().awaitIdle(WAIT) && sub.awaitIdle(WAIT) && fullSub.awaitIdle(WAIT)).isTrue();
            assertThat(consumer.values()).extracting(v -> v.getLong("step")).containsExactly(0L, 1L, 2L, 3L, 4L, 10L);
            assertThat(full.values()).extracting(v -> v.getLong("step"))
                    .containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 10L);
            assertThat(fwd.notForwarded()).isEmpty();
        }
    }
}
