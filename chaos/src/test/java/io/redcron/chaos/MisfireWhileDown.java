package io.redcron.chaos;

import io.redcron.domain.MisfirePolicy;
import io.redcron.port.TaskStore;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;

import static org.awaitility.Awaitility.await;

/**
 * Every node down for longer than the misfire threshold while three tasks, one per misfire
 * policy, each miss four fires 3 s apart. The fires are the only ones of the tasks' crons for a
 * day, and the nodes come back well after the last one is a misfire, so the outcome does not
 * depend on when exactly they are back: {@code skip} runs none, {@code fire-once} the last,
 * {@code catch-up} with a limit of 2 the last two. The first fire is recorded ahead (within the
 * lookahead) before the nodes die, so the policy must also hold for a run recorded in time that
 * would only start late.
 */
final class MisfireWhileDown implements Fault {
    static final int CATCH_UP_LIMIT = 2;
    private static final int FIRES = 4;
    private static final Duration FIRST_FIRE_IN = Duration.ofSeconds(8);
    private static final Duration BETWEEN_FIRES = Duration.ofSeconds(3);
    /** After the last fire: longer than the misfire threshold (10 s) with room for a second or more of doubt. */
    private static final Duration DOWN_AFTER_LAST_FIRE = Duration.ofSeconds(14);

    /** One probe task and the policy it was created with. */
    private record Probe(Workload.Planned task, MisfirePolicy policy) {
    }

    private final List<Probe> probes = new CopyOnWriteArrayList<>();
    private final List<Instant> fires = new CopyOnWriteArrayList<>();
    private final List<String> problems = new CopyOnWriteArrayList<>();

    @Override
    public String name() {
        return "misfire-policies";
    }

    @Override
    public String description() {
        return "every node SIGKILLed for longer than the misfire threshold while tasks under skip, fire-once and"
                + " catch-up (limit " + CATCH_UP_LIMIT + ") miss 4 fires each, the first recorded ahead";
    }

    @Override
    public void inject(Cluster cluster) {
        // The fires go in one minute, so that one cron expression names exactly them.
        await("a minute with room for the fires").atMost(Duration.ofSeconds(70)).pollInterval(Duration.ofMillis(200))
                .until(() -> ZonedDateTime.now(ZoneOffset.UTC).getSecond() < 38);
        Instant base = Instant.now().truncatedTo(ChronoUnit.SECONDS).plus(FIRST_FIRE_IN);
        IntStream.range(0, FIRES).forEach(i -> fires.add(base.plus(BETWEEN_FIRES.multipliedBy(i))));
        String cron = cronOf(fires);
        TaskStore store = cluster.taskStore();
        for (MisfirePolicy policy : MisfirePolicy.values()) {
            String name = "misfire-" + policy.name().toLowerCase().replace('_', '-');
            probes.add(new Probe(cluster.workload().addProbe(store, name, cron, policy, CATCH_UP_LIMIT), policy));
        }
        Instant first = fires.get(0);
        try {
            Duration untilJustBefore = Duration.between(Instant.now(), first.minusMillis(500));
            await("the first fire recorded ahead").atMost(untilJustBefore.isNegative() ? Duration.ofMillis(1) : untilJustBefore)
                    .pollInterval(Duration.ofMillis(100)).ignoreExceptions()
                    .until(() -> probes.stream().allMatch(probe -> rowFor(cluster, probe, first)));
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            problems.add(name() + ": the fire at " + first + " was not recorded ahead before the nodes died, so the"
                    + " scenario did not test a run recorded in time that starts late");
        }
        List<NodeProcess> dead = cluster.killAll();
        System.out.println(name() + ": nodes killed at " + Instant.now() + ", fires " + fires + " (cron '" + cron + "')");
        Holds.holdUntil(fires.get(FIRES - 1).plus(DOWN_AFTER_LAST_FIRE));
        cluster.replaceAll(dead);
    }

    private static boolean rowFor(Cluster cluster, Probe probe, Instant fire) {
        return cluster.rows().stream().anyMatch(row -> row.taskId() == probe.task().id() && row.scheduledAt().equals(fire));
    }

    /** A Quartz cron (UTC) that fires at exactly these seconds of one minute, once a day. */
    static String cronOf(List<Instant> fires) {
        ZonedDateTime first = fires.get(0).atZone(ZoneOffset.UTC);
        List<String> seconds = new ArrayList<>();
        for (Instant fire : fires) {
            ZonedDateTime at = fire.atZone(ZoneOffset.UTC);
            if (at.getMinute() != first.getMinute() || at.getHour() != first.getHour()) {
                throw new IllegalArgumentException("fires " + fires + " are not in one minute");
            }
            seconds.add(Integer.toString(at.getSecond()));
        }
        return String.join(",", seconds) + " " + first.getMinute() + " " + first.getHour() + " * * ?";
    }

    @Override
    public List<String> problems() {
        return List.copyOf(problems);
    }

    @Override
    public List<String> checks(Cluster cluster) {
        List<RunRow> rows = cluster.rows();
        Effects effects = cluster.effects();
        List<String> found = new ArrayList<>();
        for (Probe probe : probes) {
            found.addAll(MisfireOutcome.check(probe.task(), List.copyOf(fires), probe.policy(), CATCH_UP_LIMIT, rows, effects));
        }
        return found;
    }
}
