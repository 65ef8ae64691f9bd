package io.redcron.desktop.cluster;

import java.time.Instant;

/**
 * One node of the nodes table.
 *
 * @param stale       its last heartbeat is older than the screen's threshold: the node is hung, gone,
 *                    or its clock is off, while its heartbeat key has not expired yet
 * @param lost        its heartbeat expired without a clean stop: shown as last seen
 * @param leader      it holds the scheduler lease
 * @param clockOffset how far its clock is from the database's, as text ("+12 ms"); empty if unknown
 */
public record NodeRow(String nodeId, String host, long pid, String roles, String groups, int slots, int running,
                      String version, Instant lastSeen, String lastSeenText, boolean stale, boolean lost,
                      boolean leader, String clockOffset) {
}
