package io.redcron.desktop.cron;

import java.time.ZonedDateTime;

/**
 * One coming fire, in the task's zone and in this computer's zone, with both already formatted for
 * the UI. {@code nearDstChange} marks a fire whose offset differs from the one before it, or that
 * falls within a day of a daylight-saving change in the task's zone. {@code secondPass} explains a fire
 * in the second pass of an hour the clocks repeat (empty for every other fire); {@code dstChange} says
 * what the schedule does at the change a marked fire is next to (empty for an unmarked fire).
 * {@code skippedBecause} is why the chosen business calendar leaves the fire out, as the scheduler
 * records it on the skipped run (empty when it runs).
 */
public record FireTime(ZonedDateTime taskTime, ZonedDateTime localTime, boolean nearDstChange,
                       String taskText, String localText, String secondPass, String dstChange,
                       String skippedBecause) {

    public boolean inSecondPass() {
        return !secondPass.isEmpty();
    }

    public boolean isSkipped() {
        return !skippedBecause.isEmpty();
    }
}
