package io.sluice.samples;

import io.sluice.codec.Codec;
import io.sluice.codec.CodecException;
import io.sluice.codec.CodecInput;
import io.sluice.codec.CodecOutput;

/**
 * Stores the tokens of the mergesort workflow in persistent channels: one byte tells a word from
 * the sublist marker, then a word's text. Registered by {@link SampleCodecs}, so any program that
 * reads these channels finds it by its id.
 */
public final class SortItemCodec implements Codec<SortItem> {
    /** The id stored with each channel that uses this codec. */
    public static final String ID = "sluice.samples.sort-item";
    private static final byte SPLIT = 0;
    private static final byte WORD = 1;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Class<SortItem> type() {
        return SortItem.class;
    }

    @Override
    public void write(SortItem value, CodecOutput out) {
        if (value instanceof SortItem.Word word) {
            out.writeByte(WORD);
            out.writeString(word.text());
        } else {
            out.writeByte(SPLIT);
        }
    }

    @Override
    public SortItem read(CodecInput in) {
        byte tag = in.readByte();
        return switch (tag) {
            case WORD -> SortItem.word(in.readString());
            case SPLIT -> SortItem.SPLIT;
            default -> throw new CodecException("a sort item starts with 0 or 1, not " + tag);
        };
    }
}
