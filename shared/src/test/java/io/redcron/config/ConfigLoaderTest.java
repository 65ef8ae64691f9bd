package io.redcron.config;

import io.redcron.domain.NodeRole;
import io.redcron.domain.TaskType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConfigLoaderTest {
    @TempDir
    Path dir;

    @Test
    void defaultsAloneMakeAValidConfig() {
        RedcronConfig config = ConfigLoader.load(null, Map.of(), Map.of());

        assertThat(config.redis().port()).isEqualTo(6379);
        assertThat(config.mysql().poolSize()).isEqualTo(10);
        assertThat(config.node().roles()).containsExactlyInAnyOrder(NodeRole.SCHEDULER, NodeRole.WORKER);
        assertThat(config.node().nodeId()).isNotBlank();
        assertThat(config.worker().types()).containsExactlyInAnyOrder(TaskType.values());
        assertThat(config.metricsPort()).isZero();
    }

    @Test
    void yamlFileThenEnvironmentThenFlagsOverrideEachOther() throws IOException {
        Path file = dir.resolve("redcron.yaml");
        Files.writeString(file, """
                redis:
                  uri: redis://cache.internal:6380/2
                mysql:
                  url: jdbc:mysql://db.internal:3306/redcron
                  pool-size: 4
                node:
                  groups: [etl, reports]
                  slots: 3
                worker:
                  types: [exec, http]
                  allow-commands: ["^/opt/jobs/.*", "^/usr/bin/true$"]
                """);

        RedcronConfig config = ConfigLoader.load(file,
                Map.of("REDCRON_MYSQL_POOL_SIZE", "6", "REDCRON_MYSQL_PASSWORD", "s3cret", "REDCRON_NODE_SLOTS", "5"),
                Map.of("node.slots", "7"));

        assertThat(config.redis().host()).isEqualTo("cache.internal");
        assertThat(config.redis().database()).isEqualTo(2);
        assertThat(config.mysql().poolSize()).isEqualTo(6);
        assertThat(config.mysql().password().reveal()).isEqualTo("s3cret");
        assertThat(config.node().groups()).containsExactlyInAnyOrder("etl", "reports");
        assertThat(config.node().slots()).isEqualTo(7);
        assertThat(config.worker().types()).isEqualTo(Set.of(TaskType.EXEC, TaskType.HTTP));
        assertThat(config.worker().allowCommands()).hasSize(2);
    }

    @Test
    void propertiesFilesWork() throws IOException {
        Path file = dir.resolve("redcron.properties");
        Files.writeString(file, "scheduler.tick=250ms\nnode.namespace=billing\n");

        RedcronConfig config = ConfigLoader.load(file, Map.of(), Map.of());

        assertThat(config.scheduler().tick()).isEqualTo(Duration.ofMillis(250));
        assertThat(config.node().namespace()).isEqualTo("billing");
    }

    @Test
    void passwordComesFromAFileWhenNamed() throws IOException {
        Path secret = dir.resolve("mysql.pass");
        Files.writeString(secret, "from-file\n");

        RedcronConfig config = ConfigLoader.load(null, Map.of("REDCRON_MYSQL_PASSWORD", "from-env"),
                Map.of("mysql.password-file", secret.toString()));

        assertThat(config.mysql().password().reveal()).isEqualTo("from-file");
        assertThat(config.mysql().password().toString()).doesNotContain("from-file");
    }

    @Test
    void aPasswordFileThatNeverEndsIsReadOnlyUpToItsLimit() {
        assertThatThrownBy(() -> ConfigLoader.load(null, Map.of(), Map.of("mysql.password-file", "/dev/zero")))
                .isInstanceOf(ConfigException.class)
                .hasMessage("mysql.password-file: /dev/zero is over 64 KiB; a password file is at most 64 KiB");
    }

    @Test
    void aConfigFileOverOneMebibyteIsRefused() throws IOException {
        Path huge = dir.resolve("redcron.yaml");
        Files.writeString(huge, "node:\n  slots: 4\n# " + "x".repeat(1024 * 1024) + "\n");

        assertThatThrownBy(() -> ConfigLoader.load(huge, Map.of(), Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessage("config: " + huge + " is over 1 MiB; a config file is at most 1 MiB");
    }

    @Test
    void eachBadValueNamesItsKey() throws IOException {
        assertBad(Map.of("mysql.pool-size", "lots"), "mysql.pool-size: 'lots' is not a whole number");
        assertBad(Map.of("node.slots", "0"), "node.slots: 0 is out of range 1-1024");
        assertBad(Map.of("scheduler.tick", "0ms"), "scheduler.tick: must be positive, got '0s'");
        assertBad(Map.of("scheduler.lease", "500ms"), "scheduler.lease: must be at least 1s, got 500ms");
        assertBad(Map.of("node.id", "-x"), "node.id: '-x' must be 1-64 letters, digits, '.', '_' or '-'");
        assertBad(Map.of("worker.run-as", "Root"), "worker.run-as: 'Root' is not a system user name");
        assertBad(Map.of("metrics.port", "65536"), "metrics.port: 65536 is out of range 0-65535");
        assertBad(Map.of("scheduler.tick", "soon"), "scheduler.tick: 'soon' is not a duration (for example 500ms, 30s, 5m)");
        assertBad(Map.of("node.roles", "boss"), "node.roles: 'boss' is not one of scheduler, worker, api");
        assertBad(Map.of("worker.types", "exec,python"), "worker.types: 'python' is not one of exec, shell, http, java");
        assertBad(Map.of("redis.uri", "http://x"), "redis.uri: 'http://x' must start with redis:// or rediss://");
        assertBad(Map.of("mysql.url", "postgres://x"), "mysql.url: 'postgres://x' must start with jdbc:mysql:// or jdbc:mariadb://");
        assertBad(Map.of("worker.allow-commands", "(unclosed"), "worker.allow-commands: '(unclosed' is not a regular expression: Unclosed group");
        assertBad(Map.of("node.groups", "a b"), "node.groups: 'a b' must be 1-64 letters, digits, '.', '_' or '-'");
        assertBad(Map.of("nonsense.key", "1"), "nonsense.key: is not a known setting (in flag)");

        Path file = dir.resolve("bad.yaml");
        Files.writeString(file, "mysql:\n  password: hunter2\n");
        assertThatThrownBy(() -> ConfigLoader.load(file, Map.of(), Map.of()))
                .hasMessageStartingWith("mysql.password: passwords are not read from")
                .hasMessageNotContaining("hunter2");

        Files.writeString(file, "mysql: [unbalanced\n");
        assertThatThrownBy(() -> ConfigLoader.load(file, Map.of(), Map.of()))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("config: " + file + " is not valid YAML/JSON");

        assertThatThrownBy(() -> ConfigLoader.load(dir.resolve("missing.yaml"), Map.of(), Map.of()))
                .hasMessage("config: file " + dir.resolve("missing.yaml") + " does not exist");
    }

    @Test
    void shippedTemplateLoadsAndNamesEverySetting() throws IOException {
        Path template = Path.of("..", "installers", "config", "redcron.yaml");

        RedcronConfig config = ConfigLoader.load(template, Map.of(), Map.of());
        String text = Files.readString(template);

        assertThat(config.node().slots()).isEqualTo(8);
        for (Setting setting : Setting.values()) {
            String leaf = setting.key().substring(setting.key().indexOf('.') + 1);
            assertThat(text).as(setting.key()).contains(leaf + ":");
        }
    }

    @Test
    void theLookaheadDefaultsToTwoAndAHalfSecondsAndZeroTurnsItOff() {
        assertThat(ConfigLoader.load(null, Map.of(), Map.of()).scheduler().lookahead()).isEqualTo(Duration.ofMillis(2500));
        assertThat(ConfigLoader.load(null, Map.of(), Map.of("scheduler.lookahead", "0s")).scheduler().lookahead())
                .isZero();
        assertThat(ConfigLoader.load(null, Map.of(), Map.of()).worker().prefetch()).isEqualTo(10_000);
        assertBad(Map.of("scheduler.lookahead", "-1s"), "scheduler.lookahead: '-1s' is not a duration (for example 500ms, 30s, 5m)");
        assertBad(Map.of("scheduler.lookahead", "PT-1S"), "scheduler.lookahead: must not be negative, got 'PT-1S'");
        assertBad(Map.of("worker.prefetch", "0"), "worker.prefetch: 0 is out of range 1-1000000");
    }

    @Test
    void envNamesFollowTheKeys() {
        assertThat(Setting.MYSQL_POOL_SIZE.envName()).isEqualTo("REDCRON_MYSQL_POOL_SIZE");
        assertThat(Setting.WORKER_ALLOW_COMMANDS.envName()).isEqualTo("REDCRON_WORKER_ALLOW_COMMANDS");
    }

    private static void assertBad(Map<String, String> overrides, String message) {
        assertThatThrownBy(() -> ConfigLoader.load(null, Map.of(), overrides))
                .isInstanceOf(ConfigException.class)
                .hasMessage(message);
    }
}
