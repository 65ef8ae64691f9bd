package io.redcron.node;

import io.redcron.config.NodeConfig;
import io.redcron.config.Setting;
import io.redcron.config.StoreCheck;
import io.redcron.domain.NodeRole;
import io.redcron.port.StoreException;
import io.redcron.store.redis.RedisServerCheck.Finding;
import io.redcron.store.redis.RedisServerCheck.Risk;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StoreChecksTest {
    private static final Finding EVICTION = new Finding(Risk.EVICTION, "may evict");
    private static final Finding NO_PERSISTENCE = new Finding(Risk.NO_PERSISTENCE, "persists nothing");
    private static final Finding UNCHECKED = new Finding(Risk.UNCHECKED, "could not check");

    private final List<String> warnings = new ArrayList<>();

    @Test
    void byDefaultEvictionRefusesAndTheMessageSaysHowToStartAnyway() {
        assertThatThrownBy(() -> StoreChecks.enforce(List.of(NO_PERSISTENCE, EVICTION), node(null, null), warnings::add))
                .isInstanceOf(StoreException.class)
                .hasMessage("may evict (or set redis.eviction-check: warn to start anyway)");
    }

    @Test
    void byDefaultMissingPersistenceAndUncheckableSettingsOnlyWarn() {
        StoreChecks.enforce(List.of(NO_PERSISTENCE, UNCHECKED), node(null, null), warnings::add);

        assertThat(warnings).containsExactly("persists nothing", "could not check");
    }

    @Test
    void eachCheckCanBeTurnedTheOtherWay() {
        StoreChecks.enforce(List.of(EVICTION), node(StoreCheck.WARN, null), warnings::add);

        assertThat(warnings).containsExactly("may evict");
        assertThatThrownBy(() -> StoreChecks.enforce(List.of(NO_PERSISTENCE), node(null, StoreCheck.REFUSE), warnings::add))
                .hasMessage("persists nothing (or set redis.persistence-check: warn to start anyway)");
    }

    @Test
    void nothingFoundNothingSaid() {
        StoreChecks.enforce(List.of(), node(StoreCheck.REFUSE, StoreCheck.REFUSE), warnings::add);

        assertThat(warnings).isEmpty();
    }

    /** A null check is the setting's default. */
    private static NodeConfig node(StoreCheck eviction, StoreCheck persistence) {
        return new NodeConfig("n", List.of("default"), Set.of(NodeRole.WORKER), Set.of("default"), 1, Duration.ofSeconds(1),
                false, orDefault(eviction, Setting.REDIS_EVICTION_CHECK),
                orDefault(persistence, Setting.REDIS_PERSISTENCE_CHECK));
    }

    private static StoreCheck orDefault(StoreCheck check, Setting setting) {
        return check != null ? check : StoreCheck.parse(setting, setting.defaultValue());
    }
}
