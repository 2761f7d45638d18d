package io.sluice.composite.internal;

import io.sluice.composite.SeqRange;
import io.sluice.composite.TransferSpec;
import io.sluice.composite.TransferSpecException;
import java.io.IOException;
import java.io.Reader;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Reads a {@link TransferSpec} from JSON, naming the source and line of every problem. Stateless. */
public final class SpecJson {
    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .disable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS) // reads one element at a time
            .build();
    private static final Set<String> TOP = Set.of("channel", "type", "senders", "receivers", "description");
    private static final Set<String> SENDER = Set.of("name", "space", "channel", "holds");
    private static final Set<String> RECEIVER = Set.of("name", "space", "channel", "wants");
    private static final Set<String> HELD = Set.of("range", "at");

    private SpecJson() {}

    /** Reads the file. */
    public static TransferSpec read(Path file) throws IOException {
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(r, file.toString());
        }
    }

    /** Reads the text; {@code source} names it in messages. */
    public static TransferSpec read(Reader json, String source) {
        JsonParser open = null;
        try (JsonParser parser = MAPPER.createParser(json)) {
            open = parser;
            return new Loader(parser, source).load();
        } catch (JacksonException e) {
            TokenStreamLocation at = e.getLocation() != null || open == null ? e.getLocation() : open.currentLocation();
            String where = at == null || at.getLineNr() < 1 ? source : source + ":" + at.getLineNr();
            throw new TransferSpecException(where + ": malformed JSON: " + e.getOriginalMessage(), e);
        }
    }

    private record Element(JsonNode node, int line) {}

    private static final class Loader {
        private final JsonParser parser;
        private final String source;

        Loader(JsonParser parser, String source) {
            this.parser = parser;
            this.source = source;
        }

        TransferSpec load() {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                throw error(line(), "a transfer spec is a JSON object with channel, senders and receivers");
            }
            int top = line();
            String channel = null;
            String type = TransferSpec.DEFAULT_TOKEN_TYPE;
            List<Element> senders = null;
            List<Element> receivers = null;
            while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
                String field = parser.currentName();
                int at = line();
                JsonToken value = parser.nextToken();
                switch (field) {
                    case "channel" -> channel = string(MAPPER.readTree(parser), "\"channel\"", at);
                    case "type" -> type = string(MAPPER.readTree(parser), "\"type\"", at);
                    case "description" -> parser.skipChildren();
                    case "senders" -> senders = elements("senders", value, at);
                    case "receivers" -> receivers = elements("receivers", value, at);
                    default -> throw error(at, "unknown field '" + field + "' in the transfer; expected one of " + sorted(TOP));
                }
            }
            if (parser.nextToken() != null) {
                throw error(line(), "content after the transfer object");
            }
            if (channel == null) {
                throw error(top, "the transfer has no \"channel\"");
            }
            if (senders == null || senders.isEmpty()) {
                throw error(top, "the transfer has no \"senders\"");
            }
            if (receivers == null || receivers.isEmpty()) {
                throw error(top, "the transfer has no \"receivers\"");
            }
            List<TransferSpec.Sender> ss = new ArrayList<>();
            for (int i = 0; i < senders.size(); i++) {
                ss.add(sender(senders.get(i), "s" + (i + 1), channel));
            }
            List<TransferSpec.Receiver> rs = new ArrayList<>();
            for (int i = 0; i < receivers.size(); i++) {
                rs.add(receiver(receivers.get(i), "r" + (i + 1), channel));
            }
            try {
                return new TransferSpec(channel, type, ss, rs);
            } catch (TransferSpecException e) {
                throw new TransferSpecException(source + ": " + e.getMessage(), e);
            }
        }

        private TransferSpec.Sender sender(Element e, String defaultName, String channel) {
            JsonNode n = e.node();
            fields(n, SENDER, "a sender", e.line());
            String name = n.has("name") ? string(n.get("name"), "a sender's \"name\"", e.line()) : defaultName;
            String what = "sender '" + name + "'";
            URI space = space(n.get("space"), what, e.line());
            String ch = n.has("channel") ? string(n.get("channel"), what + "'s \"channel\"", e.line()) : channel;
            JsonNode holds = n.get("holds");
            if (holds == null || !holds.isArray() || holds.isEmpty()) {
                throw error(e.line(), what + ": \"holds\" must be a non-empty array of ranges like \"0-1023\" or {\"range\": \"0-1023\", \"at\": 0}");
            }
            List<TransferSpec.Held> held = new ArrayList<>();
            for (JsonNode h : holds) {
                if (h.isObject()) {
                    fields(h, HELD, what + "'s range", e.line());
                    SeqRange r = range(h.get("range"), what + "'s \"holds\"", e.line());
                    JsonNode at = h.get("at");
                    if (at != null && (!at.isIntegralNumber() || at.asLong() < 0)) {
                        throw error(e.line(), what + ": \"at\" of range " + r + " must be a seq (a whole number at least 0), got " + at);
                    }
                    held.add(new TransferSpec.Held(r, at == null ? r.start() : at.asLong()));
                } else {
                    SeqRange r = range(h, what + "'s \"holds\"", e.line());
                    held.add(new TransferSpec.Held(r, r.start()));
                }
            }
            return new TransferSpec.Sender(name, space, ch, held);
        }

        private TransferSpec.Receiver receiver(Element e, String defaultName, String channel) {
            JsonNode n = e.node();
            fields(n, RECEIVER, "a receiver", e.line());
            String name = n.has("name") ? string(n.get("name"), "a receiver's \"name\"", e.line()) : defaultName;
            String what = "receiver '" + name + "'";
            URI space = space(n.get("space"), what, e.line());
            String ch = n.has("channel") ? string(n.get("channel"), what + "'s \"channel\"", e.line()) : channel;
            JsonNode wants = n.get("wants");
            if (wants == null || !wants.isArray() || wants.isEmpty()) {
                throw error(e.line(), what + ": \"wants\" must be a non-empty array of ranges like \"0-1023\"");
            }
            List<SeqRange> ranges = new ArrayList<>();
            for (JsonNode w : wants) {
                SeqRange r = range(w, what + "'s \"wants\"", e.line());
                for (SeqRange before : ranges) {
                    if (before.overlaps(r)) {
                        throw error(e.line(), what + " wants seqs twice: " + before + " and " + r + " overlap");
                    }
                }
                ranges.add(r);
            }
            return new TransferSpec.Receiver(name, space, ch, ranges);
        }

        private URI space(JsonNode node, String what, int line) {
            String text = string(node, what + "'s \"space\"", line);
            try {
                URI uri = new URI(text);
                if (!"sluice".equals(uri.getScheme()) || uri.getHost() == null || uri.getPort() < 0) {
                    throw error(line, what + "'s \"space\" must be a space's address sluice://host:port, got '" + text + "'");
                }
                return uri;
            } catch (URISyntaxException x) {
                throw error(line, what + "'s \"space\" must be a space's address sluice://host:port, got '" + text + "'");
            }
        }

        private SeqRange range(JsonNode node, String what, int line) {
            if (node == null || !(node.isString() || node.isIntegralNumber())) {
                throw error(line, what + ": a range must be a string like \"0-1023\" (first and last seq, both included), got " + node);
            }
            try {
                return SeqRange.parse(node.isString() ? node.stringValue() : node.asString());
            } catch (IllegalArgumentException x) {
                throw error(line, what + ": " + x.getMessage());
            }
        }

        private List<Element> elements(String field, JsonToken value, int at) {
            if (value != JsonToken.START_ARRAY) {
                throw error(at, "\"" + field + "\" must be an array of objects");
            }
            List<Element> out = new ArrayList<>();
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                int where = line();
                if (parser.currentToken() != JsonToken.START_OBJECT) {
                    throw error(where, "each element of \"" + field + "\" must be an object");
                }
                out.add(new Element(MAPPER.readTree(parser), where));
            }
            return out;
        }

        private void fields(JsonNode node, Set<String> allowed, String what, int line) {
            for (String f : node.propertyNames()) {
                if (!allowed.contains(f)) {
                    throw error(line, "unknown field '" + f + "' in " + what + "; expected one of " + sorted(allowed));
                }
            }
        }

        private String string(JsonNode node, String what, int line) {
            if (node == null || !node.isString()) {
                throw error(line, what + " must be a string" + (node == null ? ", and is missing" : ", got " + node));
            }
            return node.stringValue();
        }

        private int line() {
            return parser.currentTokenLocation().getLineNr();
        }

        private TransferSpecException error(int line, String problem) {
            return new TransferSpecException(source + (line > 0 ? ":" + line : "") + ": " + problem);
        }

        private static List<String> sorted(Set<String> s) {
            return s.stream().sorted().toList();
        }
    }
}
