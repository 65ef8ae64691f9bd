package io.redcron.desktop.dashboard;

import io.redcron.desktop.ui.Messages;
import io.redcron.port.RunStatistics.SlowRun;
import io.redcron.port.RunStatistics.Spread;
import io.redcron.port.RunStatistics.TaskFigures;

import java.time.Duration;
import java.util.function.Function;

/** Turns the per-task figures of the window into the rows of the dashboard's two tables. */
final class PerTaskRows {
    private final Messages messages;
    private final Function<Duration, String> span;

    /** @param span how the dashboard writes a span ("250 ms", "4.2 s", "3m5s") */
    PerTaskRows(Messages messages, Function<Duration, String> span) {
        this.messages = messages;
        this.span = span;
    }

    TaskFiguresRow task(TaskFigures task) {
        Spread took = task.durations();
        Spread late = task.lateness();
        return new TaskFiguresRow(task.taskId(), task.taskName(), task.runs(), of(took, took.p50()),
                of(took, took.p95()), of(took, took.max()), of(late, late.p50()), of(late, late.p95()),
                of(late, late.max()));
    }

    SlowRunRow slow(SlowRun run) {
        return new SlowRunRow(run.runId(), run.taskName(), run.scheduledAt(), messages.time().format(run.scheduledAt()),
                messages.time().otherZones(run.scheduledAt(), null), shown(run.duration()), shown(run.taskMedian()),
                new Shown(run.factor(), messages.get("dashboard.slow.factor", run.factor())));
    }

    /** A figure of a spread; a task without such spans (only skipped runs, or no cron fire) has none. */
    private Shown of(Spread spread, Duration value) {
        return spread.isEmpty() ? Shown.NONE : shown(value);
    }

    private Shown shown(Duration value) {
        return new Shown(value.toMillis(), span.apply(value));
    }
}
