package io.redcron.bench;

import com.zaxxer.hikari.HikariDataSource;
import org.quartz.CronScheduleBuilder;
import org.quartz.CronTrigger;
import org.quartz.Job;
import org.quartz.JobBuilder;
import org.quartz.JobDetail;
import org.quartz.JobExecutionContext;
import org.quartz.Scheduler;
import org.quartz.SchedulerException;
import org.quartz.SimpleScheduleBuilder;
import org.quartz.Trigger;
import org.quartz.TriggerBuilder;
import org.quartz.impl.StdSchedulerFactory;
import org.quartz.utils.ConnectionProvider;
import org.quartz.utils.DBConnectionManager;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Date;
import java.util.List;
import java.util.Properties;
import java.util.function.Function;

/**
 * Quartz 2.5 with its clustered JDBC job store, in the benchmark's JVM, on a pool configured like
 * Redcron's. Quartz keeps no history: a finished one-off trigger is deleted, which is its
 * equivalent of recording the run.
 */
public final class QuartzScheduler implements SchedulerUnderTest {
    private static final String POOL = "bench-pool";
    private static final String DDL = "/org/quartz/impl/jdbcjobstore/tables_mysql_innodb.sql";

    private final Stores stores;
    private final int threads;

    public QuartzScheduler(Stores stores, int threads) {
        this.stores = stores;
        this.threads = threads;
    }

    @Override
    public String name() {
        return "Quartz";
    }

    @Override
    public String settings() {
        return "Quartz 2.5.2 in the benchmark JVM: JobStoreTX, isClustered=true, StdJDBCDelegate, tables_mysql_innodb.sql;"
                + " threadPool.threadCount=" + threads + ", batchTriggerAcquisitionMaxCount=" + threads
                + ", acquireTriggersWithinLock=true (required with batches), " + poolSize() + " pooled connections"
                + " (HikariCP, like Redcron's); jobs: a no-op Job; one trigger stored through the API before start,"
                + " then its rows copied to make N";
    }

    private int poolSize() {
        return threads + 3; // Quartz's documentation: at least the thread count plus three
    }

    @Override
    public Throughput throughput(int runs, Duration timeout) {
        Recorder recorder = new Recorder();
        return withScheduler("tp", recorder, scheduler -> {
            JobDetail job = noopJob();
            schedule(scheduler, job, TriggerBuilder.newTrigger().withIdentity("run").forJob(job).startAt(new Date())
                    .withSchedule(SimpleScheduleBuilder.simpleSchedule()).build());
            copyTrigger(pool(scheduler), "QRTZ_SIMPLE_TRIGGERS", "run", runs);
            start(scheduler);
            String note = Baselines.awaitCompleted(name(), recorder, runs, timeout);
            return new Throughput(runs, recorder.completed(), 0, recorder.spanSeconds(), note);
        });
    }

    @Override
    public Lateness lateness(int tasks, Duration window) {
        Recorder recorder = new Recorder();
        return withScheduler("late" + tasks, recorder, scheduler -> {
            JobDetail job = noopJob();
            schedule(scheduler, job, TriggerBuilder.newTrigger().withIdentity("late").forJob(job)
                    .withSchedule(CronScheduleBuilder.cronSchedule("* * * * * ?")).build());
            copyTrigger(pool(scheduler), "QRTZ_CRON_TRIGGERS", "late", tasks);
            start(scheduler);
            return Baselines.measureLateness(name(), recorder, tasks, window);
        });
    }

    private <T> T withScheduler(String label, Recorder recorder, Function<Scheduler, T> work) {
        String url = stores.freshDatabase("quartz_" + label);
        String name = "bench-" + label + "-" + System.nanoTime();
        try (HikariDataSource pool = stores.pool(url, poolSize())) {
            createTables(pool);
            DBConnectionManager.getInstance().addConnectionProvider(name, new PoolProvider(pool));
            Scheduler scheduler = new StdSchedulerFactory(properties(name)).getScheduler();
            scheduler.getContext().put(Recorder.KEY, recorder);
            scheduler.getContext().put(POOL, pool);
            try {
                return work.apply(scheduler);
            } finally {
                scheduler.shutdown(true);
            }
        } catch (SchedulerException e) {
            throw new IllegalStateException("Quartz: " + e.getMessage(), e);
        }
    }

