package io.redcron.store.redis;

import io.redcron.store.redis.RedisServerCheck.Finding;
import io.redcron.store.redis.RedisServerCheck.Risk;
import io.redcron.store.redis.RedisServerCheck.ServerSettings;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class RedisServerCheckTest {
    private static final String WHERE = "Redis at redis://r:6379";

    @Test
    void noevictionWithAofIsFine() {
        assertThat(evaluate(new ServerSettings("CONFIG GET", "noeviction", true, ""))).isEmpty();
    }

    @Test
    void rdbSavePointsAloneCountAsPersistence() {
        assertThat(evaluate(new ServerSettings("CONFIG GET", "noeviction", false, "3600 1 300 100"))).isEmpty();
    }

    @Test
    void anAllkeysPolicyCouldEvictQueuedRunsAndNamesTheSettingToChange() {
        List<Finding> findings = evaluate(new ServerSettings("CONFIG GET", "allkeys-lru", true, ""));

        assertThat(findings).extracting(Finding::risk).containsExactly(Risk.EVICTION);
        assertThat(findings.get(0).message()).isEqualTo(WHERE + " has maxmemory-policy allkeys-lru: when it reaches"
                + " maxmemory it may evict any key: queued runs, the schedule index and the leader lease. Set"
                + " maxmemory-policy noeviction on that Redis");
    }

    @Test
    void aVolatilePolicyCouldEvictLeasesAndHeartbeats() {
        List<Finding> findings = evaluate(new ServerSettings("CONFIG GET", "volatile-ttl", true, ""));

        assertThat(findings).extracting(Finding::risk).containsExactly(Risk.EVICTION);
        assertThat(findings.get(0).message()).contains("leader lease, node heartbeats");
    }

    @Test
    void noPersistenceExplainsThatItCostsRecoveryTimeNotCorrectness() {
        List<Finding> findings = evaluate(new ServerSettings("CONFIG GET", "noeviction", false, ""));

        assertThat(findings).extracting(Finding::risk).containsExactly(Risk.NO_PERSISTENCE);
        assertThat(findings.get(0).message()).contains("rebuilds queues and the schedule from MySQL",
                "no run is lost", "Set appendonly yes (or save points)");
    }

    @Test
    void fromInfoAloneAofOffCannotBeCalledUnpersistedBecauseSavePointsAreUnknown() {
        List<Finding> findings = evaluate(new ServerSettings("INFO", "noeviction", false, null));

        assertThat(findings).extracting(Finding::risk).containsExactly(Risk.UNCHECKED);
        assertThat(findings.get(0).message()).contains("save points cannot be read");
    }

    @Test
    void nothingReadableGivesTwoUncheckedFindings() {
        assertThat(evaluate(new ServerSettings("none", null, null, null))).extracting(Finding::risk)
                .containsExactly(Risk.UNCHECKED, Risk.UNCHECKED);
    }

    private static List<Finding> evaluate(ServerSettings settings) {
        return RedisServerCheck.evaluate(WHERE, settings);
    }
}
