package io.sluice.records;

import org.apache.avro.io.BinaryDecoder;

/** The code of a generated resolver: reads one record from a decoder, as the reader's representation. */
interface ResolverBody {
    Object read(BinaryDecoder in) throws Throwable;
}
