package io.redcron.node;

import io.redcron.config.ConfigLoader;
import io.redcron.config.RedcronConfig;
import io.redcron.domain.Durations;
import io.redcron.node.worker.execution.ExecutorRegistry;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged systemd unit must let a node drain: systemd may not kill it before the drain grace
 * of the packaged configuration and the executors' kill grace have passed, and SIGTERM must reach
 * the node alone, not the jobs it runs.
 */
class SystemdUnitTest {
    private static final Path UNIT = Path.of("..", "installers", "node", "redcron-node.service");
    private static final Path CONFIG = Path.of("..", "installers", "config", "redcron.yaml");

    @Test
    void stopTimeoutCoversTheDrainGraceAndTheKillGraceOfThePackagedConfig() throws IOException {
        RedcronConfig config = ConfigLoader.load(CONFIG, Map.of(), Map.of());
        Duration stopTimeout = Durations.parse("TimeoutStopSec", service().get("TimeoutStopSec"));

        Duration needed = config.node().drainGrace().plus(ExecutorRegistry.DEFAULT_KILL_GRACE);
        assertThat(stopTimeout).isGreaterThanOrEqualTo(needed.plusSeconds(10));
    }

    @Test
    void sigtermGoesToTheNodeAloneAndLeftoversAreKilledWithTheControlGroup() throws IOException {
        Map<String, String> service = service();

        assertThat(service).containsEntry("KillSignal", "SIGTERM").containsEntry("KillMode", "mixed");
    }

    @Test
    void theServiceRunsThePackagedLauncherAsTheRedcronUserWithItsConfigAndSecrets() throws IOException {
        Map<String, String> service = service();

        assertThat(service)
                .containsEntry("User", "redcron")
                .containsEntry("ExecStart", "/opt/redcron-node/bin/redcron-node run --config /etc/redcron/redcron.yaml")
                .containsEntry("EnvironmentFile", "-/etc/redcron/redcron.env")
                .containsEntry("Restart", "on-failure")
                .doesNotContainKey("MemoryDenyWriteExecute");
    }

    /** The [Service] section's settings (the last value of a key wins, as in systemd). */
    private static Map<String, String> service() throws IOException {
        Map<String, String> settings = new LinkedHashMap<>();
        String section = "";
        for (String raw : Files.readAllLines(UNIT)) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("[")) {
                section = line;
            } else if (section.equals("[Service]")) {
                int eq = line.indexOf('=');
                settings.put(line.substring(0, eq), line.substring(eq + 1));
            }
        }
        return settings;
    }
}
