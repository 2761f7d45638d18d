package io.sluice.records;

import java.lang.constant.ConstantDescs;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import org.apache.avro.io.BinaryDecoder;

/**
 * Never loaded as itself: the class file that {@link GeneratedRecordResolver} defines again as a
 * hidden class for each resolver, with that resolver's handle as the hidden class's class data.
 * The handle lands in a static final field, which the JIT treats as a constant, so it inlines the
 * whole composed handle into {@link #read}; held in an ordinary field it would not.
 */
final class ResolverBodyTemplate implements ResolverBody {
    private static final MethodHandle READ;

    static {
        try {
            READ = MethodHandles.classData(MethodHandles.lookup(), ConstantDescs.DEFAULT_NAME, MethodHandle.class);
        } catch (IllegalAccessException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @Override
    public Object read(BinaryDecoder in) throws Throwable {
        return (Object) READ.invokeExact(in);
    }
}
