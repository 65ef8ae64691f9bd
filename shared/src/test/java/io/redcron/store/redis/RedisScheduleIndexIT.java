package io.redcron.store.redis;

import io.redcron.port.ScheduleIndex;
import io.redcron.port.ScheduleIndex.Entry;
import io.redcron.testing.RedisNamespace;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class RedisScheduleIndexIT {
    private static final Instant NOW = Instant.parse("2026-03-29T01:00:00.000Z");

    @RegisterExtension
    static final RedisNamespace redis = RedisNamespace.onSharedServer();
    private ScheduleIndex index;

    @BeforeEach
    void emptyIndex() {
        redis.clear();
        index = new RedisScheduleIndex(redis.client(), redis.keys());
    }

    @Test
    void dueListsEntriesAtOrBeforeNowEarliestFirst() {
        index.put(Map.of(
                1L, NOW.minusSeconds(10),
                2L, NOW.minusSeconds(30),
                3L, NOW,
                4L, NOW.plusMillis(1)));

        assertThat(index.due(NOW, 10)).containsExactly(
                new Entry(2, NOW.minusSeconds(30)),
                new Entry(1, NOW.minusSeconds(10)),
                new Entry(3, NOW));
    }

    @Test
    void dueStopsAtTheLimitKeepingTheEarliest() {
        Map<Long, Instant> fires = new LinkedHashMap<>();
        for (long task = 1; task <= 50; task++) {
            fires.put(task, NOW.minusSeconds(task));
        }
        index.put(fires);

        assertThat(index.due(NOW, 3)).extracting(Entry::taskId).containsExactly(50L, 49L, 48L);
    }

    @Test
    void nothingIsDueBeforeTheEarliestEntry() {
        index.put(Map.of(7L, NOW.plusSeconds(60), 8L, NOW.plusSeconds(5)));

        assertThat(index.due(NOW, 10)).isEmpty();
        assertThat(index.earliest()).contains(NOW.plusSeconds(5));
    }

    @Test
    void putMovesAnExistingEntry() {
        index.put(Map.of(7L, NOW.plusSeconds(60)));
        index.put(Map.of(7L, NOW.minusSeconds(1)));

        assertThat(index.size()).isEqualTo(1);
        assertThat(index.due(NOW, 10)).containsExactly(new Entry(7, NOW.minusSeconds(1)));
    }

    @Test
    void removeDropsOnlyTheNamedTasks() {
        index.put(Map.of(1L, NOW, 2L, NOW, 3L, NOW));

        index.remove(List.of(1L, 3L, 99L));

        assertThat(index.size()).isEqualTo(1);
        assertThat(index.due(NOW, 10)).extracting(Entry::taskId).containsExactly(2L);
    }

    @Test
    void anEmptyIndexHasNoEarliestAndDoesNotExist() {
        assertThat(index.earliest()).isEmpty();
        assertThat(index.size()).isZero();
        assertThat(index.exists()).isFalse();

        index.put(Map.of());
        index.remove(List.of());
        assertThat(index.exists()).isFalse();

        index.put(Map.of(1L, NOW));
        assertThat(index.exists()).isTrue();
    }

    @Test
    void millisecondFireTimesComeBackExactly() {
        Random random = new Random(42);
        Map<Long, Instant> fires = new LinkedHashMap<>();
        fires.put(1L, Instant.ofEpochMilli(1_767_225_599_999L));  // 2025-12-31T23:59:59.999Z
        fires.put(2L, Instant.ofEpochMilli(4_102_444_800_001L));  // 2100-01-01T00:00:00.001Z
        fires.put(3L, Instant.ofEpochMilli(253_402_300_799_999L)); // 9999-12-31T23:59:59.999Z
        for (long task = 4; task <= 200; task++) {
            fires.put(task, Instant.ofEpochMilli(1_700_000_000_000L + (long) (random.nextDouble() * 400_000_000_000L)));
        }
        index.put(fires);

        List<Entry> due = index.due(Instant.ofEpochMilli(Long.MAX_VALUE / 1000), 1000);

        assertThat(due).hasSize(fires.size());
        assertThat(due).allSatisfy(entry -> assertThat(entry.due()).isEqualTo(fires.get(entry.taskId())));
        assertThat(index.earliest()).contains(fires.values().stream().min(Instant::compareTo).orElseThrow());
    }

    @Test
    void namespacesDoNotSeeEachOthersEntries() {
        index.put(Map.of(1L, NOW));
        try (RedisNamespace other = RedisNamespace.onSharedServer()) {
            ScheduleIndex otherIndex = new RedisScheduleIndex(other.client(), other.keys());

            assertThat(otherIndex.exists()).isFalse();
            assertThat(otherIndex.due(NOW, 10)).isEmpty();
        }
    }
}
