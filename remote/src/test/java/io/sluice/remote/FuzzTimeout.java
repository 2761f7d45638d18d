package io.sluice.remote;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

/**
 * A time limit for a jqwik property, which JUnit's {@code @Timeout} does not reach: once it is
 * up, every {@link RawClient} is closed (ending the reads blocked on them), the property's thread
 * is interrupted, and the property fails.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@AddLifecycleHook(FuzzTimeout.Hook.class)
@interface FuzzTimeout {
    /** Seconds all the property's tries may take. */
    int value();

    final class Hook implements AroundPropertyHook {
        private static final ScheduledExecutorService WATCHDOG = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "fuzz-timeout");
            t.setDaemon(true);
            return t;
        });

        @Override
        public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
            int seconds = context.findAnnotation(FuzzTimeout.class).map(FuzzTimeout::value).orElse(60);
            Thread runner = Thread.currentThread();
            AtomicBoolean expired = new AtomicBoolean();
            ScheduledFuture<?> alarm = WATCHDOG.schedule(() -> {
                expired.set(true);
                RawClient.closeAll();
                runner.interrupt();
            }, seconds, TimeUnit.SECONDS);
            PropertyExecutionResult result;
            try {
                result = property.execute();
            } finally {
                alarm.cancel(false);
            }
            if (expired.get()) {
                Thread.interrupted(); // clears the flag the alarm set
                return result.mapToFailed(context.label() + " took longer than its " + seconds + " s");
            }
            return result;
        }
    }
}
