package io.redcron.chaos;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

import static org.awaitility.Awaitility.await;

/** The suite's faults. Each holds its fault for a fixed time; that waiting is the fault, not a synchronisation. */
final class Faults {
    private Faults() {
    }

    static List<Fault> quick() {
        return List.of(workerKill(3), leaderKill(), leaderStop(), redisRestartFromAof(), redisRestartEmpty(),
                mariaDbStop(Duration.ofSeconds(30)), network(Duration.ofSeconds(20), Duration.ofSeconds(16)),
                clockAhead(), workerTerm(), leaderKillStorm(Duration.ofSeconds(40)), new ForbidRunKill(Duration.ofSeconds(15)),
                new EditWhileDown(), new MisfireWhileDown(), flushAll(), new MalformedEntries(), new UnservedGroup(),
                new WorkflowFanInKills(), new ShardedFireKill());
    }

    /** The faults a soak picks from at random (each on an already running cluster). */
    static List<Fault> soakable() {
        return List.of(workerKill(1), leaderKill(), leaderStop(), redisRestartFromAof(), redisRestartEmpty(),
                mariaDbStop(Duration.ofSeconds(20)), network(Duration.ofSeconds(10), Duration.ofSeconds(8)), workerTerm(),
                leaderKillStorm(Duration.ofSeconds(20)), new ForbidRunKill(Duration.ofSeconds(5)), flushAll(),
                new MalformedEntries());
    }

    static Fault workerKill(int times) {
        return simple("worker-sigkill", "SIGKILL of a worker with runs in flight, " + times + " times, 8 s apart", cluster -> {
            for (int i = 0; i < times; i++) {
                NodeProcess victim = cluster.busyWorker();
                victim.kill();
                Holds.hold(Duration.ofSeconds(2));
                cluster.replace(victim);
                Holds.hold(Duration.ofSeconds(6));
            }
        });
    }

    static Fault leaderKill() {
        return simple("leader-sigkill", "SIGKILL of the leader; restarted after a successor took over", cluster -> {
            NodeProcess leader = cluster.awaitLeader();
            leader.kill();
            await("a new leader").atMost(Cluster.PATIENCE).pollInterval(Duration.ofMillis(250)).ignoreExceptions()
                    .until(() -> cluster.leaderId().filter(id -> !id.equals(leader.id())).isPresent());
            Holds.hold(Duration.ofSeconds(5));
            cluster.replace(leader);
        });
    }

    /** The leader killed again and again, each time as soon as 4 s have passed and a new one leads; each killed node restarted at once. */
    static Fault leaderKillStorm(Duration length) {
        Duration every = Duration.ofSeconds(4);
        return simple("leader-kill-storm", "SIGKILL of the leader every " + every.toSeconds() + " s for " + length.toSeconds()
                + " s, each killed node restarted at once", cluster -> {
                    Instant end = Instant.now().plus(length);
                    while (Instant.now().isBefore(end)) {
                        NodeProcess leader = cluster.awaitLeader();
                        leader.kill();
                        cluster.replace(leader);
                        Holds.hold(every);
                    }
                });
    }

    static Fault flushAll() {
        return simple("redis-flushall", "FLUSHALL on the live Redis while every node runs (lease, index, streams and"
                + " retries gone at once)", cluster -> {
                    cluster.redisClient().flushAll();
                    Holds.hold(Duration.ofSeconds(5));
                });
    }

    static Fault leaderStop() {
        Duration pause = Fault.twiceTheLongestLease();
        return simple("leader-sigstop", "SIGSTOP of the leader for " + pause.toSeconds() + " s (twice the lease), then SIGCONT",
                cluster -> {
                    NodeProcess leader = cluster.awaitLeader();
                    leader.signal("STOP");
                    try {
                        Holds.hold(pause);
                    } finally {
                        leader.signal("CONT");
                    }
                    Holds.hold(Duration.ofSeconds(5)); // the old leader wakes up and tries to go on
                });
    }

    static Fault redisRestartFromAof() {
        return simple("redis-restart-aof", "Redis killed (SIGKILL) and restarted from its AOF after 3 s",
                cluster -> cluster.redis().crashAndRestartFromAof(Duration.ofSeconds(3)));
    }

    static Fault redisRestartEmpty() {
        return simple("redis-restart-empty", "Redis SHUTDOWN NOSAVE, restarted on an empty data dir after 3 s",
                cluster -> cluster.redis().restartEmpty(Duration.ofSeconds(3)));
    }

    static Fault mariaDbStop(Duration down) {
        return simple("mariadb-stop", "MariaDB stopped for " + down.toSeconds() + " s, then started again",
                cluster -> cluster.mariaDb().stopFor(down));
    }

