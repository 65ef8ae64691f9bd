package io.redcron.desktop.dashboard;

import java.time.Instant;

/**
 * A slow run as the dashboard's table shows it.
 *
 * @param scheduled  its scheduled time in the zone the app shows times in
 * @param otherZones the same time in the other zones, for the cell's tooltip
 */
public record SlowRunRow(long runId, String task, Instant scheduledAt, String scheduled, String otherZones,
                         Shown duration, Shown taskMedian, Shown factor) {
}
