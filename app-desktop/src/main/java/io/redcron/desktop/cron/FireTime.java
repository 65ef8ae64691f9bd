package io.redcron.desktop.cron;

import java.time.ZonedDateTime;

/**
 * One coming fire, in the task's zone and in this computer's zone, with both already formatted for
 * the UI. {@code nearDstChange} marks a fire whose offset differs from the one before it, or that
 * falls within a day of a daylight-saving change in the task's zone.
 */
public record FireTime(ZonedDateTime taskTime, ZonedDateTime localTime, boolean nearDstChange,
                       String taskText, String localText) {
}
