package io.redcron.chaos;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/** One kind of failure, injected into a running cluster; {@link #inject} returns when the fault is over. */
interface Fault {
    String name();

    /** One line for the results table. */
    String description();

    /** Brings the cluster up; most faults want three plain nodes. */
    default void startNodes(Cluster cluster) {
        cluster.startNode("node-a");
        cluster.startNode("node-b");
        cluster.startNode("node-c");
    }

    /** Node settings this fault needs that differ from the suite's (a short queue deadline, say). */
    default Map<String, String> nodeSettings() {
        return Map.of();
    }

    void inject(Cluster cluster);

    /**
     * What the fault must have left behind, checked once every run has ended (from the rows and the
     * effects file), beyond the invariants every scenario checks.
     */
    default List<String> checks(Cluster cluster) {
        return List.of();
    }

    /** A problem noticed while injecting (a node that did not exit as promised, say), reported with the invariants. */
    default List<String> problems() {
        return List.of();
    }

    static Duration twiceTheLongestLease() {
        Duration longest = Cluster.WORKER_LEASE.compareTo(Cluster.SCHEDULER_LEASE) > 0 ? Cluster.WORKER_LEASE
                : Cluster.SCHEDULER_LEASE;
        return longest.multipliedBy(2);
    }
}