    static Fault network(Duration latency, Duration resets) {
        return simple("network", "500 ms latency to Redis and MariaDB for " + latency.toSeconds()
                + " s, then every connection reset every 2 s for " + resets.toSeconds() + " s", cluster -> {
                    cluster.redisProxy().latency(Duration.ofMillis(500));
                    cluster.mysqlProxy().latency(Duration.ofMillis(500));
                    try {
                        Holds.hold(latency);
                    } finally {
                        cluster.redisProxy().latency(Duration.ZERO);
                        cluster.mysqlProxy().latency(Duration.ZERO);
                    }
                    for (long waited = 0; waited < resets.toSeconds(); waited += 2) {
                        cluster.redisProxy().resetAll();
                        cluster.mysqlProxy().resetAll();
                        Holds.hold(Duration.ofSeconds(2));
                    }
                });
    }

    /**
     * The leader's clock 5 s ahead; then it is killed and a node with a true clock takes over. The
     * skewed node must use no more CPU than a node does: under libfaketime a JVM whose timed waits
     * return at once spins at a core or more, and then the scenario would test a spinning node.
     */
    static Fault clockAhead() {
        double mostCpu = 0.25;
        List<String> problems = new ArrayList<>();
        return new Fault() {
            @Override
            public String name() {
                return "clock-ahead";
            }

            @Override
            public String description() {
                return "the leader's clock 5 s ahead (libfaketime) for 20 s, its CPU use checked, then it is killed"
                        + " and a true clock leads";
            }

            @Override
            public void startNodes(Cluster cluster) {
                NodeProcess skewed = cluster.startNode("node-a", Duration.ofSeconds(5));
                await("the node with the skewed clock leads").atMost(Cluster.PATIENCE).pollInterval(Duration.ofMillis(250))
                        .ignoreExceptions().until(() -> cluster.leaderId().filter(skewed.id()::equals).isPresent());
                cluster.startNode("node-b");
                cluster.startNode("node-c");
            }

            @Override
            public void inject(Cluster cluster) {
                NodeProcess skewed = cluster.node("node-a").orElseThrow();
                NodeProcess trueClock = cluster.node("node-b").orElseThrow();
                CpuWatch skewedCpu = CpuWatch.start(skewed);
                CpuWatch trueClockCpu = CpuWatch.start(trueClock);
                Holds.hold(Duration.ofSeconds(20));
                OptionalDouble skewedShare = skewedCpu.shareOfACore();
                String figures = skewed.id() + " (clock 5 s ahead, leading) used " + CpuWatch.percent(skewedShare)
                        + " over 20 s, " + trueClock.id() + " (true clock) " + CpuWatch.percent(trueClockCpu.shareOfACore());
                System.out.println("clock-ahead: " + figures);
                if (skewedShare.isEmpty() || skewedShare.getAsDouble() > mostCpu) {
                    problems.add(figures + ": the skewed node must use no more CPU than a node does");
                }
                skewed.kill();
                await("a leader with a true clock").atMost(Cluster.PATIENCE).pollInterval(Duration.ofMillis(250))
                        .ignoreExceptions().until(() -> cluster.leaderId().filter(id -> !id.equals("node-a")).isPresent());
                Holds.hold(Duration.ofSeconds(5));
                cluster.replace(skewed);
            }

            @Override
            public List<String> problems() {
                return List.copyOf(problems);
            }
        };
    }

    static Fault workerTerm() {
        List<String> problems = new ArrayList<>();
        return new Fault() {
            @Override
            public String name() {
                return "worker-sigterm";
            }

            @Override
            public String description() {
                return "SIGTERM of a worker with runs in flight (drain grace 2 s, long runs take 4 s)";
            }

            @Override
            public void inject(Cluster cluster) {
                NodeProcess victim = cluster.busyWorker();
                victim.signal("TERM");
                int exit = victim.awaitExit(Duration.ofSeconds(90));
                if (exit != 0) {
                    problems.add(victim.id() + " exited " + exit + " after SIGTERM, not 0");
                }
                cluster.replace(victim);
                Holds.hold(Duration.ofSeconds(5));
            }

            @Override
            public List<String> problems() {
                List<String> reported = List.copyOf(problems);
                problems.clear(); // each problem is reported once
                return reported;
            }
        };
    }

    private static Fault simple(String name, String description, java.util.function.Consumer<Cluster> action) {
        return new Fault() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String description() {
                return description;
            }

            @Override
            public void inject(Cluster cluster) {
                action.accept(cluster);
            }
        };
    }
}
