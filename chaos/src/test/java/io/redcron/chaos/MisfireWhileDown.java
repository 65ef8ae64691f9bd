package io.redcron.chaos;

import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.MisfirePolicy;
import io.redcron.port.TaskStore;
import org.awaitility.core.ConditionTimeoutException;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;

import static org.awaitility.Awaitility.await;

/**
 * Every node down for longer than the misfire threshold while tasks, one per misfire policy, each
 * miss four fires 3 s apart. The fires are the only ones of the tasks' crons for a day, and the
 * nodes come back well after the last one is a misfire, so the outcome does not depend on when
 * exactly they are back: {@code skip} runs none, {@code fire-once} the last, {@code catch-up} with a
 * limit of 2 the last two. The first fire is recorded ahead (within the lookahead) before the
 * nodes die, so the policy must also hold for a run recorded in time that would only start late.
 *
 * <p>A second {@code catch-up} task has one more fire, at the second the nodes are started again:
 * a fire on time when scheduling resumes, which runs anyway and must not take the place of a
 * missed one (the limit counts replays). Whether it was on time is read from its row's
 * {@code created_at}, the database's record of when the first pass after the outage planned it.
 */
final class MisfireWhileDown implements Fault {
    static final int CATCH_UP_LIMIT = 2;
    private static final int MISSED = 4;
    private static final Duration FIRST_FIRE_IN = Duration.ofSeconds(8);
    private static final Duration BETWEEN_FIRES = Duration.ofSeconds(3);
    /** After the last missed fire: longer than the misfire threshold with room for a second or more of doubt. */
    private static final Duration DOWN_AFTER_LAST_FIRE = Duration.ofSeconds(14);
    /** A fire recorded this close to the misfire threshold may have been judged either way. */
    private static final Duration DOUBT = Duration.ofSeconds(1);

    /** One probe task, the policy it was created with, and whether it also fires when the nodes come back. */
    private record Probe(Workload.Planned task, MisfirePolicy policy, boolean firesAtRecovery) {
    }

    private final List<Probe> probes = new CopyOnWriteArrayList<>();
    private final List<Instant> missed = new CopyOnWriteArrayList<>();
    private volatile Instant recovery;
    private final List<String> problems = new CopyOnWriteArrayList<>();

    @Override
    public String name() {
        return "misfire-policies";
    }

    @Override
    public String description() {
        return "every node SIGKILLed for longer than the misfire threshold while tasks under skip, fire-once and"
                + " catch-up (limit " + CATCH_UP_LIMIT + "), under forbid and under allow, miss 4 fires each, the first"
                + " recorded ahead (and held by a worker, under allow); a second"
                + " catch-up task also fires as the nodes come back";
    }

    @Override
    public void inject(Cluster cluster) {
        // Every fire goes in one minute, so that one cron expression names exactly them.
        Duration span = FIRST_FIRE_IN.plus(BETWEEN_FIRES.multipliedBy(MISSED - 1)).plus(DOWN_AFTER_LAST_FIRE);
        await("a minute with room for the fires").atMost(Duration.ofSeconds(70)).pollInterval(Duration.ofMillis(200))
                .until(() -> ZonedDateTime.now(ZoneOffset.UTC).getSecond() + span.toSeconds() < 59);
        Instant base = Instant.now().truncatedTo(ChronoUnit.SECONDS).plus(FIRST_FIRE_IN);
        IntStream.range(0, MISSED).forEach(i -> missed.add(base.plus(BETWEEN_FIRES.multipliedBy(i))));
        recovery = missed.get(MISSED - 1).plus(DOWN_AFTER_LAST_FIRE);
        TaskStore store = cluster.taskStore();
        for (MisfirePolicy policy : MisfirePolicy.values()) {
            String name = "misfire-" + policy.name().toLowerCase().replace('_', '-');
            probes.add(new Probe(cluster.workload().addProbe(store, name, cronOf(missed), policy, CATCH_UP_LIMIT), policy, false));
            // Under allow the first fire is also claimed ahead and held by a worker that then dies.
            probes.add(new Probe(cluster.workload().addProbe(store, name + "-allow", cronOf(missed), policy, CATCH_UP_LIMIT,
                    ConcurrencyPolicy.ALLOW), policy, false));
        }
        List<Instant> withRecovery = new ArrayList<>(missed);
        withRecovery.add(recovery);
        probes.add(new Probe(cluster.workload().addProbe(store, "misfire-catch-up-and-one-on-time", cronOf(withRecovery),
                MisfirePolicy.CATCH_UP, CATCH_UP_LIMIT), MisfirePolicy.CATCH_UP, true));
        Instant first = missed.get(0);
        try {
            Duration untilJustBefore = Duration.between(Instant.now(), first.minusMillis(500));
            await("the first fire recorded ahead").atMost(untilJustBefore.isNegative() ? Duration.ofMillis(1) : untilJustBefore)
                    .pollInterval(Duration.ofMillis(100)).ignoreExceptions()
                    .until(() -> probes.stream().allMatch(probe -> rowFor(cluster.rows(), probe, first).isPresent()));
        } catch (ConditionTimeoutException e) {
            problems.add(name() + ": the fire at " + first + " was not recorded ahead before the nodes died, so the"
                    + " scenario did not test a run recorded in time that starts late");
        }
        List<NodeProcess> dead = cluster.killAll();
        System.out.println(name() + ": nodes killed at " + Instant.now() + ", missed fires " + missed + ", back at " + recovery);
        Holds.holdUntil(recovery);
        cluster.replaceAll(dead);
    }

    private static Optional<RunRow> rowFor(List<RunRow> rows, Probe probe, Instant fire) {
        return rows.stream().filter(row -> row.taskId() == probe.task().id() && row.scheduledAt().equals(fire)).findFirst();
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
            if (!probe.firesAtRecovery()) {
                found.addAll(MisfireOutcome.check(probe.task(), List.copyOf(missed), List.of(), probe.policy(),
                        CATCH_UP_LIMIT, rows, effects));
                continue;
            }
            Optional<RunRow> atRecovery = rowFor(rows, probe, recovery);
            if (atRecovery.isEmpty()) {
                found.add(probe.task().name() + ": no row for the fire at " + recovery);
                continue;
            }
            Duration late = Duration.between(recovery, atRecovery.get().createdAt());
            if (late.compareTo(Cluster.MISFIRE_THRESHOLD.minus(DOUBT)) < 0) {
                found.addAll(MisfireOutcome.check(probe.task(), List.copyOf(missed), List.of(recovery), probe.policy(),
                        CATCH_UP_LIMIT, rows, effects));
            } else if (late.compareTo(Cluster.MISFIRE_THRESHOLD.plus(DOUBT)) > 0) {
                List<Instant> allMissed = new ArrayList<>(missed);
                allMissed.add(recovery);
                found.addAll(MisfireOutcome.check(probe.task(), allMissed, List.of(), probe.policy(), CATCH_UP_LIMIT, rows,
                        effects));
            } else {
                System.out.println(name() + ": " + probe.task().name() + " not checked: its fire at " + recovery
                        + " was recorded " + late.toMillis() + " ms late, too close to the misfire threshold to tell");
            }
        }
        return found;
    }
}
