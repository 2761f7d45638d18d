package io.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.records.Records;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class RecordsBenchmarkTest {

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void everyVariantReadsEveryRecordAlikeAndThePageHasARowForEach() {
        // report() fails if any variant reads a record otherwise than the interpreted resolver.
        String page = RecordsBenchmark.report(5_000, 1, 0);

        assertThat(page).contains("5,000 reads per variant per round", "## Machine");
        RecordsBenchmark.Encoded encoded = RecordsBenchmark.encoded(41);
        for (RecordsBenchmark.Variant v : RecordsBenchmark.variants(encoded.writer())) {
            assertThat(page).contains("| " + v.name() + " |");
        }
        // interpreted, generated, Avro's reader, the hand-written decoder (the limit) and the copy
        assertThat(RecordsBenchmark.variants(encoded.writer())).hasSize(5);
        assertThat(page).contains("hand-written");
    }

    @Test
    void theGeneratedResolverIsTheOneMeasured() {
        RecordsBenchmark.Encoded encoded = RecordsBenchmark.encoded(1);
        RecordsBenchmark.ResolverVariant generated = (RecordsBenchmark.ResolverVariant)
                RecordsBenchmark.variants(encoded.writer()).get(1);

        assertThat(generated.resolver().getClass().getSimpleName()).isEqualTo("GeneratedRecordResolver");
        assertThat(Records.interpretedResolver(encoded.writer(), RecordsBenchmark.Read.class).getClass().getSimpleName())
                .isEqualTo("InterpretedRecordResolver");
    }
}