    private Properties properties(String name) {
        Properties properties = new Properties();
        properties.setProperty("org.quartz.scheduler.instanceName", name);
        properties.setProperty("org.quartz.scheduler.instanceId", "AUTO");
        properties.setProperty("org.quartz.scheduler.skipUpdateCheck", "true");
        properties.setProperty("org.quartz.scheduler.batchTriggerAcquisitionMaxCount", Integer.toString(threads));
        properties.setProperty("org.quartz.threadPool.class", "org.quartz.simpl.SimpleThreadPool");
        properties.setProperty("org.quartz.threadPool.threadCount", Integer.toString(threads));
        properties.setProperty("org.quartz.jobStore.class", "org.quartz.impl.jdbcjobstore.JobStoreTX");
        properties.setProperty("org.quartz.jobStore.driverDelegateClass", "org.quartz.impl.jdbcjobstore.StdJDBCDelegate");
        properties.setProperty("org.quartz.jobStore.dataSource", name);
        properties.setProperty("org.quartz.jobStore.isClustered", "true");
        properties.setProperty("org.quartz.jobStore.acquireTriggersWithinLock", "true");
        return properties;
    }

    private static JobDetail noopJob() {
        return JobBuilder.newJob(NoopJob.class).withIdentity("noop").storeDurably().build();
    }

    private static void schedule(Scheduler scheduler, JobDetail job, Trigger trigger) {
        try {
            scheduler.scheduleJob(job, trigger);
        } catch (SchedulerException e) {
            throw new IllegalStateException("Quartz: cannot schedule: " + e.getMessage(), e);
        }
    }

    private static HikariDataSource pool(Scheduler scheduler) {
        try {
            return (HikariDataSource) scheduler.getContext().get(POOL);
        } catch (SchedulerException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Copies the trigger Quartz stored (in QRTZ_TRIGGERS and its type's table) until there are
     * {@code count}: storing thousands through the API takes minutes, and the rows are the same.
     */
    private static void copyTrigger(HikariDataSource pool, String typeTable, String name, int count) {
        try (Connection connection = pool.getConnection()) {
            RowCopier.grow(connection, List.of("QRTZ_TRIGGERS", typeTable), "TRIGGER_NAME", name, count);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot copy Quartz's trigger: " + e.getMessage(), e);
        }
    }

    private static void start(Scheduler scheduler) {
        try {
            scheduler.start();
        } catch (SchedulerException e) {
            throw new IllegalStateException("Quartz: cannot start: " + e.getMessage(), e);
        }
    }

    /** Runs Quartz's own MySQL InnoDB script from its jar. */
    private static void createTables(HikariDataSource pool) {
        String script;
        try (InputStream in = Scheduler.class.getResourceAsStream(DDL)) {
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException | NullPointerException e) {
            throw new IllegalStateException("cannot read " + DDL + " from the Quartz jar", e);
        }
        String withoutComments = script.lines().filter(line -> !line.startsWith("#") && !line.startsWith("--"))
                .reduce("", (a, b) -> a + "\n" + b);
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
            for (String sql : withoutComments.split(";")) {
                if (!sql.isBlank() && !sql.trim().equalsIgnoreCase("commit")) {
                    statement.execute(sql);
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create Quartz's tables: " + e.getMessage(), e);
        }
    }

    /** The benchmark's no-op job: it only tells the recorder when it ran. */
    public static final class NoopJob implements Job {
        @Override
        public void execute(JobExecutionContext context) {
            long start = System.currentTimeMillis();
            try {
                Recorder recorder = (Recorder) context.getScheduler().getContext().get(Recorder.KEY);
                if (context.getTrigger() instanceof CronTrigger) {
                    recorder.fired(context.getScheduledFireTime().getTime(), start);
                } else {
                    recorder.executed(start);
                }
            } catch (SchedulerException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private record PoolProvider(HikariDataSource pool) implements ConnectionProvider {
        @Override
        public Connection getConnection() throws SQLException {
            return pool.getConnection();
        }

        @Override
        public void shutdown() {
            // The pool is closed by its owner.
        }

        @Override
        public void initialize() {
            // Already open.
        }
    }
}
