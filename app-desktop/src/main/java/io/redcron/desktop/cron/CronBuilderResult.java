package io.redcron.desktop.cron;

import io.redcron.schedule.CronDialect;

import java.time.ZoneId;

/** What the cron builder hands back: a valid expression, its dialect and the task's time zone. */
public record CronBuilderResult(String expression, CronDialect dialect, ZoneId zone) {
}
