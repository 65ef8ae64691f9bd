package io.redcron.bench;

import java.time.Duration;

/** A scheduler measured on the shared workloads. */
public interface SchedulerUnderTest {

    String name();

    /** The settings it runs with, for the report. */
    String settings();

    /** Executes {@code runs} one-off no-op runs that were all submitted before it started. */
    Throughput throughput(int runs, Duration timeout);

    /**
     * Runs {@code tasks} tasks that each fire every second and measures the lateness of the fires
     * due within {@code window}, after a warm-up.
     */
    Lateness lateness(int tasks, Duration window);
}
