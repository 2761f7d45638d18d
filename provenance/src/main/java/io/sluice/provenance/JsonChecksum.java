package io.sluice.provenance;

import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32C;

/**
 * The checksum of a provenance JSON file ({@code run.json}, the completion marker) from format 7
 * on: the object's first member, {@code "crc32c"}, holds the CRC-32C (8 hex digits) of the bytes
 * that follow that member, so that the file stays plain JSON and is checked without being
 * written again:
 *
 * <pre>
 * {"crc32c":"89abcdef",  the rest of the object, as written
 * </pre>
 *
 * Stateless.
 */
final class JsonChecksum {
    private static final byte[] PREFIX = "{\"crc32c\":\"".getBytes(StandardCharsets.US_ASCII);
    /** The prefix, the 8 digits and {@code ",}. */
    private static final int SEALED_HEAD = PREFIX.length + 8 + 2;

    private JsonChecksum() {}

    /** {@code json}, a non-empty object as Jackson writes it (starting with its brace), with its checksum as its first member. */
    static byte[] seal(byte[] json) {
        if (json.length < 2 || json[0] != '{') {
            throw new IllegalArgumentException("not a JSON object");
        }
        byte[] head = String.format("%08x\",", crc(json, 1)).getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[PREFIX.length + head.length + json.length - 1];
        System.arraycopy(PREFIX, 0, out, 0, PREFIX.length);
        System.arraycopy(head, 0, out, PREFIX.length, head.length);
        System.arraycopy(json, 1, out, PREFIX.length + head.length, json.length - 1);
        return out;
    }

    /** Whether {@code bytes} start as a sealed object does. */
    static boolean sealed(byte[] bytes) {
        if (bytes.length < SEALED_HEAD) {
            return false;
        }
        for (int i = 0; i < PREFIX.length; i++) {
            if (bytes[i] != PREFIX[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * The object of a sealed file, without its checksum member, once checked.
     *
     * @throws IllegalStateException saying what is wrong if it is not sealed or fails its checksum
     */
    static byte[] open(byte[] bytes) {
        if (!sealed(bytes)) {
            throw new IllegalStateException("it does not start with its checksum");
        }
        String digits = new String(bytes, PREFIX.length, 8, StandardCharsets.US_ASCII);
        if (bytes[PREFIX.length + 8] != '"' || bytes[PREFIX.length + 9] != ',') {
            throw new IllegalStateException("its checksum is malformed");
        }
        int recorded;
        try {
            recorded = Integer.parseUnsignedInt(digits, 16);
        } catch (NumberFormatException e) {
            throw new IllegalStateException("its checksum '" + digits + "' is malformed", e);
        }
        int actual = crc(bytes, SEALED_HEAD);
        if (actual != recorded) {
            throw new IllegalStateException(String.format("it fails its checksum (CRC-32C %08x, recorded %08x)", actual, recorded));
        }
        return unchecked(bytes);
    }

    /** The object of a {@link #sealed} file without its checksum member, not checked: to tell whether a damaged one is whole. */
    static byte[] unchecked(byte[] bytes) {
        byte[] out = new byte[1 + bytes.length - SEALED_HEAD];
        out[0] = '{';
        System.arraycopy(bytes, SEALED_HEAD, out, 1, bytes.length - SEALED_HEAD);
        return out;
    }

    private static int crc(byte[] bytes, int from) {
        CRC32C crc = new CRC32C();
        crc.update(bytes, from, bytes.length - from);
        return (int) crc.getValue();
    }
}
