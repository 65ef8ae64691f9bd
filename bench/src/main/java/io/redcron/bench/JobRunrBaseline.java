package io.redcron.bench;

import com.zaxxer.hikari.HikariDataSource;
import org.jobrunr.jobs.Job;
import org.jobrunr.jobs.filters.JobServerFilter;
import org.jobrunr.jobs.lambdas.JobRequest;
import org.jobrunr.jobs.lambdas.JobRequestHandler;
import org.jobrunr.jobs.mappers.JobMapper;
import org.jobrunr.jobs.states.ScheduledState;
import org.jobrunr.scheduling.JobRequestScheduler;
import org.jobrunr.server.BackgroundJobServer;
import org.jobrunr.server.BackgroundJobServerConfiguration;
import org.jobrunr.server.JobActivator;
import org.jobrunr.storage.sql.mariadb.MariaDbStorageProvider;
import org.jobrunr.utils.mapper.JsonMapper;
import org.jobrunr.utils.mapper.jackson.JacksonJsonMapper;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;

/**
 * JobRunr 8 (the free edition) in the benchmark's JVM, with its MariaDB storage provider on a pool
 * configured like Redcron's, set up as its documentation says: a worker count (here the size of
 * Redcron's slots) and the shortest poll interval it accepts for a SQL database, 5 s. It keeps a
 * finished job as SUCCEEDED (deleted after 36 h by default): its history, like Redcron's.
 *
 * <p>A recurring job may not fire more often than every 5 s on a SQL database (JobRunr refuses a
 * shorter interval), so a load of R fires per second is 5 × R recurring jobs firing every 5 s,
 * a fifth of them at each second, which puts R fires on every second as for the others.
 */
public final class JobRunrBaseline implements SchedulerUnderTest {
    /** JobRunr refuses a shorter poll interval on a SQL database (AbstractStorageProvider.validatePollInterval). */
    static final Duration POLL_INTERVAL = Duration.ofSeconds(5);
    /** Likewise the shortest interval between two fires of a recurring job. */
    static final int RECURRING_EVERY_SECONDS = 5;
    /** Recurring jobs are stored one call each; a few threads set thousands up in seconds. */
    private static final int SETUP_THREADS = 8;

    private final Stores stores;
    private final int workers;
    private final JsonMapper json = new JacksonJsonMapper();

    public JobRunrBaseline(Stores stores, int workers) {
        this.stores = stores;
        this.workers = workers;
    }

    @Override
    public String name() {
        return "JobRunr";
    }

    @Override
    public String settings() {
        return "JobRunr 8.6.0 (free edition) in the benchmark JVM: BackgroundJobServer with andWorkerCount(" + workers
                + "), andPollInterval(" + POLL_INTERVAL.toSeconds() + " s) (the shortest it accepts on a SQL database),"
                + " MariaDbStorageProvider creating its own tables (through MySQL Connector/J MariaDB names itself MySQL,"
                + " so JobRunr's MariaDB dialect leaves out FOR UPDATE SKIP LOCKED; with one server that fetches under its"
                + " own lock and saves with optimistic locking, nothing contends), Jackson mapper; " + poolSize()
                + " pooled connections (HikariCP, like Redcron's); jobs: a no-op JobRequest, one-off jobs stored with"
                + " JobRequestScheduler.enqueue(Stream) before start. Recurring jobs fire at most every "
                + RECURRING_EVERY_SECONDS + " s on a SQL database, so R fires/s are " + RECURRING_EVERY_SECONDS
                + "×R recurring jobs with cron 'S/5 * * * * *' spread over the five offsets S (its documentation says"
                + " the free edition supports up to 100 recurring jobs); it enqueues the fires due within the next poll"
                + " interval at once, so a fire may start before its time: lateness below 0";
    }

    private int poolSize() {
        return workers + 2;
    }

    @Override
    public Throughput throughput(int runs, Duration timeout) {
        Recorder recorder = new Recorder();
        return withServer("tp", recorder, (storage, server) -> {
            new JobRequestScheduler(storage).enqueue(IntStream.range(0, runs).mapToObj(i -> new NoopRequest()));
            server.start();
            String note = Baselines.awaitCompleted(name(), recorder, runs, timeout);
            return new Throughput(runs, recorder.completed(), 0, recorder.spanSeconds(), note);
        });
    }

