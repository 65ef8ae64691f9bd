package io.redcron.node.scheduler;

import io.redcron.domain.Run;
import io.redcron.domain.Task;
import io.redcron.node.alert.AlertSink;
import io.redcron.port.PageRequest;
import io.redcron.port.RunFilter;
import io.redcron.store.mysql.TaskFixtures;
import io.redcron.testkit.InMemoryStores;
import io.redcron.testkit.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A new term's rebuild of the schedule index in a namespace larger than one pass reads: the
 * leader keeps firing between its slices, and goes on with the rebuild at once rather than
 * sleeping.
 */
class LongRebuildTest {
    private static final Instant START = Instant.parse("2031-05-01T10:00:30Z");
    private static final String NAMESPACE = "big";
    /** One more than a pass of the rebuild reads. */
    private static final int YEARLY = 1000 * IndexSync.REBUILD_PAGES_PER_PASS;

    private final ManualClock clock = new ManualClock(START);
    private final InMemoryStores stores = new InMemoryStores(clock);
    private final ManualScheduler scheduler = new ManualScheduler(stores, clock, NAMESPACE, "leader",
            Duration.ofSeconds(2), Duration.ofSeconds(60), Duration.ofSeconds(30), AlertSink.NONE);

    @Test
    void theLeaderFiresWhileItsIndexIsStillBeingRebuiltAndDoesNotSleepUntilItIsDone() {
        Task everyMinute = stores.tasks().create(TaskFixtures.shell(NAMESPACE, "every-minute").cron("* * * * *").build(),
                "test");
        for (int i = 0; i < YEARLY; i++) {
            stores.tasks().create(TaskFixtures.shell(NAMESPACE, "yearly-" + i).cron("0 0 1 1 *").build(), "test");
        }
        scheduler.lead();
        clock.advance(Duration.ofSeconds(30)); // 10:01:00, the minute's fire is due

        Duration firstSleep = scheduler.pass();

        assertThat(firstSleep).isZero();
        assertThat(stores.index().size()).isLessThan(YEARLY + 1);
        assertThat(runsOf(everyMinute)).extracting(Run::scheduledAt).containsExactly(Instant.parse("2031-05-01T10:01:00Z"));

        Duration secondSleep = scheduler.pass();

        assertThat(secondSleep).isPositive();
        assertThat(stores.index().size()).isEqualTo(YEARLY + 1);
        assertThat(runsOf(everyMinute)).hasSize(1);
    }

    private List<Run> runsOf(Task task) {
        return stores.runs().list(RunFilter.all(NAMESPACE).forTask(task.id()), PageRequest.first(100)).items();
    }
}
