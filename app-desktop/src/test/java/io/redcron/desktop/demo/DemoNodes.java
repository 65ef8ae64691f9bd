package io.redcron.desktop.demo;

import io.redcron.domain.NodeInfo;
import io.redcron.domain.NodeRole;
import io.redcron.port.NodeRegistry;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * The nodes of the demo: two live workers in Frankfurt (the first also schedules) and a GPU box,
 * the only worker of group {@code gpu}, that stopped answering {@link #LOST_AGO} ago.
 */
final class DemoNodes {
    static final String FIRST = "eu-worker-1";
    static final String SECOND = "eu-worker-2";
    static final String GPU = "gpu-box-1";
    static final Duration LOST_AGO = Duration.ofMinutes(52);
    /** How long a heartbeat lasts: long enough for a tour of every screen without a beat in between. */
    static final Duration TTL = Duration.ofMinutes(10);

    private final Instant now;

    DemoNodes(Instant now) {
        this.now = now;
    }

    Instant lostAt() {
        return now.minus(LOST_AGO);
    }

    /** The worker that ran a run of {@code group} fired at {@code fire}. */
    String ranOn(String group, Instant fire, Random random) {
        return switch (group) {
            case "billing" -> FIRST;
            case "search" -> SECOND;
            case "gpu" -> GPU;
            default -> random.nextBoolean() ? FIRST : SECOND;
        };
    }

    /** The live nodes beat now, as they do every few seconds. */
    void beat(NodeRegistry registry, Instant at, int runningOnFirst, int runningOnSecond) {
        registry.heartbeat(new NodeInfo(FIRST, "cron-fra-1.prod.internal", 2817, "0.1.0",
                Set.of(NodeRole.SCHEDULER, NodeRole.WORKER), Set.of("default", "billing", "data"), 16, runningOnFirst,
                at.minus(Duration.ofDays(6).plusHours(3)), at, Duration.ofMillis(3)), TTL);
        registry.heartbeat(new NodeInfo(SECOND, "cron-fra-2.prod.internal", 3102, "0.1.0",
                Set.of(NodeRole.SCHEDULER, NodeRole.WORKER), Set.of("default", "data", "search"), 16, runningOnSecond,
                at.minus(Duration.ofDays(2).plusHours(7)), at, Duration.ofMillis(-41)), TTL);
    }

    /**
     * The GPU box's last heartbeat: its heartbeat key expires at once while the copy kept for lost
     * nodes stays, as when a node dies without taking itself off.
     */
    void lose(NodeRegistry registry) {
        registry.heartbeat(new NodeInfo(GPU, "gpu-fra-1.prod.internal", 911, "0.1.0", Set.of(NodeRole.WORKER),
                Set.of("gpu"), 4, 1, lostAt().minus(Duration.ofDays(9)), lostAt(), Duration.ofMillis(12)),
                Duration.ofMillis(1));
    }

    static List<String> ids() {
        return List.of(FIRST, SECOND, GPU);
    }
}
