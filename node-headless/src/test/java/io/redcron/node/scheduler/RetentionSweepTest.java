package io.redcron.node.scheduler;

import io.redcron.domain.RetentionPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.port.HistoryCleanup;
import io.redcron.port.PageRequest;
import io.redcron.port.RunOutcome;
import io.redcron.store.mysql.TaskFixtures;
import io.redcron.testkit.InMemoryStores;
import io.redcron.testkit.ManualClock;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/** The leader's retention over in-memory stores, with time moved by hand. */
class RetentionSweepTest {
    private static final Instant NOW = Instant.parse("2030-03-01T12:00:00Z");
    private static final Duration REST = Duration.ofMinutes(10);

    private final InMemoryStores stores = InMemoryStores.at(NOW);
    private final ManualClock clock = (ManualClock) stores.clock();
    private final AtomicBoolean leading = new AtomicBoolean(true);
    private final Recorded report = new Recorded();
    private String ns;
    private Task task;
    private RetentionSweep sweep;

    @BeforeEach
    void setUp() {
        ns = TaskFixtures.freshNamespace();
        task = stores.tasks().create(TaskFixtures.shell(ns, "nightly").build(), "alice");
        // Batches of two: every sweep here takes several, and must carry on from each.
        sweep = new RetentionSweep(new RetentionSweep.Settings(ns, 2, Duration.ofMinutes(1), REST),
                stores.retention(), stores.cleanup(), leading::get, clock, report);
    }

    @Test
    void eachRunGoesByItsOwnAgeAndOutputsGoBeforeTheirRows() {
        stores.retention().changeNamespace(ns, new RetentionPolicy(30, 90, 0, 7, null), "alice");
        long oldSuccess = ended(41, RunStatus.SUCCEEDED);
        long oldFailure = ended(40, RunStatus.FAILED);
        long ancientFailure = ended(91, RunStatus.TIMED_OUT);
        long withOutput = ended(10, RunStatus.SUCCEEDED);
        long fresh = ended(2, RunStatus.SUCCEEDED);

        sweep.run();

        assertThat(stores.runs().getAll(List.of(oldSuccess, oldFailure, ancientFailure, withOutput, fresh)).keySet())
                .containsExactlyInAnyOrder(oldFailure, withOutput, fresh);
        assertThat(stores.runs().get(oldFailure).orElseThrow().output()).as("past 7 days").isNull();
        assertThat(stores.runs().get(withOutput).orElseThrow().output()).isNull();
        assertThat(stores.runs().get(fresh).orElseThrow().output()).isEqualTo("output");
        assertThat(report.runs).isEqualTo(2);
        assertThat(report.outputs).isEqualTo(2);
        // A manual run takes the first millisecond after its request that is not a whole second.
        assertThat(report.oldest).hasValueSatisfying(oldest -> assertThat(oldest)
                .isBetween(NOW.minus(Duration.ofDays(40)), NOW.minus(Duration.ofDays(40)).plusSeconds(1)));
    }

    @Test
    void aTasksNewestRunsAndPinnedRunsStayWhateverTheirAge() {
        stores.retention().changeNamespace(ns, new RetentionPolicy(30, 30, 2, null, null), "alice");
        long pinned = ended(100, RunStatus.SUCCEEDED);
        long gone = ended(60, RunStatus.SUCCEEDED);
        long secondNewest = ended(50, RunStatus.FAILED);
        long newest = ended(45, RunStatus.SUCCEEDED);
        stores.retention().pin(pinned, "audit of 2029", "alice");

        sweep.run();

        assertThat(stores.runs().getAll(List.of(pinned, gone, secondNewest, newest)).keySet())
                .containsExactlyInAnyOrder(pinned, secondNewest, newest);
    }

    @Test
    void aTaskMayKeepLongerOrShorterThanItsNamespace() {
        Task noisy = stores.tasks().create(TaskFixtures.shell(ns, "every-10-seconds").build(), "alice");
        stores.retention().changeNamespace(ns, new RetentionPolicy(30, 90, 0, null, null), "alice");
        stores.retention().changeTask(ns, task.id(), new RetentionPolicy(0, null, null, null, null), "alice");
        stores.retention().changeTask(ns, noisy.id(), new RetentionPolicy(2, null, null, null, null), "alice");
        long forever = ended(400, RunStatus.SUCCEEDED);
        long noisyOld = endedOf(noisy, 3, RunStatus.SUCCEEDED);
        long noisyFresh = endedOf(noisy, 1, RunStatus.SUCCEEDED);

        sweep.run();

        assertThat(stores.runs().getAll(List.of(forever, noisyOld, noisyFresh)).keySet())
                .containsExactlyInAnyOrder(forever, noisyFresh);
    }

