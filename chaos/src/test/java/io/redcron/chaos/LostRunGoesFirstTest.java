package io.redcron.chaos;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class LostRunGoesFirstTest {
    private static final Instant FIRST = Instant.parse("2026-01-01T00:00:00Z");
    private static final Workload.Planned EXCLUSIVE = new Workload.Planned(5, "long-exclusive", Workload.Kind.LONG_EXCLUSIVE, FIRST);
    private static final List<LostRunGoesFirst.Killed> KILLED = List.of(new LostRunGoesFirst.Killed(10, 1));
    private static final List<RunRow> ROWS = List.of(run(10, 0, "SUCCEEDED"), run(11, 5, "SUCCEEDED"),
            run(99, 5, "SUCCEEDED").withTask(6));

    @Test
    void theLostRunRunningAgainBeforeTheNextFireHolds() {
        // Another task's run may start in between: only the task's own order matters.
        Effects effects = Effects.parse(List.of("10 1 a start", "99 1 b start", "10 2 b start", "10 2 b end", "11 1 b start",
                "11 1 b end"));

        assertThat(LostRunGoesFirst.check(EXCLUSIVE, KILLED, ROWS, effects)).isEmpty();
    }

    @Test
    void aLaterFireStartingBeforeTheLostRunRanAgainIsReported() {
        Effects effects = Effects.parse(List.of("10 1 a start", "11 1 b start", "11 1 b end", "10 2 b start", "10 2 b end"));

        assertThat(LostRunGoesFirst.check(EXCLUSIVE, KILLED, ROWS, effects)).containsExactly(
                "long-exclusive: run 11 (fire at 2026-01-01T00:00:05Z) started before run 10, killed in attempt 1, ran again");
    }

    @Test
    void aLostRunNeverRunAgainIsReported() {
        Effects effects = Effects.parse(List.of("10 1 a start"));

        assertThat(LostRunGoesFirst.check(EXCLUSIVE, KILLED, List.of(run(10, 0, "SKIPPED")), effects))
                .contains("long-exclusive: run 10, killed in attempt 1, never ran again");
    }

    @Test
    void aFireSkippedWhileWaitingMustNameTheRunItWaitedFor() {
        Effects effects = Effects.parse(List.of("10 1 a start", "10 2 b start", "10 2 b end"));
        List<RunRow> rows = List.of(run(10, 0, "SUCCEEDED"),
                run(11, 5, "SKIPPED").withError("skipped: run 10 of this task was still running (policy forbid)"),
                run(12, 10, "SKIPPED").withError("skipped: a run of this task was still running"),
                run(13, 15, "SKIPPED").withError("misfire: skipped (policy fire-once)"),
                run(14, 20, "SKIPPED").withError("withdrawn: the task was disabled before this fire was due"));

        assertThat(LostRunGoesFirst.check(EXCLUSIVE, KILLED, rows, effects)).containsExactly(
                "long-exclusive: run 12 was SKIPPED with a reason that names no run it waited for"
                        + " (skipped: a run of this task was still running)");
    }

    private static RunRow run(long id, int second, String status) {
        return new RunRow(id, 5, FIRST.plusSeconds(second), status, "CRON", 1, 3, 0, "a");
    }
}
