package io.redcron.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redcron.domain.AlertRule;
import io.redcron.domain.AlertSilence;
import io.redcron.port.AlertRules;
import io.redcron.port.AlertSilences;
import io.redcron.port.AlertSilences.NewSilence;
import io.redcron.port.AuditLog;
import io.redcron.port.PageRequest;
import io.redcron.store.mysql.TaskFixtures;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * What every {@link AlertRules} and {@link AlertSilences} must do; one subclass per backend
 * supplies the stores. Each test works in a namespace of its own.
 */
public abstract class AlertRulesContract {
    private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.SECONDS);

    protected final ManualClock clock = new ManualClock(NOW);
    protected AlertRules rules;
    protected AlertSilences silences;
    protected AuditLog audit;
    protected String ns;

    /** Stores over one fresh database (or one set of in-memory tables), reading {@code clock}. */
    protected abstract void openStores(Clock clock);

    @BeforeEach
    void setUpContract() {
        openStores(clock);
        ns = TaskFixtures.freshNamespace();
    }

    // ---- rules ----

    @Test
    void aTaskWithoutRulesHasNone() {
        assertThat(rules.of(ns, 7)).isEmpty();
        assertThat(rules.all(ns)).isEmpty();
        assertThat(rules.clear(ns, 7, "alice")).isFalse();
    }

    @Test
    void aChangeSetsOnlyTheFieldsItNamesAndIsAudited() {
        rules.change(ns, 7, new AlertRule(Duration.ofMinutes(10), null, null), "alice");
        AlertRule after = rules.change(ns, 7, new AlertRule(null, new BigDecimal("2.5"), Duration.ofHours(2)), "bob");

        assertThat(after).isEqualTo(new AlertRule(Duration.ofMinutes(10), new BigDecimal("2.5"), Duration.ofHours(2)));
        assertThat(rules.of(ns, 7)).contains(after);
        assertThat(rules.all(ns)).containsOnlyKeys(7L);
        assertThat(rules.all(TaskFixtures.freshNamespace())).as("another namespace's").isEmpty();
        assertThat(audit.list(ns, "task:7", PageRequest.first(10)).items())
                .extracting(entry -> entry.action() + " by " + entry.actor())
                .containsExactlyInAnyOrder("alerts.rules.change by alice", "alerts.rules.change by bob");
    }

    @Test
    void aFactorKeepsItsDecimalsAndClearingRemovesEveryRule() {
        rules.change(ns, 8, new AlertRule(null, new BigDecimal("3"), null), "alice");
        rules.change(ns, 9, new AlertRule(null, new BigDecimal("1.25"), null), "alice");

        assertThat(rules.of(ns, 8).orElseThrow().slowFactor()).isEqualByComparingTo("3");
        assertThat(rules.of(ns, 9).orElseThrow().slowFactor()).isEqualByComparingTo("1.25");
        assertThat(rules.clear(ns, 8, "alice")).isTrue();
        assertThat(rules.of(ns, 8)).isEmpty();
        assertThat(audit.list(ns, "task:8", PageRequest.first(10)).items()).extracting(entry -> entry.action())
                .contains("alerts.rules.clear");
        assertThatThrownBy(() -> rules.change(ns, 8, new AlertRule(Duration.ofMinutes(1), null, null), " "))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("actor:");
    }

    // ---- silences ----

    @Test
    void aSilenceIsActiveUntilItsTimeAndIsAudited() {
        AlertSilence silence = silences.add(new NewSilence(ns, "backup", null, "RUN_FAILED", NOW.plusSeconds(3600),
                "disk swap tonight"), "alice");

        assertThat(silence.id()).isPositive();
        assertThat(silence.createdBy()).isEqualTo("alice");
        assertThat(silence.createdAt()).isEqualTo(NOW);
        assertThat(silence.scope()).isEqualTo("task=backup kind=RUN_FAILED");
        assertThat(silences.active(ns, NOW)).containsExactly(silence);
        assertThat(silences.active(ns, NOW.plusSeconds(3600))).as("over at its time").isEmpty();
        assertThat(silences.active(TaskFixtures.freshNamespace(), NOW)).isEmpty();
        assertThat(audit.list(ns, "silence:" + silence.id(), PageRequest.first(10)).items())
                .extracting(entry -> entry.action() + " by " + entry.actor()).containsExactly("alerts.silence by alice");
    }

    @Test
    void anEndedSilenceStaysListedButIsNoLongerActive() {
        AlertSilence first = silences.add(new NewSilence(ns, null, "gpu", null, NOW.plusSeconds(600), "maintenance"),
                "alice");
        clock.advance(Duration.ofSeconds(1));
        AlertSilence second = silences.add(new NewSilence(ns, null, null, null, NOW.plusSeconds(60), "all quiet"),
                "bob");

        assertThat(silences.active(ns, clock.instant())).extracting(AlertSilence::id)
                .as("soonest to end first").containsExactly(second.id(), first.id());
        assertThat(silences.end(ns, first.id(), "carol")).isTrue();
        assertThat(silences.end(ns, first.id(), "carol")).as("ended already").isFalse();
        assertThat(silences.active(ns, clock.instant())).extracting(AlertSilence::id).containsExactly(second.id());
        assertThat(silences.all(ns, 10)).extracting(AlertSilence::id).containsExactly(second.id(), first.id());
        AlertSilence ended = silences.all(ns, 10).get(1);
        assertThat(ended.endedBy()).isEqualTo("carol");
        assertThat(ended.endedAt()).isEqualTo(clock.instant().truncatedTo(ChronoUnit.MILLIS));
        assertThat(silences.all(ns, 1)).hasSize(1);
        assertThat(audit.list(ns, "silence:" + first.id(), PageRequest.first(10)).items())
                .extracting(entry -> entry.action()).containsExactlyInAnyOrder("alerts.silence", "alerts.unsilence");
    }

    @Test
    void badSilencesAreRefusedWithTheFieldNamed() {
        assertThatThrownBy(() -> silences.add(new NewSilence(ns, "backup", null, null, NOW.minusSeconds(1), "late"),
                "alice")).isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("until:");
        assertThatThrownBy(() -> new NewSilence(ns, "backup", null, null, NOW.plusSeconds(60), " "))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("reason:");
        assertThatThrownBy(() -> silences.end(ns, 999_999_999L, "alice"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("silence:");
        AlertSilence other = silences.add(new NewSilence(TaskFixtures.freshNamespace(), "x", null, null,
                NOW.plusSeconds(60), "elsewhere"), "alice");
        assertThatThrownBy(() -> silences.end(ns, other.id(), "alice")).as("another namespace's")
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("silence:");
        assertThat(silences.all(ns, 10)).isEmpty();
    }
}