    @Test
    void unfinishedRunsStayAndOnlyTheLeaderSweeps() {
        stores.retention().changeNamespace(ns, new RetentionPolicy(30, 30, 0, null, null), "alice");
        Run stuck = stores.runs().insertOrGetCronFire(task.id(), NOW.minus(Duration.ofDays(60)), 1);
        long old = ended(60, RunStatus.SUCCEEDED);
        leading.set(false);

        sweep.run();
        assertThat(stores.runs().get(old)).as("not leading").isPresent();

        leading.set(true);
        sweep.run();
        assertThat(stores.runs().get(old)).isEmpty();
        assertThat(stores.runs().get(stuck.id())).isPresent();
    }

    @Test
    void aFinishedSweepRestsBeforeTheNext() {
        stores.retention().changeNamespace(ns, new RetentionPolicy(30, 30, 0, null, null), "alice");
        ended(60, RunStatus.SUCCEEDED);
        sweep.run();
        long later = ended(61, RunStatus.SUCCEEDED);

        clock.advance(REST.minusSeconds(1));
        sweep.run();
        assertThat(stores.runs().get(later)).as("resting").isPresent();

        clock.advance(Duration.ofSeconds(1));
        sweep.run();
        assertThat(stores.runs().get(later)).isEmpty();
    }

    @Test
    void auditRowsGoPastTheNamespacesAgeAndNeverWithin30Days() {
        stores.retention().changeNamespace(ns, new RetentionPolicy(null, null, null, null, 30), "alice");
        clock.advance(Duration.ofDays(31));
        stores.retention().changeNamespace(ns, new RetentionPolicy(null, null, null, null, 40), "bob");
        clock.advance(Duration.ofDays(10));

        sweep.run();

        assertThat(stores.audit().list(ns, null, PageRequest.first(10)).items())
                .extracting(entry -> entry.actor()).containsExactly("bob");
        assertThat(report.auditRows).isGreaterThanOrEqualTo(1);
    }

    @Test
    void theHorizonIsTheYoungestAnyPolicyActsOn() {
        stores.retention().changeNamespace(ns, new RetentionPolicy(30, 90, 0, 0, null), "alice");
        stores.retention().changeTask(ns, task.id(), new RetentionPolicy(3, null, null, null, null), "alice");
        assertThat(RetentionSweep.horizon(stores.retention().settings(ns), NOW)).isEqualTo(NOW.minus(Duration.ofDays(3)));

        stores.retention().changeNamespace(ns, new RetentionPolicy(0, 0, 0, 0, null), "alice");
        stores.retention().clearTask(ns, task.id(), "alice");
        assertThat(RetentionSweep.horizon(stores.retention().settings(ns), NOW)).isNull();
    }

    private long ended(int daysAgo, RunStatus status) {
        return endedOf(task, daysAgo, status);
    }

    private long endedOf(Task of, int daysAgo, RunStatus status) {
        Instant at = clock.instant().minus(Duration.ofDays(daysAgo));
        Run run = stores.runs().insertManual(of.id(), at, 1, Map.of());
        stores.runs().claim(run.id(), "node-1", at, at.plusSeconds(60));
        stores.runs().complete(run.id(), 1, RunStatus.RUNNING, new RunOutcome(status, at.plusSeconds(5), 0, "output", null));
        return run.id();
    }

    private static final class Recorded implements RetentionSweep.Report {
        int runs;
        int outputs;
        int auditRows;
        Optional<Instant> oldest = Optional.empty();
        final List<Instant> positions = new ArrayList<>();

        @Override
        public void purged(int runCount, int outputCount, int audit) {
            runs += runCount;
            outputs += outputCount;
            auditRows += audit;
        }

        @Override
        public void swept(Optional<Instant> oldestRun) {
            oldest = oldestRun;
        }

        @Override
        public void position(Instant reached, Instant horizon) {
            positions.add(reached);
        }
    }

    @Test
    void aSweepFarBehindItsHorizonWorksWithTheCatchUpBudget() {
        RetentionSweep.Settings settings = new RetentionSweep.Settings("ns", 500, Duration.ofSeconds(1),
                Duration.ofMillis(2500), REST);
        Instant horizon = Instant.parse("2030-06-01T00:00:00Z");

        assertThat(RetentionSweep.budget(settings, HistoryCleanup.Position.START, horizon))
                .isEqualTo(Duration.ofMillis(2500));
        assertThat(RetentionSweep.budget(settings, new HistoryCleanup.Position(horizon.minus(Duration.ofDays(2)), 7),
                horizon)).isEqualTo(Duration.ofMillis(2500));
        assertThat(RetentionSweep.budget(settings, new HistoryCleanup.Position(horizon.minus(Duration.ofHours(3)), 7),
                horizon)).as("within a day: the steady state").isEqualTo(Duration.ofSeconds(1));
    }
}
