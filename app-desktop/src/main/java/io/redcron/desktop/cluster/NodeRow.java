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
 * @param drain       an operator drains it: null, or whether it still runs what it had
 */
public record NodeRow(String nodeId, String host, long pid, String roles, String groups, int slots, int running,
                      String version, Instant lastSeen, String lastSeenText, boolean stale, boolean lost,
                      boolean leader, String clockOffset, DrainState drain) {

    /** What a drain of the node has come to. */
    public enum DrainState { DRAINING, DRAINED }

    public NodeRow(String nodeId, String host, long pid, String roles, String groups, int slots, int running,
                   String version, Instant lastSeen, String lastSeenText, boolean stale, boolean lost, boolean leader,
                   String clockOffset) {
        this(nodeId, host, pid, roles, groups, slots, running, version, lastSeen, lastSeenText, stale, lost, leader,
                clockOffset, null);
    }
}
