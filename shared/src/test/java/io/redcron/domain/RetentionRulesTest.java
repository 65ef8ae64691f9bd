package io.redcron.domain;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static io.redcron.domain.RetentionRules.Verdict.DELETE;
import static io.redcron.domain.RetentionRules.Verdict.DROP_OUTPUT;
import static io.redcron.domain.RetentionRules.Verdict.KEEP;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RetentionRulesTest {
    private static final Instant NOW = Instant.parse("2030-03-01T12:00:00Z");
    private static final RetentionPolicy POLICY = new RetentionPolicy(30, 90, 10, 7, 400);

    @Test
    void successesAndFailuresAgeOnTheirOwnLimits() {
        assertThat(judge(run(RunStatus.SUCCEEDED, 31, true), POLICY)).isEqualTo(DELETE);
        assertThat(judge(run(RunStatus.SKIPPED, 31, false), POLICY)).as("ended without a failure").isEqualTo(DELETE);
        assertThat(judge(run(RunStatus.FAILED, 31, true), POLICY)).as("failures are kept longer").isEqualTo(DROP_OUTPUT);
        assertThat(judge(run(RunStatus.TIMED_OUT, 91, false), POLICY)).isEqualTo(DELETE);
        assertThat(judge(run(RunStatus.SUCCEEDED, 29, false), POLICY)).isEqualTo(KEEP);
    }

    @Test
    void outputsGoBeforeTheirRows() {
        assertThat(judge(run(RunStatus.SUCCEEDED, 8, true), POLICY)).isEqualTo(DROP_OUTPUT);
        assertThat(judge(run(RunStatus.SUCCEEDED, 8, false), POLICY)).as("nothing left to drop").isEqualTo(KEEP);
        assertThat(judge(run(RunStatus.SUCCEEDED, 6, true), POLICY)).isEqualTo(KEEP);
    }

    @Test
    void unfinishedPinnedAndNewestRunsStayWhateverTheirAge() {
        AgedRun ancient = run(RunStatus.SUCCEEDED, 4000, true);
        assertThat(judge(run(RunStatus.QUEUED, 4000, false), POLICY)).isEqualTo(KEEP);
        assertThat(judge(run(RunStatus.RUNNING, 4000, true), POLICY)).isEqualTo(KEEP);
        assertThat(RetentionRules.judge(ancient, POLICY, NOW, null, true)).as("pinned").isEqualTo(KEEP);
        assertThat(RetentionRules.judge(ancient, POLICY, NOW, ancient.scheduledAt(), false))
                .as("the last of the task's newest runs").isEqualTo(KEEP);
        assertThat(RetentionRules.judge(ancient, POLICY, NOW, ancient.scheduledAt().plusMillis(1), false))
                .isEqualTo(DELETE);
    }

    @Test
    void zeroDaysKeepsForever() {
        RetentionPolicy forever = new RetentionPolicy(0, 0, 0, 0, 0);
        assertThat(judge(run(RunStatus.SUCCEEDED, 4000, true), forever)).isEqualTo(KEEP);
        assertThat(RetentionRules.horizon(forever, NOW)).isNull();
        assertThat(RetentionRules.horizon(new RetentionPolicy(30, 0, 0, 7, 0), NOW))
                .isEqualTo(NOW.minus(Duration.ofDays(7)));
        assertThat(RetentionRules.horizon(new RetentionPolicy(0, 90, 0, 0, 0), NOW))
                .isEqualTo(NOW.minus(Duration.ofDays(90)));
    }

    @Test
    void aTaskTakesWhatItLeavesOpenFromItsNamespace() {
        RetentionPolicy task = new RetentionPolicy(null, 365, null, null, null);
        assertThat(task.over(POLICY)).isEqualTo(new RetentionPolicy(30, 365, 10, 7, 400));
        assertThat(POLICY.with(new RetentionPolicy(null, null, 0, null, null)))
                .isEqualTo(new RetentionPolicy(30, 90, 0, 7, 400));
        assertThat(RetentionPolicy.INHERIT.inheritsEverything()).isTrue();
    }

    @Test
    void eachBadValueIsNamedByItsField() {
        assertThatThrownBy(() -> new RetentionPolicy(-1, null, null, null, null)).hasMessageStartingWith("succeeded:");
        assertThatThrownBy(() -> new RetentionPolicy(null, 40_000, null, null, null)).hasMessageStartingWith("failed:");
        assertThatThrownBy(() -> new RetentionPolicy(null, null, -2, null, null)).hasMessageStartingWith("keep-last:");
        assertThatThrownBy(() -> new RetentionPolicy(null, null, null, -5, null)).hasMessageStartingWith("output:");
        assertThatThrownBy(() -> new RetentionPolicy(null, null, null, null, 29))
                .hasMessage("audit: must be 30-36500 days, or 0 to keep forever, got 29");
    }

    private static RetentionRules.Verdict judge(AgedRun run, RetentionPolicy policy) {
        return RetentionRules.judge(run, policy, NOW, null, false);
    }

    private static AgedRun run(RunStatus status, int daysOld, boolean output) {
        return new AgedRun(1, 7, status, NOW.minus(Duration.ofDays(daysOld)).minusSeconds(1), output);
    }
}
