package io.redcron.node.scheduler;

import static org.assertj.core.api.Assertions.assertThat;

import io.redcron.domain.Run;
import io.redcron.domain.RunRequest;
import io.redcron.domain.Task;
import io.redcron.port.QueuedRun;
import io.redcron.store.mysql.TaskFixtures;
import io.redcron.testkit.InMemoryRunOutbox;
import io.redcron.testkit.InMemoryStores;
import io.redcron.testkit.ManualClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

class RunOutboxRelayTest {
    private static final Instant NOW = Instant.parse("2030-01-01T10:00:00.250Z");
    private static final Duration LOOKAHEAD = Duration.ofMillis(2500);

    private final InMemoryStores stores = InMemoryStores.at(NOW);
    private final InMemoryRunOutbox outbox = new InMemoryRunOutbox(stores.runs());
    private final AtomicBoolean leading = new AtomicBoolean(true);
    private final String ns = TaskFixtures.freshNamespace();
    private final Task task = stores.tasks().create(TaskFixtures.shell(ns, "cancel-order").group("orders").build(), "test");
    private final RunOutboxRelay relay = new RunOutboxRelay(ns, outbox, stores.queue(), LOOKAHEAD, leading::get,
            stores.clock());

    private Run recorded(Instant at) {
        Run run = stores.runs().insertRequested(task.id(), new RunRequest(Map.of(), at, null), NOW, 1).run();
        outbox.add(run);
        return run;
    }

    private List<Long> readFromStream() {
        return stores.queue().read("worker", Set.of("orders"), 100, Duration.ZERO).stream().map(QueuedRun::runId)
                .toList();
    }

    @Test
    void aRunDueWithinTheLookaheadGoesOnItsStreamAndItsEntryIsDeleted() {
        Run now = recorded(null);
        Run soon = recorded(NOW.plusSeconds(2));

        relay.run();

        assertThat(readFromStream()).containsExactlyInAnyOrder(now.id(), soon.id());
        assertThat(outbox.pending(ns, 10)).isEmpty();
        assertThat(stores.queue().delayed(10)).isEmpty();
    }

    @Test
    void aRunDueLaterIsHeldOnTheDelayedSetUntilALookaheadBeforeItsTime() {
        Run later = recorded(NOW.plus(Duration.ofMinutes(30)));

        relay.run();

        assertThat(readFromStream()).isEmpty();
        assertThat(stores.queue().delayed(10)).containsExactly(later.id());
        assertThat(outbox.pending(ns, 10)).isEmpty();
        ((ManualClock) stores.clock()).set(later.scheduledAt().minus(LOOKAHEAD).minusMillis(1));
        assertThat(stores.queue().promoteDue(stores.clock().instant(), 10)).isZero();
        ((ManualClock) stores.clock()).set(later.scheduledAt().minus(LOOKAHEAD));
        assertThat(stores.queue().promoteDue(stores.clock().instant(), 10)).isOne();
        assertThat(readFromStream()).containsExactly(later.id());
    }

    @Test
    void aRunThatNoLongerWaitsIsNotQueuedAndItsEntryGoes() {
        Run cancelled = recorded(NOW.plusSeconds(60));
        stores.runs().requestCancel(cancelled.id(), NOW, "not needed");
        outbox.add(ns, 987_654L, "orders", NOW);

        relay.run();

        assertThat(readFromStream()).isEmpty();
        assertThat(stores.queue().delayed(10)).isEmpty();
        assertThat(outbox.pending(ns, 10)).isEmpty();
    }

    @Test
    void onlyTheLeaderRelays() {
        recorded(null);
        leading.set(false);

        relay.run();

        assertThat(readFromStream()).isEmpty();
        assertThat(outbox.pending(ns, 10)).hasSize(1);
    }

    /** A leader that stops after queueing, before deleting the entry: the next pass queues the run again. */
    @Test
    void aRunQueuedTwiceIsClaimedOnce() {
        Run run = recorded(null);
        relay.run();
        outbox.add(run);
        relay.run();

        List<Long> delivered = readFromStream();

        assertThat(delivered).containsExactly(run.id(), run.id());
        Instant now = stores.clock().instant();
        assertThat(stores.runs().claim(run.id(), "worker-a", now, now.plusSeconds(30))).isPresent();
        assertThat(stores.runs().claim(run.id(), "worker-b", now, now.plusSeconds(30))).isEmpty();
    }

    @Test
    void aBurstLargerThanABatchIsWorkedOffInOnePass() {
        int runs = RunOutboxRelay.BATCH * 2 + 7;
        for (int i = 0; i < runs; i++) {
            recorded(null);
        }

        relay.run();

        assertThat(readFromStream()).hasSize(100);
        assertThat(stores.queue().length("orders")).isEqualTo(runs);
        assertThat(outbox.pending(ns, Integer.MAX_VALUE)).isEmpty();
    }
}
