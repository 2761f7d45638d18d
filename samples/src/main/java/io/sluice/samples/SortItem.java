package io.sluice.samples;

/**
 * A token on the channels of the mergesort workflow: a word, or the marker that ends a sublist.
 * The marker is a value of its own type, so no word, however odd, can be mistaken for it.
 */
public sealed interface SortItem permits SortItem.Word, SortItem.Split {

    /** The marker that separates (between {@link Split} actor output) or ends (inside {@link MergeSort}) a sublist. */
    Split SPLIT = Split.INSTANCE;

    /** A word. */
    static Word word(String text) {
        return new Word(text);
    }

    /** A word of the list being sorted. @param text the word */
    record Word(String text) implements SortItem {
        public Word {
            java.util.Objects.requireNonNull(text, "text");
        }
    }

    /** The sublist marker; a single instance. */
    enum Split implements SortItem {
        INSTANCE;

        @Override
        public String toString() {
            return "|";
        }
    }
}
