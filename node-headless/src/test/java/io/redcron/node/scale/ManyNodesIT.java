package io.redcron.node.scale;

import io.redcron.config.RedisConfig;
import io.redcron.domain.NodeInfo;
import io.redcron.domain.Run;
import io.redcron.domain.Task;
import io.redcron.store.redis.RedisConnector;
import io.redcron.store.redis.RedisKeys;
import io.redcron.store.redis.RedisLeaderLease;
import io.redcron.store.redis.RedisNodeRegistry;
import io.redcron.testing.TestRedis;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.UnifiedJedis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Five node processes, started as an operator would ({@code java -jar redcron-node.jar run}): two
 * that can schedule, three workers only, serving different groups. Runs of a group execute only on
 * nodes that serve it, and when the leading scheduler process is killed the other takes over
 * without losing or doubling a fire.
 */
class ManyNodesIT {
    private static final Path JAR = Path.of("target", "redcron-node.jar");

    @TempDir
    Path dir;

    private final List<Process> processes = new ArrayList<>();
    private ScaleNodes stores;

    @AfterEach
    void stop() {
        processes.forEach(Process::destroyForcibly);
        if (stores != null) {
            stores.close();
        }
    }

    @Test
    void runsOfEachGroupExecuteOnlyOnNodesServingItAndAKilledLeaderIsReplaced() throws Exception {
        assertThat(JAR).as("the node jar, built by the package phase").exists();
        String namespace = TestRedis.freshNamespace();
        stores = new ScaleNodes(Map.of("redis.uri", TestRedis.uri()), dir);
        List<Task> etl = List.of(stores.everySecond(namespace, "etl-a", "etl"), stores.everySecond(namespace, "etl-b", "etl"));
        Task mail = stores.everySecond(namespace, "mail", "mail");
        Task plain = stores.everySecond(namespace, "plain", "default");
        Path config = config(namespace);

        RedisKeys keys = new RedisKeys(namespace);
        Map<String, Process> nodes = new LinkedHashMap<>();
        try (UnifiedJedis redis = RedisConnector.open(RedisConfig.fromUri(TestRedis.uri()), "redcron-it", 2)) {
            RedisLeaderLease lease = new RedisLeaderLease(redis, keys);
            // The scheduler-only node leads first, so that killing the leader later leaves every group served.
            nodes.put("sched-1", start(config, "sched-1", "scheduler", "default"));
            await().atMost(Duration.ofSeconds(60)).until(() -> lease.current()
                    .map(holder -> holder.holder().startsWith("sched-1:")).orElse(false));
            nodes.put("sched-2", start(config, "sched-2", "scheduler,worker", "default"));
            nodes.put("etl-1", start(config, "etl-1", "worker", "etl"));
            nodes.put("etl-2", start(config, "etl-2", "worker", "etl"));
            nodes.put("mail-1", start(config, "mail-1", "worker", "mail"));
            await().atMost(Duration.ofSeconds(90)).until(() -> new RedisNodeRegistry(redis, keys).list().stream()
                    .map(NodeInfo::nodeId).collect(Collectors.toSet()).equals(nodes.keySet()));
            await().atMost(Duration.ofSeconds(60)).until(() -> stores.runsOf(plain).stream().anyMatch(ManyNodesIT::succeeded)
                    && stores.runsOf(mail).stream().anyMatch(ManyNodesIT::succeeded)
                    && etl.stream().allMatch(task -> stores.runsOf(task).stream().anyMatch(ManyNodesIT::succeeded)));

            nodes.get("sched-1").destroyForcibly().waitFor();
            await().atMost(Duration.ofSeconds(30)).until(() -> lease.current()
                    .map(holder -> holder.holder().startsWith("sched-2:")).orElse(false));
            int before = stores.runsOf(mail).size();
            await().atMost(Duration.ofSeconds(60)).until(() -> stores.runsOf(mail).size() >= before + 5);
        }

        List<Task> all = new ArrayList<>(etl);
        all.add(mail);
        all.add(plain);
        stores.disable(all);
        stores.awaitAllFinal(all, Duration.ofSeconds(45));
        for (Task task : etl) {
            assertThat(nodesThatRan(task)).isNotEmpty().isSubsetOf("etl-1", "etl-2");
        }
        assertThat(nodesThatRan(mail)).containsExactly("mail-1");
        assertThat(nodesThatRan(plain)).containsExactly("sched-2");
        all.forEach(stores::assertExactlyOnce);
        stores.reportLateness("5 node processes, leading scheduler killed", all);
    }

    private static boolean succeeded(Run run) {
        return run.status() == io.redcron.domain.RunStatus.SUCCEEDED;
    }

    private Set<String> nodesThatRan(Task task) {
        // Fires recorded ahead for after the task was switched off were withdrawn: no node ran them.
        return stores.runsOf(task).stream().filter(run -> run.attempt() > 0).map(Run::node).collect(Collectors.toSet());
    }

    private Path config(String namespace) throws IOException {
        Map<String, String> settings = stores.settings();
        settings.put("node.namespace", namespace);
        settings.put("node.slots", "4");
        settings.put("mysql.pool-size", "4");
        StringBuilder text = new StringBuilder();
        settings.forEach((key, value) -> text.append(key).append('=').append(value).append('\n'));
        return Files.writeString(dir.resolve("redcron.properties"), text);
    }

    private Process start(Path config, String nodeId, String roles, String groups) {
        String java = ProcessHandle.current().info().command().orElse("java");
        try {
            Process process = new ProcessBuilder(java, "-Xmx160m", "-XX:TieredStopAtLevel=1", "-Xshare:auto", "-jar",
                    JAR.toString(), "run", "--allow-root", "--config", config.toString(), "--node-id", nodeId, "--roles", roles,
                    "--groups", groups)
                    .redirectErrorStream(true).redirectOutput(dir.resolve(nodeId + ".log").toFile()).start();
            processes.add(process);
            return process;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start node " + nodeId, e);
        }
    }
}
