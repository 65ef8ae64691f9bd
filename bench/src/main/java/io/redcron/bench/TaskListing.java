package io.redcron.bench;

import io.redcron.domain.Task;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import io.redcron.port.TaskFilter;
import io.redcron.store.mysql.MysqlTaskStore;

import java.time.Clock;
import javax.sql.DataSource;

/**
 * Times the store call behind {@code redcron-node task list} with no options: the first page of a
 * namespace's tasks by name, and the total, through {@link MysqlTaskStore} as the CLI builds it.
 */
final class TaskListing {
    /** The CLI's default {@code --limit}. */
    static final PageRequest FIRST_PAGE = new PageRequest(0, 1000);
    /** Unmeasured calls first: the JIT and the statement cache, not the database, would show in them. */
    private static final int WARM_UP = 2;

    private final MysqlTaskStore store;
    private final TaskFilter filter;

    TaskListing(DataSource dataSource, String namespace) {
        this.store = new MysqlTaskStore(dataSource, Clock.systemUTC());
        this.filter = TaskFilter.all(namespace);
    }

    /** The first page {@code repetitions} times, one after the other; milliseconds per call. */
    Stats time(int repetitions, int expectedTotal) {
        for (int i = 0; i < WARM_UP; i++) {
            check(store.list(filter, FIRST_PAGE), expectedTotal);
        }
        long[] micros = new long[repetitions];
        for (int i = 0; i < repetitions; i++) {
            long start = System.nanoTime();
            Page<Task> page = store.list(filter, FIRST_PAGE);
            micros[i] = (System.nanoTime() - start) / 1000;
            check(page, expectedTotal);
        }
        Stats stats = Stats.of(micros);
        return new Stats(stats.count(), stats.p50() / 1000, stats.p95() / 1000, stats.p99() / 1000, stats.max() / 1000);
    }

    /** A page that is not what the CLI would show means the timing measured something else. */
    private static void check(Page<Task> page, int expectedTotal) {
        if (page.total() != expectedTotal || page.items().size() != Math.min(expectedTotal, FIRST_PAGE.limit())) {
            throw new IllegalStateException("task list: expected the first " + FIRST_PAGE.limit() + " of "
                    + expectedTotal + " tasks, got " + page.items().size() + " of " + page.total());
        }
    }
}
