package io.sluice.composite;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Random satisfiable transfer specs, for properties: overlapping replicas, receivers wanting parts of what is held. */
final class RandomSpecs {
    private RandomSpecs() {}

    /** A spec over seqs below {@code universe}, with senders at {@code senderSpaces} (cycled) and receivers at {@code receiverSpaces}. */
    static TransferSpec spec(Random random, int universe, int senders, int receivers, List<URI> senderSpaces, List<URI> receiverSpaces) {
        return spec(random, universe, senders, receivers, senderSpaces, receiverSpaces, "");
    }

    /** As above; every node's channel named after {@code prefix} and the node, so that tries sharing spaces do not meet. */
    static TransferSpec spec(Random random, int universe, int senders, int receivers, List<URI> senderSpaces, List<URI> receiverSpaces,
            String prefix) {
        TransferSpec.Builder b = TransferSpec.builder("data");
        b.tokenType(Long.class);
        List<SeqRange> held = new ArrayList<>();
        for (int i = 0; i < senders; i++) {
            int n = 1 + random.nextInt(3);
            List<TransferSpec.Held> holds = new ArrayList<>();
            List<SeqRange> mine = new ArrayList<>();
            for (int k = 0; k < n; k++) {
                SeqRange r = range(random, universe);
                if (mine.stream().anyMatch(r::overlaps)) {
                    continue;
                }
                mine.add(r);
                holds.add(new TransferSpec.Held(r, r.start()));
            }
            held.addAll(mine);
            b.sender("s" + (i + 1), senderSpaces.get(i % senderSpaces.size()), prefix + "s" + (i + 1), holds);
        }
        List<SeqRange> available = SeqRanges.union(held);
        for (int j = 0; j < receivers; j++) {
            List<SeqRange> wants = new ArrayList<>();
            for (SeqRange a : available) {
                if (random.nextInt(3) == 0 && !wants.isEmpty()) {
                    continue;
                }
                long s = a.start() + random.nextInt((int) a.size());
                long e = s + 1 + random.nextInt((int) (a.end() - s));
                wants.add(new SeqRange(s, e));
            }
            if (random.nextBoolean()) {
                java.util.Collections.reverse(wants); // a receiver may want ranges out of seq order
            }
            b.receiver("r" + (j + 1), receiverSpaces.get(j % receiverSpaces.size()), prefix + "copy" + (j + 1), wants.toArray(SeqRange[]::new));
        }
        return b.build();
    }

    private static SeqRange range(Random random, int universe) {
        int s = random.nextInt(universe);
        int e = s + 1 + random.nextInt(universe - s);
        return new SeqRange(s, e);
    }
}
