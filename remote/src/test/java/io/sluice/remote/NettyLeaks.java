package io.sluice.remote;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakDetectorFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Makes a leaked Netty buffer fail the tests: installs a {@link ResourceLeakDetectorFactory}
 * whose detectors record every leak they report, and after each test class forces the detector
 * to look ({@link #assertNone}) and fails if it reported any. Registered for every JUnit test
 * class of this module (see {@code META-INF/services}); jqwik suites call {@link #install()} and
 * {@link #assertNone(String)} themselves. The module's surefire runs with
 * {@code -Dio.netty.leakDetection.level=paranoid}, so every buffer is tracked.
 *
 * <p>The factory must be installed before Netty creates its buffer detector (on the first
 * buffer made in the JVM); {@link #install()} checks that it was.
 */
public final class NettyLeaks implements BeforeAllCallback, AfterAllCallback {
    private static final List<String> LEAKS = new ArrayList<>();
    private static final AtomicBoolean INSTALLED = new AtomicBoolean();
    private static volatile boolean sawByteBufDetector;

    static {
        install();
    }

    /** Installs the recording factory, once; fails if Netty made its buffer detector before. */
    static void install() {
        if (INSTALLED.compareAndSet(false, true)) {
            ResourceLeakDetectorFactory.setResourceLeakDetectorFactory(new RecordingFactory());
            ByteBufAllocator.DEFAULT.buffer(1).release(); // makes the buffer detector now, through the factory
        }
        if (!sawByteBufDetector) {
            throw new IllegalStateException("Netty made its buffer leak detector before NettyLeaks was installed: leaks would go unnoticed");
        }
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        install();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        assertNone(context.getDisplayName());
    }

    /**
     * Lets the detector find buffers collected without being released (garbage collections and
     * a few allocations, on which it reports), then fails if any leak was reported since the last
     * call; the report may come from an earlier class, whose buffers were collected late.
     */
    static void assertNone(String after) {
        if (ResourceLeakDetector.getLevel() != ResourceLeakDetector.Level.PARANOID) {
            throw new AssertionError("Netty's leak detection level is " + ResourceLeakDetector.getLevel()
                    + ", not PARANOID: see surefire.argLine in remote/pom.xml");
        }
        for (int i = 0; i < 5; i++) {
            System.gc();
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            for (int j = 0; j < 100; j++) {
                ByteBuf b = ByteBufAllocator.DEFAULT.buffer(16);
                b.release();
            }
        }
        List<String> found;
        synchronized (LEAKS) {
            found = new ArrayList<>(LEAKS);
            LEAKS.clear();
        }
        if (!found.isEmpty()) {
            throw new AssertionError("Netty reported " + found.size() + " leak(s) by the end of " + after + ":\n"
                    + String.join("\n\n", found));
        }
    }

    private static void record(String leak) {
        synchronized (LEAKS) {
            LEAKS.add(leak);
        }
    }

    private static final class RecordingFactory extends ResourceLeakDetectorFactory {
        @Override
        public <T> ResourceLeakDetector<T> newResourceLeakDetector(Class<T> resource, int samplingInterval, long maxActive) {
            if (resource == ByteBuf.class) {
                sawByteBufDetector = true;
            }
            return new RecordingDetector<>(resource, samplingInterval);
        }

        @Override
        public <T> ResourceLeakDetector<T> newResourceLeakDetector(Class<T> resource, int samplingInterval) {
            return newResourceLeakDetector(resource, samplingInterval, Long.MAX_VALUE);
        }
    }

    private static final class RecordingDetector<T> extends ResourceLeakDetector<T> {
        RecordingDetector(Class<T> resource, int samplingInterval) {
            super(resource, samplingInterval);
        }

        @Override
        protected boolean needReport() {
            return true;
        }

        @Override
        protected void reportTracedLeak(String resourceType, String records) {
            record("LEAK of a " + resourceType + ": " + records);
            super.reportTracedLeak(resourceType, records);
        }

        @Override
        protected void reportUntracedLeak(String resourceType) {
            record("LEAK of a " + resourceType + " (no records)");
            super.reportUntracedLeak(resourceType);
        }
    }
}
