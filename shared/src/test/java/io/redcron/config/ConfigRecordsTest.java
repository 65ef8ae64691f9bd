package io.redcron.config;

import io.redcron.domain.AlertTarget;
import io.redcron.domain.NodeRole;
import io.redcron.domain.TaskType;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The records check their values however they are built, not only when the loader builds them. */
class ConfigRecordsTest {
    private static final Duration SECOND = Duration.ofSeconds(1);

    @Test
    void eachRecordNamesTheSettingOfABadValue() {
        assertRefused(() -> node("n", List.of("default"), Set.of("default"), 0), "node.slots: 0 is out of range 1-1024");
        assertRefused(() -> node("-n", List.of("default"), Set.of("default"), 1),
                "node.id: '-n' must be 1-64 letters, digits, '.', '_' or '-'");
        assertRefused(() -> node("n", List.of("a", "a"), Set.of("default"), 1), "node.namespace: names 'a' twice");
        assertRefused(() -> node("n", List.of(), Set.of("default"), 1), "node.namespace: must name at least one namespace");
        assertRefused(() -> node("n", List.of("default"), Set.of(), 1), "node.groups: must name at least one group");
        assertRefused(() -> scheduler(Duration.ofMillis(500), 1000, 5000), "scheduler.lease: must be at least 1s, got 500ms");
        assertRefused(() -> scheduler(Duration.ZERO, 1000, 5000), "scheduler.lease: must be positive, got '0s'");
        assertRefused(() -> scheduler(SECOND, 6000, 5000),
                "scheduler.fires-per-task: must not exceed scheduler.rows-per-transaction (5000), got 6000");
        assertRefused(() -> WorkerConfig.of(SECOND, 10, EnumSet.allOf(TaskType.class), List.of()),
                "worker.output-tail: 10 is out of range 1024-16777216");
        assertRefused(() -> WorkerConfig.of(SECOND, 4096, Set.of(), List.of()).withHttpMaxResponse(-1),
                "worker.http-max-response: -1 is out of range 0-1073741824");
        assertRefused(() -> WorkerConfig.of(SECOND, 4096, Set.of(), List.of()).withRunAs(Optional.of("Root User")),
                "worker.run-as: 'Root User' is not a system user name");
        assertRefused(() -> WorkerConfig.of(SECOND, 4096, Set.of(), List.of()).withSecretsDir(Optional.of(Path.of("rel"))),
                "worker.secrets-dir: 'rel' must be an absolute path");
        assertRefused(() -> MysqlConfig.of("jdbc:mysql://db/redcron", "u", Secret.NONE).withPoolSize(501),
                "mysql.pool-size: 501 is out of range 1-500");
        assertRefused(() -> MysqlConfig.of("jdbc:mysql://db/redcron", "u", Secret.NONE).withConnectTimeout(Duration.ZERO),
                "mysql.connect-timeout: must be positive, got '0s'");
        assertRefused(() -> new AlertConfig(Optional.empty(), Secret.NONE, 0, Optional.empty(), SECOND, 10, List.of()),
                "alerts.webhook.attempts: 0 is out of range 1-20");
        assertRefused(() -> new AlertConfig(Optional.empty(), Secret.NONE, 1, Optional.empty(), SECOND, 9, List.of()),
                "alerts.queue-size: 9 is out of range 10-1000000");
        assertRefused(() -> smtp(AlertConfig.Tls.STARTTLS, 70000, ""), "alerts.smtp.port: 70000 is out of range 0-65535");
        assertRefused(() -> smtp(AlertConfig.Tls.STARTTLS, 0, ""), "alerts.smtp.from: is required when alerts.smtp.host is set");
        assertRefused(() -> new RedcronConfig(RedisConfig.fromUri("redis://h"), MysqlConfig.of("jdbc:mysql://db/r", "u",
                        Secret.NONE), node("n", List.of("default"), Set.of("default"), 1), scheduler(SECOND, 1, 1),
                        WorkerConfig.of(SECOND, 4096, Set.of(), List.of()), 0, " ", alerts(), LogFormat.TEXT),
                "metrics.bind: is required (an address such as 0.0.0.0 or 127.0.0.1)");
    }

    @Test
    void aZeroSmtpPortIsTheUsualPortOfItsTlsMode() {
        assertThat(smtp(AlertConfig.Tls.STARTTLS, 0, "a@example.com").port()).isEqualTo(587);
        assertThat(smtp(AlertConfig.Tls.TLS, 0, "a@example.com").port()).isEqualTo(465);
        assertThat(smtp(AlertConfig.Tls.NONE, 0, "a@example.com").port()).isEqualTo(25);
        assertThat(smtp(AlertConfig.Tls.TLS, 2465, "a@example.com").port()).isEqualTo(2465);
    }

    @Test
    void recordsKeepNoReferenceToTheCollectionsTheyWereGiven() {
        List<String> namespaces = new ArrayList<>(List.of("default"));
        NodeConfig node = node("n", namespaces, Set.of("default"), 1);
        namespaces.add("other");

        assertThat(node.namespaces()).containsExactly("default");
        assertThatThrownBy(() -> node.namespaces().add("x")).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void theDefaultsOfRecordsAreTheDefaultsOfTheSettings() {
        RedcronConfig loaded = ConfigLoader.load(null, Map.of(), Map.of());
        MysqlConfig mysql = MysqlConfig.of("jdbc:mysql://127.0.0.1:3306/redcron", "redcron", Secret.NONE);
        WorkerConfig worker = WorkerConfig.of(loaded.worker().lease(), loaded.worker().outputTailBytes(),
                loaded.worker().types(), List.of());

        assertThat(mysql).isEqualTo(loaded.mysql());
        assertThat(worker).isEqualTo(loaded.worker());
        assertThat(RedisConfig.fromUri(Setting.REDIS_URI.defaultValue())).isEqualTo(loaded.redis());
        assertThat(SchedulerConfig.DEFAULT_MISFIRE_THRESHOLD).isEqualTo(loaded.scheduler().misfireThreshold());
        assertThat(loaded.scheduler().lookahead()).isEqualTo(Duration.ofMillis(2500));
    }

    private static void assertRefused(Runnable build, String message) {
        assertThatThrownBy(build::run).isInstanceOf(ConfigException.class).hasMessage(message);
    }

    private static NodeConfig node(String id, List<String> namespaces, Set<String> groups, int slots) {
        return new NodeConfig(id, namespaces, Set.of(NodeRole.WORKER), groups, slots, SECOND, false, StoreCheck.REFUSE,
                StoreCheck.WARN);
    }

    private static SchedulerConfig scheduler(Duration lease, int firesPerTask, int rowsPerTransaction) {
        return new SchedulerConfig(SECOND, lease, SECOND, 10, SECOND, Duration.ZERO, firesPerTask, rowsPerTransaction);
    }

    private static AlertConfig.Smtp smtp(AlertConfig.Tls tls, int port, String from) {
        return new AlertConfig.Smtp("mail", port, "", Secret.NONE, from, List.of(AlertTarget.email("ops@example.com")),
                tls, Optional.empty(), SECOND);
    }

    private static AlertConfig alerts() {
        return new AlertConfig(Optional.empty(), Secret.NONE, 5, Optional.empty(), Duration.ofMinutes(10), 1000, List.of());
    }
}
