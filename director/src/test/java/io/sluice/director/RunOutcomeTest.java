package io.sluice.director;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.run.RunCancelledException;
import io.sluice.run.RunFailedException;
import io.sluice.run.RunResult;
import io.sluice.run.RunStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * How a run's outcome is decided ({@link RunOutcome}): the first failure is kept, a cancel counts
 * only while the run runs, a failure while the run ends wins over completing it, and waiting
 * returns the result or throws the failure once the run has ended.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class RunOutcomeTest {
    private final RunOutcome outcome = new RunOutcome("r1", OutOfMemoryFailure.inRun("r1"));

    private static RunResult result(RunStatus status) {
        return new RunResult("r1", "w", "test", status, Instant.EPOCH, Duration.ZERO, List.of(), List.of());
    }

    @Test
    void theFirstFailureIsKeptAndLaterOnesChangeNothing() throws Exception {
        RunFailedException first = new RunFailedException("first", null);
        RunFailedException second = new RunFailedException("second", null);

        assertThat(outcome.stopping()).isFalse();
        assertThat(outcome.fail(first)).as("the first failure starts the run stopping").isTrue();
        assertThat(outcome.fail(second)).as("a later failure").isFalse();
        assertThat(outcome.cancel()).as("a cancel after a failure").isFalse();
        assertThat(outcome.stopping()).isTrue();
        assertThat(outcome.failure()).isSameAs(first);

        outcome.finish();
        assertThat(outcome.complete(result(RunStatus.COMPLETED))).isFalse();
        assertThat(outcome.status()).as("before the run has ended").isEqualTo(RunStatus.RUNNING);
        outcome.end();
        assertThat(outcome.status()).isEqualTo(RunStatus.FAILED);
        assertThatThrownBy(outcome::await).isSameAs(first);
    }

    @Test
    void aCancelWhileRunningFailsTheRunAsCancelled() {
        assertThat(outcome.cancel()).isTrue();
        assertThat(outcome.cancel()).as("a second cancel").isFalse();
        outcome.finish();
        outcome.end();

        assertThat(outcome.status()).isEqualTo(RunStatus.CANCELLED);
        assertThatThrownBy(outcome::await).isInstanceOf(RunCancelledException.class);
    }

    @Test
    void aFinishedRunCannotBeCancelledButCanStillFail() throws Exception {
        outcome.finish();
        assertThat(outcome.stopping()).as("every worker has ended").isTrue();
        assertThat(outcome.cancel()).isFalse();
        assertThat(outcome.failure()).isNull();

        RunFailedException closing = new RunFailedException("a channel failed to close", null);
        assertThat(outcome.fail(closing)).isTrue();
        assertThat(outcome.complete(result(RunStatus.COMPLETED))).as("completing after a failure").isFalse();
        outcome.end();
        assertThatThrownBy(outcome::await).isSameAs(closing);
    }

    @Test
    void aCompletedRunGivesItsResultAndKeepsIt() throws Exception {
        RunResult r = result(RunStatus.COMPLETED);
        outcome.finish();
        assertThat(outcome.complete(r)).isTrue();
        assertThat(outcome.fail(new RunFailedException("too late", null))).as("a failure after completion").isFalse();
        outcome.end();

        assertThat(outcome.status()).isEqualTo(RunStatus.COMPLETED);
        assertThat(outcome.await()).isSameAs(r);
        assertThat(outcome.await(Duration.ZERO)).containsSame(r);
    }

    @Test
    void waitingEndsOnlyOnceTheRunHasEnded() throws Exception {
        assertThat(outcome.await(Duration.ofMillis(20))).as("a running run").isEmpty();

        RunResult r = result(RunStatus.COMPLETED);
        CountDownLatch waiting = new CountDownLatch(1);
        Thread ender = new Thread(() -> {
            try {
                waiting.await();
            } catch (InterruptedException e) {
                return;
            }
            outcome.finish();
            outcome.complete(r);
            outcome.end();
        });
        ender.start();
        waiting.countDown();
        assertThat(outcome.await()).isSameAs(r);
        ender.join();
    }

    @Test
    void ofFailuresRacingOneIsRecordedAndTheOthersChangeNothing() throws Exception {
        int threads = 8;
        AtomicInteger first = new AtomicInteger();
        CountDownLatch go = new CountDownLatch(1);
        Thread[] racing = new Thread[threads];
        for (int i = 0; i < threads; i++) {
            RunFailedException e = new RunFailedException("failure " + i, null);
            racing[i] = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException ie) {
                    return;
                }
                if (outcome.fail(e)) {
                    first.incrementAndGet();
                }
            });
            racing[i].start();
        }
        go.countDown();
        for (Thread t : racing) {
            t.join();
        }

        assertThat(first.get()).as("failures recorded as the first").isEqualTo(1);
        assertThat(outcome.failure()).isNotNull();
    }
}
