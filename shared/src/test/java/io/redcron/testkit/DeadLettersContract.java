package io.redcron.testkit;

import io.redcron.port.DeadLetters;
import io.redcron.port.QueueInspector.DeadRun;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

/** What every {@link DeadLetters} promises; one subclass per backend. */
public abstract class DeadLettersContract {
    private static final Instant AT = Instant.parse("2026-11-30T10:15:30.123Z");

    private DeadLetters dead;

    /** An empty dead list. */
    protected abstract DeadLetters deadLetters();

    @BeforeEach
    void open() {
        dead = deadLetters();
    }

    @Test
    void anEmptyListHasNothingToGiveOrRemove() {
        assertThat(dead.recent(10)).isEmpty();
        assertThat(dead.count()).isZero();
        assertThat(dead.removeAll()).isZero();
        assertThat(dead.take("1-1")).isFalse();
    }

    @Test
    void entriesComeNewestFirstWithWhatWasWritten() {
        add(1, "default", "exit code 1");
        add(2, "gpu", "timed out");

        List<DeadRun> recent = dead.recent(10);

        assertThat(recent).extracting(DeadRun::runId, DeadRun::group, DeadRun::reason, DeadRun::at)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(2L, "gpu", "timed out", AT),
                        org.assertj.core.groups.Tuple.tuple(1L, "default", "exit code 1", AT));
        assertThat(recent).allSatisfy(entry -> assertThat(entry.entryId()).isNotBlank());
        assertThat(dead.count()).isEqualTo(2);
    }

    @Test
    void recentIsCappedByItsLimit() {
        for (int i = 1; i <= 5; i++) {
            add(i, "default", "");
        }

        assertThat(dead.recent(2)).extracting(DeadRun::runId).containsExactly(5L, 4L);
    }

    @Test
    void anEntryIsFoundByItsIdAndNothingByAnotherId() {
        add(7, "default", "boom");
        DeadRun entry = dead.recent(1).get(0);

        assertThat(dead.get(entry.entryId())).contains(entry);
        assertThat(dead.get("99999999-0")).isEmpty();
        assertThat(dead.get("not an id")).isEmpty();
    }

    @Test
    void anEntryIsTakenOnceOnly() {
        add(7, "default", "boom");
        String id = dead.recent(1).get(0).entryId();

        assertThat(dead.take(id)).isTrue();
        assertThat(dead.take(id)).isFalse();
        assertThat(dead.get(id)).isEmpty();
        assertThat(dead.count()).isZero();
    }

    @Test
    void ofCallersTakingTheSameEntryAtOnceExactlyOneGetsIt() throws Exception {
        add(7, "default", "boom");
        String id = dead.recent(1).get(0).entryId();
        int callers = 8;
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(callers);
        try {
            Callable<Boolean> take = () -> {
                start.await();
                return dead.take(id);
            };
            List<Future<Boolean>> results = new java.util.ArrayList<>();
            for (int i = 0; i < callers; i++) {
                results.add(pool.submit(take));
            }
            start.countDown();
            long winners = 0;
            for (Future<Boolean> result : results) {
                winners += result.get() ? 1 : 0;
            }
            assertThat(winners).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void anEntryPutBackIsThereAgainUnderANewId() {
        add(7, "default", "boom");
        DeadRun entry = dead.recent(1).get(0);
        dead.take(entry.entryId());

        dead.putBack(entry);

        DeadRun back = dead.recent(1).get(0);
        assertThat(back.entryId()).isNotEqualTo(entry.entryId());
        assertThat(back).extracting(DeadRun::runId, DeadRun::group, DeadRun::reason, DeadRun::at)
                .containsExactly(7L, "default", "boom", AT);
    }

    @Test
    void removeTakesTheNamedEntriesAndCountsOnlyThoseStillThere() {
        add(1, "default", "");
        add(2, "default", "");
        add(3, "default", "");
        List<DeadRun> recent = dead.recent(10);
        dead.take(recent.get(0).entryId());

        long removed = dead.remove(List.of(recent.get(0).entryId(), recent.get(1).entryId(), "99999999-0"));

        assertThat(removed).isEqualTo(1);
        assertThat(dead.recent(10)).extracting(DeadRun::runId).containsExactly(1L);
    }

    @Test
    void removeAllEmptiesTheListAndSaysHowManyThereWere() {
        add(1, "default", "");
        add(2, "default", "");

        assertThat(dead.removeAll()).isEqualTo(2);
        assertThat(dead.recent(10)).isEmpty();
        assertThat(dead.count()).isZero();
    }

    private void add(long runId, String group, String reason) {
        dead.putBack(new DeadRun(null, runId, group, reason, AT));
    }
}
