package io.redcron.node.engine;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.config.ConfigLoader;
import io.redcron.config.RedcronConfig;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.node.Node;
import io.redcron.port.PageRequest;
import io.redcron.port.RunFilter;
import io.redcron.schedule.CronDialect;
import io.redcron.store.mysql.MysqlDataSources;
import io.redcron.store.mysql.MysqlRunStore;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.testing.LockedDownStores;
import io.redcron.testing.LockedDownStores.Role;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A node runs with nothing but the rights of installers/sql/roles.sql and installers/redis/users.acl,
 * over TLS only (a Redis with no plain port, a database whose users require TLS, both verified
 * against the test's CA): it leads, schedules, executes and records a task an operator added.
 */
class NodeRolesIT {
    @TempDir
    static Path dir;
    static LockedDownStores stores;

    @BeforeAll
    static void start() {
        stores = LockedDownStores.startWithTls(dir);
    }

    @AfterAll
    static void stop() {
        if (stores != null) {
            stores.close();
        }
    }

    @Test
    void theNodeUserSchedulesAndExecutesARunThatAnOperatorsTaskAsksForOverTls() {
        Task task;
        try (HikariDataSource operator = MysqlDataSources.open(stores.mysql(Role.OPERATOR))) {
            task = new MysqlTaskStore(operator, Clock.systemUTC()).create(Task.builder().namespace("locked")
                    .name("every-second").cron("* * * * * ?").dialect(CronDialect.QUARTZ)
                    .payload(new ShellPayload("echo locked-down $REDCRON_RUN_ID", null, Map.of()))
                    .timeout(Duration.ofSeconds(30)).build(), "operator");
        }
        Map<String, String> settings = new java.util.HashMap<>(Map.of("redis.uri", stores.redisUri(Role.NODE),
                "mysql.url", stores.jdbcUrl(), "mysql.user", Role.NODE.databaseUser(), "node.id", "locked-node",
                "node.namespace", "locked", "scheduler.tick", "200ms", "scheduler.lease", "3s", "node.drain-grace", "2s"));
        settings.putAll(Map.of("redis.tls.ca-file", stores.certificates().caPem().toString(),
                "mysql.tls.mode", "verify-identity", "mysql.tls.ca-file", stores.certificates().caPem().toString()));
        RedcronConfig config = ConfigLoader.load(null, Map.of("REDCRON_REDIS_PASSWORD", Role.NODE.password().reveal(),
                "REDCRON_MYSQL_PASSWORD", Role.NODE.password().reveal()), settings);

        try (Node node = new Node(config, Clock.systemUTC()).start();
             HikariDataSource viewer = MysqlDataSources.open(stores.mysql(Role.VIEWER))) {
            MysqlRunStore runs = new MysqlRunStore(viewer, Clock.systemUTC());
            await().atMost(Duration.ofSeconds(30)).until(() -> succeeded(runs, task).size() >= 2);

            assertThat(node.isLeader()).isTrue();
            assertThat(runs.get(succeeded(runs, task).get(0).id()).orElseThrow().output()).contains("locked-down");
        }
    }

    private static List<Run> succeeded(MysqlRunStore runs, Task task) {
        return runs.list(RunFilter.all("locked").forTask(task.id()), new PageRequest(0, 100)).items().stream()
                .filter(run -> run.status() == RunStatus.SUCCEEDED).toList();
    }
}
