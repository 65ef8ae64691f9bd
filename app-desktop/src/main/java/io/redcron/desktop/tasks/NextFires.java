package io.redcron.desktop.tasks;

import io.redcron.desktop.ui.Messages;
import io.redcron.format.TaskDocument;
import io.redcron.schedule.CronSchedule;
import io.redcron.schedule.FireExclusion;

import java.time.Clock;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * The coming fires of the schedule being typed, in the task's zone with its offset, computed by the
 * same engine the scheduler uses, each one the task's business calendar leaves out followed by the
 * reason; or, when the schedule cannot be read, why not.
 */
final class NextFires {
    static final int COUNT = 5;

    /** Either the fires (formatted) or the problem; the other is empty. */
    record Preview(List<String> fires, String problem) {
    }

    private final Messages messages;
    private final Clock clock;
    private final DateTimeFormatter format;

    NextFires(Messages messages, Clock clock) {
        this.messages = messages;
        this.clock = clock;
        this.format = DateTimeFormatter.ofPattern(messages.get("cron.fires.format"), messages.locale());
    }

    /**
     * @param cronProblem what the form found wrong with the expression or dialect, or "": the same
     *                    words then show here
     */
    Preview preview(String cron, String dialect, String zone, String cronProblem, FireExclusion calendar) {
        if (!cronProblem.isEmpty()) {
            return new Preview(List.of(), cronProblem);
        }
        ZoneId zoneId;
        try {
            zoneId = ZoneId.of(zone == null ? "" : zone.trim());
        } catch (DateTimeException e) {
            return new Preview(List.of(), messages.get("editor.fires.noZone"));
        }
        List<ZonedDateTime> next;
        try {
            next = CronSchedule.parse(cron, TaskDocument.dialect(dialect)).next(clock.instant(), zoneId, COUNT);
        } catch (RuntimeException e) {
            return new Preview(List.of(), e.getMessage());
        }
        if (next.isEmpty()) {
            return new Preview(List.of(), messages.get("editor.fires.none"));
        }
        return new Preview(next.stream().map(fire -> calendar.reason(fire)
                .map(reason -> messages.get("calendars.editor.skipped", format.format(fire), reason))
                .orElseGet(() -> format.format(fire))).toList(), "");
    }
}