    @Override
    public Lateness lateness(int firesPerSecond, Duration window) {
        Recorder recorder = new Recorder();
        return withServer("late" + firesPerSecond, recorder, (storage, server) -> {
            scheduleRecurring(storage, firesPerSecond * RECURRING_EVERY_SECONDS);
            server.setJobFilters(List.of(new FireRecorder(recorder)));
            server.start();
            // Fires per second, not jobs: each second of the window has firesPerSecond fires due.
            return Baselines.measureLateness(name(), recorder, firesPerSecond, window);
        });
    }

    private <T> T withServer(String label, Recorder recorder, ServerWork<T> work) {
        try (HikariDataSource pool = stores.pool(stores.freshDatabase("jobrunr_" + label), poolSize())) {
            MariaDbStorageProvider storage = new MariaDbStorageProvider(pool);
            storage.setJobMapper(new JobMapper(json));
            BackgroundJobServerConfiguration configuration = BackgroundJobServerConfiguration
                    .usingStandardBackgroundJobServerConfiguration().andWorkerCount(workers).andPollInterval(POLL_INTERVAL);
            BackgroundJobServer server = new BackgroundJobServer(storage, json, new HandlerActivator(recorder), configuration);
            try {
                return work.apply(storage, server);
            } finally {
                server.stop();
                storage.close();
            }
        }
    }

    /**
     * {@code count} recurring jobs firing every {@link #RECURRING_EVERY_SECONDS} s, spread evenly over
     * the offsets within those seconds. Stored through JobRunr's API, one call each: a copied row
     * would carry the original's id inside its JSON.
     */
    private void scheduleRecurring(MariaDbStorageProvider storage, int count) {
        Progress.say(name() + ": storing " + count + " recurring jobs");
        JobRequestScheduler scheduler = new JobRequestScheduler(storage);
        ExecutorService setup = Executors.newFixedThreadPool(SETUP_THREADS);
        try {
            List<Future<String>> stored = IntStream.range(0, count).mapToObj(i -> setup.submit(() ->
                    scheduler.scheduleRecurrently("late-" + i, cron(i), ZoneOffset.UTC, new NoopRequest()))).toList();
            for (Future<String> future : stored) {
                future.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(name() + ": cannot store a recurring job: " + e.getCause().getMessage(), e);
        } finally {
            setup.shutdownNow();
        }
    }

    /** Recurring job {@code i} fires at second {@code i mod 5} of every five. */
    static String cron(int i) {
        return (i % RECURRING_EVERY_SECONDS) + "/" + RECURRING_EVERY_SECONDS + " * * * * *";
    }

    private interface ServerWork<T> {
        T apply(MariaDbStorageProvider storage, BackgroundJobServer server);
    }

    /** The benchmark's no-op job, as JobRunr stores it (JSON) and hands it to {@link NoopRequestHandler}. */
    public static final class NoopRequest implements JobRequest {
        @Override
        public Class<NoopRequestHandler> getJobRequestHandler() {
            return NoopRequestHandler.class;
        }
    }

    /** Only tells the recorder that a job ran. */
    public static final class NoopRequestHandler implements JobRequestHandler<NoopRequest> {
        private final Recorder recorder;

        NoopRequestHandler(Recorder recorder) {
            this.recorder = recorder;
        }

        @Override
        public void run(NoopRequest request) {
            recorder.executed(System.currentTimeMillis());
        }
    }

    /** Gives JobRunr the measurement's handler, as an application's IoC container would. */
    private record HandlerActivator(Recorder recorder) implements JobActivator {
        @Override
        public <T> T activateJob(Class<T> type) {
            return type == NoopRequestHandler.class ? type.cast(new NoopRequestHandler(recorder)) : null;
        }
    }

    /**
     * Tells the recorder when a recurring job's fire starts, against the time it was scheduled for:
     * the job itself cannot see that time, JobRunr's server filters can (the state it was scheduled
     * in). Called on the worker thread right before the job runs.
     */
    private record FireRecorder(Recorder recorder) implements JobServerFilter {
        @Override
        public void onProcessing(Job job) {
            long start = System.currentTimeMillis();
            scheduledAt(job).ifPresent(at -> recorder.fired(at.toEpochMilli(), start));
        }

        private static Optional<Instant> scheduledAt(Job job) {
            return job.getJobStatesOfType(ScheduledState.class).reduce((first, second) -> second)
                    .map(ScheduledState::getScheduledAt);
        }
    }
}
