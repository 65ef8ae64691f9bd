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
              `task_run` rows; the baselines' from their jobs. Redcron is measured twice on one node:
              with its tasks on their default settings (concurrency forbid, as `task add` gives; every
              run a task of its own, for under forbid a task's runs wait for each other), and with
              concurrency allow (all runs of one task), the fastest claim.
            - **Lateness**: K tasks with a cron that fires every second (quartz `* * * * * ?`). After a
              20 s warm-up under the same load, the fires due in a window of whole seconds are looked at; lateness = actual
              start − scheduled time (Redcron: `started_at − scheduled_at` of the `task_run` rows; the
              baselines: the time their job started − the scheduled fire time they report). A fire
              that had not started 10 s after the window counts with the lateness it had by then, so
              a scheduler that falls behind cannot look good by dropping fires. Redcron's tasks are on
              their default settings (concurrency forbid) at every rate, and on concurrency allow beside
              them at 1,000 and 5,000 fires/s (quick mode); the highest rate held is the highest of the
              measured rates whose p99 stayed within 100 ms. In quick mode the baselines are measured up
              to 1,000 fires/s only: beyond it they only fall further behind. JobRunr refuses a
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
            - **History**: a database of 10,000,000 runs of 50,000 tasks in one namespace (`--history-runs`,
              `--history-tasks`), generated by MariaDB itself from its sequence engine, oldest first, in
              chunks of time: tasks firing every minute to once a day (some 3.5 weeks of history), 90 %
              succeeded, 4 % failed, 1 % timed out, 1 % cancelled, 4 % skipped, 2 % manual, some output,
              one audit row per 50 runs; the newest 284 runs running, queued or retrying; the ended runs
              added to the dashboard's per-minute rollup by the leader's own pass. It is kept
              (`--history-db`) and used again while its marker table names the same generator version
              and sizes; the page says when it was generated and how long that took. On it, every query
              of the runs, tasks, dashboard and audit screens and of the CLI's lists is made as they make
              it, through the store classes, after two warm-up calls, for up to 200 samples or 4 s (full
              mode: 2,000 or 30 s); p50 and p99 are of those samples, on a warm buffer pool. The store
              calls of one pass of the reaper, the history rollup, the reconciler, the stream sweep and the unserved-group
              check are timed the same way there and on a database with the same tasks and runs under
              way but no history; the goal compares their p50s.
            - **Purge**: fire lateness while the leader's retention sweep purges a long history,
              beside the same load with nothing to purge, on the same data and machine. A database
              of its own gets a history generated as for the history scenario (`--purge-runs`:
              1,000,000 runs of 5,000 tasks in quick mode, 10,000,000 of 50,000 in full; some 200
              runs per task, so three and a half weeks at either size), but ending 100 days ago with
              every run ended: older than every age of the default policy (succeeded 30 days,
              failed 90, each task's newest 10 kept). The history's own tasks are disabled; 1,000
              tasks on their default settings fire every second, on one node process with both
              roles, the benchmark's slots, defaults otherwise and its metrics endpoint on. Three
              phases, each on a fresh node after the 20 s warm-up, over a 30 s window (full mode:
              60 s), lateness as in the lateness scenario: the namespace keeping its history forever
              (the sweep has nothing to do), then with no policy stored, so on the defaults (the
              sweep purges from the oldest run on), then keeping forever again, so that the spread
              of the two baselines shows how much the machine's other load moves the figures. From
              the node's `/metrics` at the start and the end of the window: runs purged
              (`redcron_history_purged_total{what="runs"}`, the rate is over the window), the
              backlog (`redcron_history_purge_backlog_seconds`: the scheduled time the sweep has
              yet to walk, shown in days) and whether a sweep finished (the oldest run's age is set
              then). The runs older than the policy's horizon are counted before and after the
              purging phase. The longest statement of the sweep (its batch read and the
              `history_purge` procedure) is sampled from MariaDB's process list every 50 ms; InnoDB's
              row lock waits are the server's own counters over the window. The history is
              generated afresh every time (the purge deletes it) and removed at the end.
            - **Process**: `/bin/true` as an `exec` task and as a `shell` task (`/bin/sh -c /bin/true`),
              created with the defaults of `task add` (concurrency forbid, timeout 1 h, no retries),
              one type after the other on one node process with both roles and the benchmark's
              slots, in a database of its own. Warm-up batches first (not counted) for 8 s (full
              mode: 30 s) on the fresh node, one batch for the next type. Then throughput: one
              queued manual run for each of N tasks (a task's runs would wait for each other under
              forbid), put on the stream at once; runs per second from the first start to the last
              finish. Then lateness, as in the lateness scenario but on that warm node, so with a
              shorter warm-up (quick mode: 4 s, then a 5 s window, fires not started 2 s after it
              counted as missing; full mode: 20 s, 30 s, 10 s): 100, then 500 tasks firing every
              second, the waiting runs of one load discarded before the next. Beside it, in the same
              run, the machine's ceiling: as many threads as the node has slots start `/bin/true`
              from Java (stdin closed, output merged and read to the end, as the node starts a
              program) and reap it, back to back, for 2 s after half a second not counted (full:
              10 s); the goal compares each type's runs per second to it. The same ceiling through
              `setsid` is shown too: the node starts every program in a session of its own (so that
              what it leaves running can be ended with it), which costs one more program start per
              run.
            - **Http**: the same for `http` tasks that `GET` a local endpoint: the JDK's HTTP server
              on the loopback address with 16 threads and `TCP_NODELAY` (without it every answer
              waits some 40 ms for a delayed ACK), started by the benchmark. The node is given a
              `worker.allow-urls` pattern matching exactly that URL (loopback is refused otherwise).
              Its ceiling: requests per second from one Java HTTP/1.1 client in as many threads as
              the node has slots. Quick mode keeps both scenarios within about two and a half
              minutes on a quiet machine of two cores.
            - The capacity model divides these: runs per database commit, Redis commands per run
              (from the servers' own counters, which on a shared machine include other clients).

            ## Where a fire's time goes

            A profile of one node (scheduler and worker) at 1,000 fires/s, tasks on their default
            settings, over a 15 s window after the warm-up, taken with Java Flight Recorder
            (`REDCRON_BENCH_NODE_JVM_ARGS="-XX:StartFlightRecording=filename=DIR/,settings=FILE"`,
            `FILE` being the JDK's `profile.jfc` with the socket-read threshold at 0 ms): the time each
            step waits for MariaDB or Redis to answer, and the node's own Java CPU by sampling, per
            fire. It is not regenerated with the figures above; it says where the cost is, not how
            fast the machine is.

            | Step (thread) | Statements | Waits on the stores per fire | Java CPU per fire |
            |---|---|---:|---:|
            | Plan: read the due tasks, next fire times (scheduler) | 1 read | 0.007 ms | |
            | Record: lock the tasks, insert the runs, move each task's next fire, read the runs back (scheduler) | 4 per 250 fires, one transaction | 0.097 ms | 0.05 ms (all scheduler steps) |
            | Dispatch: one Lua script enqueues the runs and moves the schedule index (scheduler) | 1 per 500 fires | 0.014 ms | |
            | Claim: read the waiting runs, one fenced UPDATE, acknowledge the stream entries (intake) | 3 per ~30 fires | 0.109 ms | 0.01 ms |
            | Begin at the fire's time: read the held claims; in one transaction lock their tasks, read the held runs and the tasks' runs that can hold one back, mark begun (starters) | 4–5 per batch of up to 256 fires | 0.154 ms | 0.04 ms |
            | Result: one UPDATE per group of runs, then one event (results) | 1 per ~100 fires | 0.066 ms | 0.005 ms |

            With `concurrency: allow` the begin is one read and one fenced UPDATE (0.066 ms per fire).
            Every step is batched, so a fire costs well under a millisecond of store time; what the
            profile found and what changed:

            - The begin of `forbid` runs read the tasks' unfinished runs with `status IN (…)` and a few
              hundred task ids. On a live database with fresh statistics MariaDB chose to read the
              namespace's whole history through the first column of the state index: 70 ms per batch
              of 256, growing with the history. Read one status at a time, the worst plan it can pick
              reads that status's runs, which are unfinished ones only (about 2 ms).
            - The same read still took every fire each task had queued or held ahead (a few per task
              under the lookahead), which hold no run back, and with more task ids than MariaDB dives
              into the index for it judged a fast-changing table by its statistics: the slow query log
              showed whole-table scans, and the same measurement gave p50 35 ms in one run and 140 ms in
              the next. It now reads only the held runs and the runs that can hold one back (in flight,
              or attempted before and waiting to run again), through the state index, forced.
            - One thread began the runs due together in batches of 256, one after the other; four
              begin them in parallel.
            - The leader parsed each thousand-row `INSERT` anew (a third of its CPU): fires are now
              inserted as a JDBC batch of one cached single-row statement, which the connector
              rewrites into multi-row statements.
            - A run deferred by `forbid` was tried again every 250 ms, each time a transaction; behind
              a backlog these retries took the database. It is now tried again as soon as a run of
              its task ends on its worker, otherwise after a wait that doubles up to a second.

            At 5,000 fires/s the two cores are saturated (the node some 1.2 cores, MariaDB some 0.6,
            Redis the rest) and MariaDB's redo log (96 MB here) is close to full at every checkpoint:
            a fire costs five row writes (insert, next fire, claim, begin, result), each rewriting
            index entries, and the node falls behind. Fewer writes per fire (no separate begin for a
            run claimed at its time, the next fire kept out of the task row) is the next step.

            ## Purging history while firing

            What the purge scenario measured on this machine (2 cores, MariaDB's buffer pool 128 MiB),
            run alone (`scripts/bench.sh --full --only purge`, then `--quick --only purge`), on
            3 December 2026, while other builds and tests used the same two cores and the same
            MariaDB. Full mode, ten million runs, 60 s windows (generating the history took 897 s,
            the whole run 20 minutes); the load average was about 9 during the first baseline and
            fell to 3–5 during the other two phases:

            | 1,000 fires/s, full mode, 10,000,000 runs | p50 | p95 | p99 | max | fires started |
            |---|---:|---:|---:|---:|---:|
            | nothing to purge (before) | 68 ms | 8260 ms | 12554 ms | 21795 ms | 60000 of 60000 |
            | purging | 71 ms | 200 ms | 255 ms | 314 ms | 60000 of 60000 |
            | nothing to purge (after) | 90 ms | 182 ms | 252 ms | 340 ms | 60000 of 60000 |

            The sweep purged 217 runs/s over the window (13,000 runs; 15,500 since the node started),
            its backlog stayed at 94.9 days of scheduled time (the first hours of a history that
            spans some 23 days of it, beginning 124 days ago), and it had not finished: at that
            rate the ten million runs take up to 768 minutes. The longest sweep statement seen in
            the process list took 625 ms. InnoDB counted no row lock wait in the purging window
            (nor in the last baseline's; 240 server-wide, 58 s in all, in the first, with the
            machine at its busiest). The node used 0.33 s of CPU a second while purging, 0.43
            and 0.35 in the baselines.

            Quick mode, a million runs, 30 s windows: the Purge table above has the latest quick
            run's figures. Two quick runs with nothing else running on the machine (the
            benchmark's own load only) both started every fire of the 30,000 in each window and
            purged some 6,000 runs/s: p50/p99 38/78 ms before, 41/114 ms while purging (5,900
            runs/s), 41/94 ms after, on 3 December 2026; 35/65, 35/107 (6,383 runs/s) and 37/76 ms
            on 4 December. The longest sweep statement took 111 and 63 ms. An earlier quick run,
            with the load average between 9.5 and 11.6 all along, fell tens of seconds behind in
            every phase and said nothing about the purge.

            How to read it: on the quieter stretch of the full run, lateness while purging ten
            million runs was the same as with nothing to purge right after it (p50 71 and 90 ms, p99
            255 and 252 ms); the first baseline's tail (p99 12.6 s) is the machine's load at the
            time, not the absence of a purge. Neither meets the goal for lateness at 1,000 fires/s
            (p99 ≤ 50 ms) on this shared machine, with or without a purge. On these figures the
            purge costs fire lateness nothing measurable; a quiet machine would say so with more
            confidence, and with a tighter tail.

            What the full run's figures show is the purge's pace on a busy machine with a history ten
            times larger than the buffer pool holds: about 200 runs/s, some 13 hours for ten
            million (the quiet quick runs, a million runs each, purged some 6,000 runs/s). The
            sweep's budget caps it (a pass every 5 s works at most 1 s, in batches of 500 runs, so
            a fifth of the time); at 217 runs/s it fits about two batches in a pass.
            Likely the larger part of a batch's time at the start of a sweep (not measured apart):
            it also looks up the newest-kept cut of each task it meets for the first time (one
            query per task, kept for the rest of the sweep), which in the first hours of the
            history is most of a batch's 500 runs, each a read of the task's index that a 128 MiB
            buffer pool mostly has to fetch from disk. A statement of 625 ms is the longest seen,
            well under a lock wait timeout, and no lock wait was counted.

            The figures above are as noisy as the machine they were taken on: on a shared machine
            compare the ratios measured in one run, not absolute numbers across runs.
            """;

    private BenchmarksPage() {
    }
}
