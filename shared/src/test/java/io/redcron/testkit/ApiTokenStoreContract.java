package io.redcron.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redcron.domain.ApiScope;
import io.redcron.domain.ApiToken;
import io.redcron.port.ApiTokenStore;
import io.redcron.port.AuditEntry;
import io.redcron.port.AuditLog;
import io.redcron.port.DuplicateTokenException;
import io.redcron.port.PageRequest;
import io.redcron.store.mysql.TaskFixtures;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** What every {@link ApiTokenStore} must do; one subclass per backend. Each test names its tokens after a fresh namespace. */
public abstract class ApiTokenStoreContract {
    private static final Instant NOW = Instant.parse("2030-03-01T12:00:00Z");

    protected ApiTokenStore tokens;
    protected AuditLog audit;
    protected String ns;

    protected abstract void openStores();

    @BeforeEach
    void setUpContract() {
        openStores();
        ns = TaskFixtures.freshNamespace();
    }

    @Test
    void aTokenIsStoredWithItsHashOnlyAndFoundByItsId() {
        String secret = ApiToken.newSecret();
        ApiToken stored = tokens.create(ApiToken.draft(ns, secret, ApiScope.OPERATE, List.of(ns, ns + "-b"),
                Map.of("team", "data"), NOW, "cli:ann@host", NOW.plus(Duration.ofDays(90))), "cli:ann@host");

        assertThat(stored.id()).isPositive();
        assertThat(stored.secretHash()).hasSize(64).doesNotContain(secret);
        ApiToken read = tokens.get(stored.id()).orElseThrow();
        assertThat(read).isEqualTo(stored);
        assertThat(read.matches(secret)).isTrue();
        assertThat(read.matches(ApiToken.newSecret())).isFalse();
        assertThat(read.namespaces()).containsExactly(ns, ns + "-b");
        assertThat(read.labels()).containsExactly(Map.entry("team", "data"));
        assertThat(read.expiresAt()).isEqualTo(NOW.plus(Duration.ofDays(90)));
        assertThat(read.isActive(NOW)).isTrue();
        assertThat(read.isActive(NOW.plus(Duration.ofDays(90)))).as("expired").isFalse();
        assertThat(tokens.list()).extracting(ApiToken::name).contains(ns);
    }

    @Test
    void aNameIsTakenOnce() {
        tokens.create(ApiToken.draft(ns, ApiToken.newSecret(), ApiScope.READ, List.of(ns), Map.of(), NOW, "ann", null), "ann");

        assertThatThrownBy(() -> tokens.create(ApiToken.draft(ns, ApiToken.newSecret(), ApiScope.ADMIN, List.of(ns),
                Map.of(), NOW, "bob", null), "bob")).isInstanceOf(DuplicateTokenException.class).hasMessageContaining(ns);
    }

    @Test
    void aRevokedTokenStaysListedButIsNoLongerActive() {
        ApiToken stored = tokens.create(ApiToken.draft(ns, ApiToken.newSecret(), ApiScope.READ, List.of(ns), Map.of(),
                NOW, "ann", null), "ann");

        assertThat(tokens.revoke(ns, NOW.plusSeconds(5), "bob")).isTrue();
        assertThat(tokens.revoke(ns, NOW.plusSeconds(6), "bob")).as("revoked before").isFalse();
        assertThat(tokens.revoke(ns + "-none", NOW, "bob")).isFalse();

        ApiToken revoked = tokens.get(stored.id()).orElseThrow();
        assertThat(revoked.revokedAt()).isEqualTo(NOW.plusSeconds(5));
        assertThat(revoked.isActive(NOW.plusSeconds(6))).isFalse();
    }

    @Test
    void creationAndRevocationAreAuditedWithoutTheSecret() {
        String secret = ApiToken.newSecret();
        ApiToken stored = tokens.create(ApiToken.draft(ns, secret, ApiScope.ADMIN, List.of(ns), Map.of(), NOW, "ann", null),
                "ann");
        tokens.revoke(ns, NOW.plusSeconds(1), "bob");

        List<AuditEntry> entries = audit.list(ns, "token:" + ns, new PageRequest(0, 10)).items();
        assertThat(entries).extracting(AuditEntry::action).containsExactlyInAnyOrder("token.create", "token.revoke");
        assertThat(entries).extracting(AuditEntry::actor).containsExactlyInAnyOrder("ann", "bob");
        assertThat(entries).allSatisfy(entry -> {
            assertThat(String.valueOf(entry.before()) + entry.after()).doesNotContain(secret)
                    .doesNotContain(stored.secretHash());
        });
    }

    @Test
    void aUseIsNoted() {
        ApiToken stored = tokens.create(ApiToken.draft(ns, ApiToken.newSecret(), ApiScope.READ, List.of(ns), Map.of(),
                NOW, "ann", null), "ann");

        tokens.used(stored.id(), NOW.plusSeconds(30));

        assertThat(tokens.get(stored.id()).orElseThrow().lastUsedAt()).isEqualTo(NOW.plusSeconds(30));
        assertThat(tokens.get(Long.MAX_VALUE)).isEmpty();
    }
}
