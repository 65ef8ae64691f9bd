package io.redcron.node;

import io.redcron.config.NodeConfig;
import io.redcron.config.StoreCheck;
import io.redcron.port.StoreException;
import io.redcron.store.redis.RedisServerCheck.Finding;
import io.redcron.store.redis.RedisServerCheck.Risk;

import java.util.List;
import java.util.function.Consumer;

/**
 * Applies {@code redis.eviction-check} and {@code redis.persistence-check} to what the start-up
 * check of Redis found: the first risk set to refuse stops the node, the rest are warnings.
 */
final class StoreChecks {
    private StoreChecks() {
    }

    static void enforce(List<Finding> findings, NodeConfig node, Consumer<String> warn) {
        for (Finding finding : findings) {
            if (finding.risk() == Risk.EVICTION && node.evictionCheck() == StoreCheck.REFUSE) {
                throw new StoreException(finding.message() + " (or set redis.eviction-check: warn to start anyway)");
            }
            if (finding.risk() == Risk.NO_PERSISTENCE && node.persistenceCheck() == StoreCheck.REFUSE) {
                throw new StoreException(finding.message() + " (or set redis.persistence-check: warn to start anyway)");
            }
        }
        findings.forEach(finding -> warn.accept(finding.message()));
    }
}
