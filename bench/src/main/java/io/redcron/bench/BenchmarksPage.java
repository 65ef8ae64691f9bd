package io.redcron.bench;

/** The part of docs/BENCHMARKS.md that explains the method; the figures above it are generated. */
final class BenchmarksPage {
    static final String METHOD = """
            ## How to run it

            ```sh
            scripts/bench.sh            # quick mode, a few minutes (builds the jars first if needed)
            scripts/bench.sh --full     # the sizes of the performance goals
            scripts/bench.sh --only throughput,lateness --runs 5000
            ```

            It uses the MariaDB on `127.0.0.1:3306` (user `root`, no password) and the Redis on
            `127.0.0.1:6379` when they answer (`--jdbc-url`, `--db-user`, `--redis-uri` name others),
            else it starts embedded ones. Every measurement works in a database of its own (and Redcron
            in a namespace of its own), removed at the end; nothing else on the servers is touched.
            Results go to `bench/results/<mode>-<time>.csv` and `.md`, and this page is rewritten.

            ## How each figure is measured

            - **Throughput**: every scheduler first executes batches of one-off no-op runs (20,000
              each in quick mode, 50,000 in full) for 30 s, in the same process(es) that are then
              measured, not counted: schedulers are long-running processes, and a fresh JVM spends
              its first 20–30 s compiling its hot path (for a Redcron node, more CPU than the runs
              themselves on 2 cores). Redcron warms up on its node processes; Quartz, db-scheduler and
              JobRunr run in the benchmark's JVM, each warming up with batches of its own (the last one
              cut off at 30 s; Quartz never finishes one). Then N
              one-off no-op runs are submitted at once (Redcron: QUEUED manual runs inserted in
              batches, then put on the group's stream in pipelined chunks, as a manual trigger does;
              Quartz: one trigger per run, stored in one transaction before the scheduler starts;
              db-scheduler: `scheduleBatch` before it starts; JobRunr: `JobRequestScheduler.enqueue` of
              a stream before its server starts). Runs per second = succeeded runs ÷
              time from the first run's start to the last run's end. Redcron's figure comes from its
              `task_run` rows; the baselines' from their jobs.
            - **Lateness**: K tasks with a cron that fires every second (quartz `* * * * * ?`). After a
              20 s warm-up under the same load, the fires due in a window of whole seconds are looked at; lateness = actual
              start − scheduled time (Redcron: `started_at − scheduled_at` of the `task_run` rows; the
              baselines: the time their job started − the scheduled fire time they report). A fire
              that had not started 10 s after the window counts with the lateness it had by then, so
              a scheduler that falls behind cannot look good by dropping fires. JobRunr refuses a
              recurring job that fires more often than every 5 s, and a poll interval under 5 s, on a
              SQL database: at K fires/s it gets 5 × K recurring jobs firing every 5 s, a fifth of them
              at each second, so each second still has K fires due. It enqueues every fire due within
              the next poll interval at once, so its fires may start before their time: negative
              lateness.
            - **Scale**: 1,000, 10,000, 100,000 and 1,000,000 enabled tasks, of which the same 100
              fire every second and the others once a year (copies of one task made by the store,
              written with `INSERT … SELECT` from MariaDB's sequence engine). At each size, first the
              store call behind `redcron-node task list` (its first 1,000 tasks by name and the
              total) is timed 50 times; then a scheduler-only node (the leader) and a worker-only node
              start. A new leader reads every planned task into the schedule index, a few thousand
              per pass between fire passes; the time it takes (from its log) is reported apart, and
              the window begins once it is done and at least 10 s after the start (10 s windows in
              quick mode, 60 s in full): the leader's CPU (user + system from `/proc/<pid>/stat`)
              per wall second over the window, and its heap after a full GC (`jcmd <pid> GC.run`,
              `GC.heap_info`).
            - **Ceilings**: MariaDB's rate of durable single-row INSERT commits (autocommit) with as
              many connections as one or two worker nodes' pools (10 each), and Redis's rate of
              pipelined INCRs (100 per round trip) on one connection.
            - The capacity model divides these: runs per database commit, Redis commands per run
              (from the servers' own counters, which on a shared machine include other clients).

            The figures above are as noisy as the machine they were taken on: on a shared machine
            compare the ratios measured in one run, not absolute numbers across runs.
            """;

    private BenchmarksPage() {
    }
}
