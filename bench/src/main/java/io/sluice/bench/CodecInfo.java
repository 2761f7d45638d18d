package io.sluice.bench;

import io.sluice.channel.local.Codecs;
import io.sluice.codec.Codec;
import io.sluice.samples.SortItem;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;

/**
 * Which codec the persistent channels of the measured workflows use, and where it came from, so
 * a report says what it measured (a codec on the class path replaces Smile for its type).
 */
final class CodecInfo {
    private CodecInfo() {}

    /** One line per token type of the sample workflows. */
    static List<String> describe() {
        Codecs codecs = Codecs.discover(CodecInfo.class.getClassLoader());
        List<String> lines = new ArrayList<>();
        for (Class<?> type : List.of(String.class, SortItem.class)) {
            String line;
            try {
                Codec<?> codec = codecs.forType(type);
                line = "`" + type.getName() + "`: codec `" + codec.id() + "` (" + codec.getClass().getName() + where(codec) + ")";
            } catch (IllegalArgumentException e) {
                line = "`" + type.getName() + "`: no codec (" + e.getMessage() + ")";
            }
            lines.add(line);
        }
        return lines;
    }

    private static String where(Codec<?> codec) {
        CodeSource source = codec.getClass().getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return "";
        }
        String location = source.getLocation().toString();
        return location.endsWith("benchmarks.jar") || location.contains("/target/classes") ? "" : ", from " + location;
    }
}
