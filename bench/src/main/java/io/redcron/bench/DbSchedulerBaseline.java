package io.redcron.bench;

import com.github.kagkarlsson.scheduler.Scheduler;
import com.github.kagkarlsson.scheduler.SchedulerBuilder;
import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.jdbc.JdbcCustomization;
import com.github.kagkarlsson.scheduler.jdbc.MySQL8JdbcCustomization;
import com.github.kagkarlsson.scheduler.task.Task;
import com.github.kagkarlsson.scheduler.task.TaskInstance;
import com.github.kagkarlsson.scheduler.task.helper.OneTimeTask;
import com.github.kagkarlsson.scheduler.task.helper.RecurringTask;
import com.github.kagkarlsson.scheduler.task.helper.Tasks;
import com.github.kagkarlsson.scheduler.task.schedule.Schedules;
import com.zaxxer.hikari.HikariDataSource;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * db-scheduler 16 in the benchmark's JVM, configured as its README recommends for throughput:
 * the lock-and-fetch polling strategy ({@code SELECT … FOR UPDATE SKIP LOCKED}), a thread pool
 * the size of Redcron's slots. It deletes a finished one-off execution: its equivalent of
 * recording the run.
 */
public final class DbSchedulerBaseline implements SchedulerUnderTest {
    /** db-scheduler's MariaDB table, as its repository gives it (test resources, mariadb_tables.sql). */
    private static final String TABLE = "CREATE TABLE scheduled_tasks (task_name VARCHAR(100) NOT NULL,"
            + " task_instance VARCHAR(100) NOT NULL, task_data BLOB, execution_time TIMESTAMP(6) NOT NULL,"
            + " picked BOOLEAN NOT NULL, picked_by VARCHAR(50), last_success TIMESTAMP(6) NULL,"
            + " last_failure TIMESTAMP(6) NULL, consecutive_failures INT, last_heartbeat TIMESTAMP(6) NULL,"
            + " version BIGINT NOT NULL, priority SMALLINT, PRIMARY KEY (task_name, task_instance),"
            + " INDEX execution_time_idx (execution_time), INDEX last_heartbeat_idx (last_heartbeat),"
            + " INDEX priority_execution_time_idx (priority DESC, execution_time ASC))";
    /** Short, for second-level schedules; the default (10 s) would make every fire seconds late. */
    private static final Duration POLLING_INTERVAL = Duration.ofMillis(100);

    private final Stores stores;
    private final int threads;

    public DbSchedulerBaseline(Stores stores, int threads) {
        this.stores = stores;
        this.threads = threads;
    }

    @Override
    public String name() {
        return "db-scheduler";
    }

    @Override
    public String settings() {
        return "db-scheduler 16.7.1 in the benchmark JVM: threads(" + threads + "), pollUsingLockAndFetch(0.5, 1.0)"
                + " (the README's recommendation for throughput), pollingInterval(" + POLLING_INTERVAL.toMillis()
                + " ms), its MySQL 8 dialect (MySQL8JdbcCustomization: SELECT … FOR UPDATE SKIP LOCKED, which MariaDB 10.6+ runs; its MariaDB dialect has no lock-and-fetch), alwaysPersistTimestampInUTC(), registerShutdownHook(); MariaDB table from its repository; " + (threads + 2)
                + " pooled connections (HikariCP, like Redcron's); one-off instances stored with scheduleBatch before start";
    }

    @Override
    public Throughput throughput(int runs, Duration timeout) {
        Recorder recorder = new Recorder();
        OneTimeTask<Void> noop = Tasks.oneTime("noop").execute((instance, context) -> recorder.executed(System.currentTimeMillis()));
        try (HikariDataSource pool = freshPool("tp")) {
            SchedulerClient client = SchedulerClient.Builder.create(pool, noop).jdbcCustomization(jdbcCustomization()).build();
            List<TaskInstance<?>> instances = new ArrayList<>(runs);
            for (int i = 0; i < runs; i++) {
                instances.add(noop.instance("run-" + i));
            }
            client.scheduleBatch(instances, Instant.now());
            Scheduler scheduler = scheduler(pool, List.of(noop));
            try {
                scheduler.start();
                String note = Baselines.awaitCompleted(name(), recorder, runs, timeout);
                return new Throughput(runs, recorder.completed(), 0, recorder.spanSeconds(), note);
            } finally {
                scheduler.stop();
            }
        }
    }

    @Override
    public Lateness lateness(int tasks, Duration window) {
        Recorder recorder = new Recorder();
        List<RecurringTask<Void>> recurring = new ArrayList<>(tasks);
        for (int i = 0; i < tasks; i++) {
            recurring.add(Tasks.recurring("late-" + i, Schedules.cron("* * * * * *"))
                    .execute((instance, context) -> recorder.fired(context.getExecution().executionTime.toEpochMilli(),
                            System.currentTimeMillis())));
        }
        try (HikariDataSource pool = freshPool("late" + tasks)) {
            Scheduler scheduler = configure(Scheduler.create(pool).startTasks(recurring));
            try {
                scheduler.start();
                return Baselines.measureLateness(name(), recorder, tasks, window);
            } finally {
                scheduler.stop();
            }
        }
    }

    private Scheduler scheduler(HikariDataSource pool, List<Task<?>> tasks) {
        return configure(Scheduler.create(pool, tasks));
    }

    private Scheduler configure(SchedulerBuilder builder) {
        return builder.threads(threads).pollUsingLockAndFetch(0.5, 1.0).pollingInterval(POLLING_INTERVAL)
                .jdbcCustomization(jdbcCustomization()).alwaysPersistTimestampInUTC().registerShutdownHook().build();
    }

    /**
     * Named: through the MySQL driver MariaDB reports itself as MySQL 5.5.5, for which db-scheduler
     * picks a dialect without lock-and-fetch, and its MariaDB dialect does not offer it either. Its
     * MySQL 8 dialect's {@code SELECT … LIMIT n FOR UPDATE SKIP LOCKED} runs on MariaDB 10.6+.
     */
    private static JdbcCustomization jdbcCustomization() {
        return new MySQL8JdbcCustomization(true);
    }

    private HikariDataSource freshPool(String label) {
        HikariDataSource pool = stores.pool(stores.freshDatabase("dbscheduler_" + label), threads + 2);
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute(TABLE);
        } catch (SQLException e) {
            pool.close();
            throw new IllegalStateException("cannot create db-scheduler's table: " + e.getMessage(), e);
        }
        return pool;
    }
}
