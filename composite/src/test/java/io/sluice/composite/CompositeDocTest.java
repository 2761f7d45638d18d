package io.sluice.composite;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The spec shown in docs/composite.md is one {@link TransferSpec#read} reads, as the page says. */
class CompositeDocTest {
    @Test
    void theDocumentedSpecReads() throws Exception {
        Path page = Path.of("").toAbsolutePath().getParent().resolve("docs/composite.md");
        String text = Files.readString(page, StandardCharsets.UTF_8);
        int start = text.indexOf("```json\n") + "```json\n".length();
        String json = text.substring(start, text.indexOf("```", start));
        TransferSpec spec = TransferSpec.read(new StringReader(json), page.toString());
        assertThat(spec.senders()).extracting(TransferSpec.Sender::name).containsExactly("node1", "node2", "node3", "node4");
        assertThat(spec.receivers()).extracting(TransferSpec.Receiver::name).containsExactly("node5", "node7", "node6");
        assertThat(spec.sender("node4").holding(3072).at()).isEqualTo(1024);
        assertThat(spec.wantedTokens()).isEqualTo(8192);
    }
}
