package io.redcron.bench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** How settings and URLs are passed on to nodes and pools. */
class NamesTest {

    @Test
    void aSettingBecomesTheNodesEnvironmentVariable() {
        assertThat(NodeProcess.envName("node.drain-grace")).isEqualTo("REDCRON_NODE_DRAIN_GRACE");
        assertThat(NodeProcess.envName("mysql.pool-size")).isEqualTo("REDCRON_MYSQL_POOL_SIZE");
    }

    @Test
    void extraJvmFlagsForNodesAreSplitOnBlanks() {
        assertThat(NodeProcess.extraJvmArgs(null)).isEmpty();
        assertThat(NodeProcess.extraJvmArgs("  ")).isEmpty();
        assertThat(NodeProcess.extraJvmArgs(" -XX:TieredStopAtLevel=1\t-XX:StartFlightRecording=filename=/tmp/n.jfr "))
                .containsExactly("-XX:TieredStopAtLevel=1", "-XX:StartFlightRecording=filename=/tmp/n.jfr");
    }

    @Test
    void theServerUrlDropsTheDatabaseAndParameters() {
        assertThat(Stores.serverUrl("jdbc:mysql://127.0.0.1:3306/test?useSSL=false")).isEqualTo("jdbc:mysql://127.0.0.1:3306/");
        assertThat(Stores.serverUrl("jdbc:mariadb://db:3307")).isEqualTo("jdbc:mysql://db:3307/");
    }

    @Test
    void anotherDatabaseIsRefusedNamingTheOption() {
        assertThatThrownBy(() -> Stores.serverUrl("jdbc:postgresql://x/y")).hasMessageStartingWith("--jdbc-url:");
    }
}
