package io.sluice.provenance;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;

/** Reads the firing log a recorder wrote, excerpt by excerpt: its batches as bytes. */
final class FiringLogExcerpts {
    private FiringLogExcerpts() {}

    /** The excerpts of the firing log recorded in {@code work}, in log order. */
    static List<byte[]> of(Path work) {
        List<byte[]> out = new ArrayList<>();
        try (SingleChronicleQueue queue = FiringLogFiles.openForReading(new StoreLayout(work).firings(), true);
                ExcerptTailer tailer = queue.createTailer()) {
            while (true) {
                try (DocumentContext dc = tailer.readingDocument()) {
                    if (!dc.isPresent()) {
                        return out;
                    }
                    out.add(dc.wire().bytes().toByteArray());
                }
            }
        }
    }
}
