package io.redcron.store.mysql;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Adds ended runs to the dashboard's per-minute figures ({@code run_rollup}), each run exactly
 * once, so that a summary of a day reads minutes instead of runs.
 *
 * <p>Runs are taken in the order of their id, past a mark: {@code run_rollup_mark.through_id}.
 * Every id at or below the mark is in the rollup or waits in {@code run_rollup_pending}: a run that
 * had not ended when the mark passed it (it is added once it ends), or an id missing then, which a
 * transaction still open may yet commit (an insert takes its id before it commits, so ids do not
 * become visible in order). A missing id seen again later is added like any run; one still missing
 * after {@link #MISSING_KEPT} was never committed (a rolled-back insert, a duplicate fire skipped)
 * and is forgotten. The mark stops at the first run that has not ended and is younger than
 * {@link #UNFINISHED_KEPT_BACK}, so that a run ending within seconds (nearly all of them) never
 * passes through the pending table.
 *
 * <p>One pass is one transaction that locks the mark: passes of two schedulers (of two namespaces,
 * or an old and a new leader) follow one another and never add a run twice.
 */
public final class MysqlHistoryRollup {
    /** How long a run may be unfinished before the mark passes it and it waits in the pending table. */
    static final Duration UNFINISHED_KEPT_BACK = Duration.ofSeconds(30);
    /** How long an id missing behind the mark is looked for before it is taken for never committed. */
    static final Duration MISSING_KEPT = Duration.ofMinutes(10);
    /** The newest runs are left for the next pass: an insert with a lower id may still be committing. */
    static final Duration SETTLE = Duration.ofSeconds(1);
    /** At most this many missing ids of one gap are watched; a larger gap is ids skipped in bulk. */
    static final int MOST_MISSING_PER_GAP = 1_000;

    private static final String FIRST_MARK = "INSERT IGNORE INTO run_rollup_mark (name, through_id, updated_at)"
            + " VALUES ('runs', 0, ?)";
    private static final String MARK = "SELECT through_id FROM run_rollup_mark WHERE name = 'runs' FOR UPDATE";
    private static final String MOVE_MARK = "UPDATE run_rollup_mark SET through_id = ?, updated_at = ? WHERE name = 'runs'";
    private static final String NEXT_RUNS = "SELECT " + RunFigures.Ended.COLUMNS + ", r.created_at FROM task_run r"
            + " WHERE r.id > ? ORDER BY r.id LIMIT ?";
    private static final String PENDING = "SELECT p.run_id, p.since, " + RunFigures.Ended.COLUMNS + " FROM run_rollup_pending p"
            + " LEFT JOIN task_run r ON r.id = p.run_id WHERE p.run_id > ? ORDER BY p.run_id LIMIT ?";
    private static final String ADD_PENDING = "INSERT IGNORE INTO run_rollup_pending (run_id, since) VALUES (?, ?)";
    private static final String DROP_PENDING = "DELETE FROM run_rollup_pending WHERE run_id = ?";
    private static final String MINUTE = "SELECT ended, durations, lateness FROM run_rollup WHERE namespace = ? AND minute = ?"
            + " FOR UPDATE";
    private static final String WRITE_MINUTE = "INSERT INTO run_rollup (namespace, minute, ended, durations, lateness)"
            + " VALUES (?, ?, ?, ?, ?) ON DUPLICATE KEY UPDATE ended = VALUES(ended), durations = VALUES(durations),"
            + " lateness = VALUES(lateness)";
    private static final String ADD_FAILURES = "INSERT INTO run_rollup_failure (namespace, minute, task_id, failures, last_fire)"
            + " VALUES (?, ?, ?, ?, ?) ON DUPLICATE KEY UPDATE failures = failures + VALUES(failures),"
            + " last_fire = GREATEST(last_fire, VALUES(last_fire))";

    private final Jdbc jdbc;
    private final int batch;
    // Pending ids are checked a batch per pass, on from where the last pass stopped: a long backlog of
    // waiting runs at the front must not keep the ones behind it from ever being looked at.
    private long pendingAfter;

    /** @param batch runs read per pass, and pending ids checked */
    public MysqlHistoryRollup(DataSource dataSource, int batch) {
        if (batch < 1) {
            throw new IllegalArgumentException("batch: must be at least 1, got " + batch);
        }
        this.jdbc = new Jdbc(dataSource);
        this.batch = batch;
    }

    /** What one pass did. */
    public record Pass(int added, int pending, long throughId, boolean caughtUp) {
    }

    /**
     * One pass at {@code now}: the ended runs among the pending ones, then the runs past the mark.
     * {@link Pass#caughtUp()} is false when runs were left for another pass straight away.
     */
    public Pass rollUp(Instant now) {
        return jdbc.transaction("roll up the run history", connection -> {
            Optional<Long> marked = Jdbc.one(connection, MARK, row -> row.getLong(1));
            if (marked.isEmpty()) {
                Jdbc.insertSkippingDuplicates(connection, FIRST_MARK, now);
                marked = Jdbc.one(connection, MARK, row -> row.getLong(1));
            }
            long mark = marked.orElseThrow();
            Minutes minutes = new Minutes();
            int added = resolvePending(connection, now, minutes);
            Advance advance = advance(connection, mark, now, minutes);
            added += advance.added;
            minutes.write(connection);
            if (advance.through != mark) {
                Jdbc.update(connection, MOVE_MARK, advance.through, now);
            }
            return new Pass(added, advance.pending, advance.through, !advance.more);
        });
    }

    private int resolvePending(Connection connection, Instant now, Minutes minutes) throws SQLException {
        record Waiting(long id, Instant since, RunFigures.Ended run) {
        }
        List<Waiting> waiting = Jdbc.list(connection, PENDING, row -> new Waiting(row.getLong("run_id"),
                Jdbc.instant(row, "since"), row.getObject("id") == null ? null : RunFigures.Ended.read(row)),
                pendingAfter, batch);
        pendingAfter = waiting.size() < batch ? 0 : waiting.get(waiting.size() - 1).id();
        int added = 0;
        for (Waiting entry : waiting) {
            if (entry.run() != null && entry.run().isFinal()) {
                minutes.add(entry.run());
                added++;
                Jdbc.update(connection, DROP_PENDING, entry.id());
            } else if (entry.run() == null && entry.since().isBefore(now.minus(MISSING_KEPT))) {
                Jdbc.update(connection, DROP_PENDING, entry.id());
            }
        }
        return added;
    }

    private record Advance(long through, int added, int pending, boolean more) {
    }

    private Advance advance(Connection connection, long mark, Instant now, Minutes minutes) throws SQLException {
        record Next(RunFigures.Ended run, Instant createdAt) {
        }
        List<Next> next = Jdbc.list(connection, NEXT_RUNS, row -> new Next(RunFigures.Ended.read(row),
                Jdbc.instant(row, "created_at")), mark, batch);
        long through = mark;
        int added = 0;
        int pending = 0;
        Instant settled = now.minus(SETTLE);
        for (Next candidate : next) {
            RunFigures.Ended run = candidate.run();
            if (candidate.createdAt().isAfter(settled)) {
                return new Advance(through, added, pending, false);
            }
            if (!run.isFinal() && candidate.createdAt().isAfter(now.minus(UNFINISHED_KEPT_BACK))) {
                return new Advance(through, added, pending, false);
            }
            pending += watchMissing(connection, through, run.id(), candidate.createdAt(), now);
            if (run.isFinal()) {
                minutes.add(run);
                added++;
            } else {
                Jdbc.insertSkippingDuplicates(connection, ADD_PENDING, run.id(), now);
                pending++;
            }
            through = run.id();
        }
        return new Advance(through, added, pending, next.size() == batch);
    }

    /**
     * The ids between two runs the mark passes, watched in case an insert still open commits one:
     * only when the run after them is young enough for such an insert to be open still.
     */
    private static int watchMissing(Connection connection, long after, long next, Instant nextCreated, Instant now)
            throws SQLException {
        long missing = next - after - 1;
        if (missing <= 0 || missing > MOST_MISSING_PER_GAP || nextCreated.isBefore(now.minus(MISSING_KEPT))) {
            return 0;
        }
        for (long id = after + 1; id < next; id++) {
            Jdbc.insertSkippingDuplicates(connection, ADD_PENDING, id, now);
        }
        return (int) missing;
    }

    /** The figures a pass adds, per namespace and minute; written at the end of the pass. */
    private static final class Minutes {
        private record Key(String namespace, Instant minute) {
        }

        private record TaskMinute(String namespace, Instant minute, long taskId) {
        }

        private final Map<Key, RunFigures> figures = new HashMap<>();
        private final Map<TaskMinute, TaskFailures> failures = new HashMap<>();

        void add(RunFigures.Ended run) {
            Instant minute = run.scheduledAt().truncatedTo(ChronoUnit.MINUTES);
            figures.computeIfAbsent(new Key(run.namespace(), minute), key -> new RunFigures()).add(run);
            if (run.isFailure()) {
                failures.computeIfAbsent(new TaskMinute(run.namespace(), minute, run.taskId()), key -> new TaskFailures())
                        .add(1, run.scheduledAt());
            }
        }

        void write(Connection connection) throws SQLException {
            List<Key> keys = new ArrayList<>(figures.keySet());
            // The same order in every pass: two passes never wait on each other's minutes crosswise.
            keys.sort((a, b) -> a.namespace().equals(b.namespace()) ? a.minute().compareTo(b.minute())
                    : a.namespace().compareTo(b.namespace()));
            for (Key key : keys) {
                RunFigures sum = figures.get(key);
                Jdbc.one(connection, MINUTE, row -> {
                    sum.addEncoded(row.getString("ended"), row.getString("durations"), row.getString("lateness"));
                    return row;
                }, key.namespace(), key.minute());
                Jdbc.update(connection, WRITE_MINUTE, key.namespace(), key.minute(), sum.encodeEnded(),
                        sum.durations().encode(), sum.lateness().encode());
            }
            for (Map.Entry<TaskMinute, TaskFailures> entry : failures.entrySet()) {
                TaskMinute key = entry.getKey();
                Jdbc.update(connection, ADD_FAILURES, key.namespace(), key.minute(), key.taskId(), entry.getValue().count(),
                        entry.getValue().lastFire());
            }
        }
    }
}
