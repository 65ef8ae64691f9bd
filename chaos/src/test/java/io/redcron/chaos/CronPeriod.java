package io.redcron.chaos;

import io.redcron.schedule.CronDialect;
import io.redcron.schedule.CronSchedule;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * A stretch of a task's life under one cron (Quartz, UTC): from just after {@code after} up to
 * and including {@code until}, which is null while the task still follows it. An edit ends one
 * period at the edit's commit and starts the next one there; a pause ends the last one.
 */
record CronPeriod(String cron, Instant after, Instant until) {

    /** The period a task starts with: every fire of {@code cron} from {@code firstFire} on. */
    static CronPeriod from(String cron, Instant firstFire) {
        return new CronPeriod(cron, firstFire.minusMillis(1), null);
    }

    boolean open() {
        return until == null;
    }

    CronPeriod endedAt(Instant commit) {
        return new CronPeriod(cron, after, commit);
    }

    /** Every fire of the cron in this period, up to {@code cutoff}. */
    Set<Instant> fires(Instant cutoff) {
        Instant last = until == null || cutoff.isBefore(until) ? cutoff : until;
        CronSchedule schedule = CronSchedule.parse(cron, CronDialect.QUARTZ);
        Set<Instant> fires = new LinkedHashSet<>();
        Instant fire = schedule.nextAfter(after, ZoneOffset.UTC).map(ZonedDateTime::toInstant).orElse(null);
        while (fire != null && !fire.isAfter(last)) {
            if (fire.isAfter(after)) {
                fires.add(fire);
            }
            fire = schedule.nextAfter(fire, ZoneOffset.UTC).map(ZonedDateTime::toInstant).orElse(null);
        }
        return fires;
    }
}
