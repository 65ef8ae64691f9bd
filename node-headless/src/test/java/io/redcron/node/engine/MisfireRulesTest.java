package io.redcron.node.engine;

import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.MisfirePolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.node.testkit.ManualCluster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The misfire policies, on a cluster driven by hand: after downtime, and for a fire started late. */
class MisfireRulesTest {
    private static final String NOON = "0 12 * * *";
    private static final String EVERY_MINUTE = "* * * * *";

    private final ManualCluster cluster = new ManualCluster();

    @AfterEach
    void close() throws Exception {
        cluster.close();
    }

    @Test
    void afterDowntimeEachPolicyKeepsTheNewestMisfiresItAllowsAndRecordsTheRestSkipped() {
        Task once = cluster.add(task("missed-once", MisfirePolicy.FIRE_ONCE));
        Task skip = cluster.add(task("missed-skip", MisfirePolicy.SKIP));
        Task catchUp = cluster.add(task("missed-catch-up", MisfirePolicy.CATCH_UP).catchUpLimit(2));
        // No scheduler ran for a week: seven noon fires were missed.
        cluster.advance(Duration.ofDays(6).plusHours(13));

        cluster.schedulerPass();
        cluster.workerIntake();
        for (Task task : List.of(once, skip, catchUp)) {
            cluster.runsOf(task).stream().filter(run -> run.status() == RunStatus.RUNNING).forEach(cluster::succeed);
        }

        assertThat(succeeded(once)).containsExactly(noon(7));
        assertThat(succeeded(skip)).isEmpty();
        assertThat(succeeded(catchUp)).containsExactly(noon(6), noon(7));
        for (Task task : List.of(once, skip, catchUp)) {
            List<Run> runs = cluster.runsOf(task);
            assertThat(runs).extracting(Run::scheduledAt).containsExactly(noon(1), noon(2), noon(3), noon(4), noon(5),
                    noon(6), noon(7));
            assertThat(runs).filteredOn(run -> run.status() == RunStatus.SKIPPED)
                    .allSatisfy(run -> assertThat(run.error()).startsWith("misfire: skipped"));
        }
    }

    @Test
    void aFireRecordedOnTimeButStartedPastTheThresholdFollowsItsPolicyWhenClaimed() {
        Task skip = cluster.add(task("late-skip", MisfirePolicy.SKIP).cron(EVERY_MINUTE));
        Task once = cluster.add(task("late-once", MisfirePolicy.FIRE_ONCE).cron(EVERY_MINUTE));
        // Two fires recorded and queued on time, and no worker took them.
        cluster.advance(Duration.ofMinutes(1));
        cluster.schedulerPass();
        cluster.advance(Duration.ofMinutes(1));
        cluster.schedulerPass();

        cluster.advance(Duration.ofMinutes(2));
        cluster.workerIntake();

        List<Run> skipped = cluster.runsOf(skip);
        assertThat(skipped).extracting(Run::status).containsExactly(RunStatus.SKIPPED, RunStatus.SKIPPED);
        assertThat(skipped).extracting(Run::error).containsExactly(
                "misfire: not started until 3m after its time (policy skip)",
                "misfire: not started until 2m after its time (policy skip)");
        List<Run> runs = cluster.runsOf(once);
        assertThat(runs).extracting(Run::status).containsExactly(RunStatus.SKIPPED, RunStatus.RUNNING);
        assertThat(runs.get(0).error()).contains("a later fire runs instead (policy fire-once)");
    }

    @Test
    void withinTheThresholdALateFireStillRuns() {
        Task skip = cluster.add(task("barely-late", MisfirePolicy.SKIP).cron(EVERY_MINUTE));
        cluster.advance(Duration.ofMinutes(1));
        cluster.schedulerPass();

        cluster.advance(Duration.ofSeconds(59));
        cluster.workerIntake();

        assertThat(cluster.runsOf(skip)).extracting(Run::status).containsExactly(RunStatus.RUNNING);
    }

    private List<Instant> succeeded(Task task) {
        return cluster.runsOf(task).stream().filter(run -> run.status() == RunStatus.SUCCEEDED).map(Run::scheduledAt)
                .toList();
    }

    private static Instant noon(int day) {
        return ManualCluster.START.plus(Duration.ofDays(day - 1)).plus(Duration.ofHours(12));
    }

    private static Task.Builder task(String name, MisfirePolicy policy) {
        return Task.builder().name(name).cron(NOON).misfirePolicy(policy).concurrencyPolicy(ConcurrencyPolicy.ALLOW);
    }
}
