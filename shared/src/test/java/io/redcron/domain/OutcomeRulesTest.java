package io.redcron.domain;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

class OutcomeRulesTest {
    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
    /** 10 s initial, doubling, at most 60 s, spread by up to 20 %. */
    private static final RetryPolicy RETRY = new RetryPolicy(3, Duration.ofSeconds(10), 2.0, Duration.ofSeconds(60),
            0.2);
    private static final RetryPolicy NO_JITTER = new RetryPolicy(5, Duration.ofSeconds(10), 2.0,
            Duration.ofSeconds(60), 0.0);

    @ParameterizedTest
    @EnumSource(AttemptEnd.Kind.class)
    void everyEndingOfTheLastAttemptIsFinal(AttemptEnd.Kind kind) {
        AttemptOutcome outcome = decide(run(3, 3, 0), RETRY, new AttemptEnd(kind, 7, "why"));

        RunStatus expected = switch (kind) {
            case SUCCEEDED -> RunStatus.SUCCEEDED;
            case FAILED -> RunStatus.FAILED;
            case TIMED_OUT -> RunStatus.TIMED_OUT;
            case CANCELLED, NOT_STARTED -> RunStatus.CANCELLED;
        };
        assertThat(outcome.status()).isEqualTo(expected);
        assertThat(outcome.retryAt()).isNull();
        assertThat(outcome.backoff()).isNull();
        assertThat(outcome.error()).isEqualTo("why");
        assertThat(outcome.deadLetter()).isEqualTo(kind == AttemptEnd.Kind.FAILED || kind == AttemptEnd.Kind.TIMED_OUT);
    }

    @ParameterizedTest
    @EnumSource(value = AttemptEnd.Kind.class, names = {"FAILED", "TIMED_OUT"})
    void aFailureWithAttemptsLeftIsRetriedAfterItsBackoffAndNotDeadLettered(AttemptEnd.Kind kind) {
        AttemptOutcome outcome = decide(run(1, 3, 0), NO_JITTER, new AttemptEnd(kind, 1, "exit 1"));

        assertThat(outcome.status()).isEqualTo(RunStatus.RETRYING);
        assertThat(outcome.backoff()).isEqualTo(Duration.ofSeconds(10));
        assertThat(outcome.retryAt()).isEqualTo(NOW.plusSeconds(10));
        assertThat(outcome.deadLetter()).isFalse();
        assertThat(outcome.error()).isEqualTo("exit 1; retry 1 of 2 at " + NOW.plusSeconds(10));
    }

    @ParameterizedTest
    @EnumSource(value = AttemptEnd.Kind.class, names = {"SUCCEEDED", "CANCELLED", "NOT_STARTED"})
    void successAndCancellationAreNeverRetriedEvenWithAttemptsLeft(AttemptEnd.Kind kind) {
        AttemptOutcome outcome = decide(run(1, 3, 0), RETRY, new AttemptEnd(kind, null, null));

        assertThat(outcome.status()).isIn(RunStatus.SUCCEEDED, RunStatus.CANCELLED);
        assertThat(outcome.retryAt()).isNull();
        assertThat(outcome.deadLetter()).isFalse();
    }

    @Test
    void theBackoffGrowsWithEachAttemptUpToItsMaximum() {
        assertThat(decide(run(1, 5, 0), NO_JITTER, failed()).backoff()).isEqualTo(Duration.ofSeconds(10));
        assertThat(decide(run(2, 5, 0), NO_JITTER, failed()).backoff()).isEqualTo(Duration.ofSeconds(20));
        assertThat(decide(run(3, 5, 0), NO_JITTER, failed()).backoff()).isEqualTo(Duration.ofSeconds(40));
        assertThat(decide(run(4, 5, 0), NO_JITTER, failed()).backoff()).isEqualTo(Duration.ofSeconds(60));
    }

    @Test
    void lostAttemptsDoNotUseUpAttemptsNorCountAsRetries() {
        // Attempt 3 of a run allowed 2, but two of its attempts were lost with their node.
        AttemptOutcome outcome = decide(run(3, 2, 2), NO_JITTER, failed());

        assertThat(outcome.status()).isEqualTo(RunStatus.RETRYING);
        assertThat(outcome.error()).isEqualTo("boom; retry 1 of 1 at " + outcome.retryAt());
        assertThat(decide(run(4, 2, 2), NO_JITTER, failed()).status()).isEqualTo(RunStatus.FAILED);
    }

    @Test
    void aRunAllowedOneAttemptFailsAtOnceAndIsDeadLettered() {
        AttemptOutcome outcome = decide(run(1, 1, 0), RetryPolicy.NONE, failed());

        assertThat(outcome.status()).isEqualTo(RunStatus.FAILED);
        assertThat(outcome.deadLetter()).isTrue();
        assertThat(outcome.error()).isEqualTo("boom");
    }

    @Test
    void theJitterSpreadsTheBackoffWithinItsBoundsBothWays() {
        Run first = run(1, 3, 0);
        assertThat(OutcomeRules.decide(first, RETRY, failed(), NOW, () -> 0.0).backoff())
                .isEqualTo(Duration.ofSeconds(8));
        assertThat(OutcomeRules.decide(first, RETRY, failed(), NOW, () -> 0.5).backoff())
                .isEqualTo(Duration.ofSeconds(10));
        assertThat(OutcomeRules.decide(first, RETRY, failed(), NOW, () -> 0.999_999).backoff())
                .isBetween(Duration.ofMillis(11_999), Duration.ofSeconds(12));
        java.util.Random random = new java.util.Random(42);
        for (int i = 0; i < 1_000; i++) {
            AttemptOutcome outcome = OutcomeRules.decide(first, RETRY, failed(), NOW, random::nextDouble);
            assertThat(outcome.backoff()).isBetween(Duration.ofSeconds(8), Duration.ofSeconds(12));
            assertThat(outcome.retryAt()).isEqualTo(NOW.plus(outcome.backoff()));
        }
    }

    @Test
    void anOutcomeOtherThanARetryCarriesNoRetryTime() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new AttemptOutcome(RunStatus.FAILED, NOW,
                Duration.ZERO, true, "x")).isInstanceOf(IllegalArgumentException.class);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new AttemptOutcome(RunStatus.RUNNING, null,
                null, false, "x")).isInstanceOf(IllegalArgumentException.class);
    }

    private static AttemptOutcome decide(Run run, RetryPolicy retry, AttemptEnd end) {
        return OutcomeRules.decide(run, retry, end, NOW, () -> 0.5);
    }

    private static AttemptEnd failed() {
        return new AttemptEnd(AttemptEnd.Kind.FAILED, 1, "boom");
    }

    private static Run run(int attempt, int maxAttempts, int lostAttempts) {
        return new Run(1, 2, "ns", "task", "default", TriggerType.CRON, NOW.minusSeconds(60), RunStatus.RUNNING,
                attempt, maxAttempts, lostAttempts, "node-a", NOW.plusSeconds(30), NOW.minusSeconds(60),
                NOW.minusSeconds(5), null, null, null, null, Map.of());
    }
}
