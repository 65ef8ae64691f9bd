package io.redcron.node.worker.execution;

import io.redcron.config.Setting;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class NodeSecretsTest {

    @Test
    void theNodesStorePasswordsAreNotHandedToTasks() {
        Map<String, String> environment = new HashMap<>(Map.of("PATH", "/usr/bin", "REDCRON_MYSQL_PASSWORD", "db-secret",
                "REDCRON_REDIS_PASSWORD", "redis-secret", "REDCRON_REDIS_TLS_KEY_STORE_PASSWORD", "key-secret",
                "REDCRON_NODE_SLOTS", "4"));

        ProcessExecutor.withoutNodeSecrets(environment);

        assertThat(environment).containsOnlyKeys("PATH", "REDCRON_NODE_SLOTS");
        assertThat(Setting.SECRET_ENV).contains("REDCRON_MYSQL_TLS_KEY_STORE_PASSWORD");
    }
}
