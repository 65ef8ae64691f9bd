package io.redcron.node.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.redcron.domain.ApiScope;
import io.redcron.domain.ApiToken;
import io.redcron.port.AuditEntry;
import io.redcron.port.PageRequest;
import io.redcron.store.mysql.MysqlApiTokenStore;
import io.redcron.store.mysql.MysqlAuditLog;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

class TokenCommandsIT {
    @RegisterExtension
    static final StoreCli database = StoreCli.fresh();

    private StoreCli cli;

    @BeforeEach
    void namespace() {
        cli = database.inNewNamespace();
    }

    @Test
    void aTokenIsPrintedOnceStoredHashedListedWithoutItAndRevoked() {
        String name = "bot-" + cli.namespace;
        Cli.Result created = cli.run("token create", "--name", name, "--scope", "operate", "--label", "team=data",
                "--expires-in", "90d");
        assertThat(created.exitCode()).as(created.toString()).isZero();
        String printed = created.out().strip();
        assertThat(created.err()).contains("shown only now");

        ApiToken.Presented presented = ApiToken.parse(printed).orElseThrow();
        ApiToken stored = new MysqlApiTokenStore(cli.pool()).get(presented.id()).orElseThrow();
        assertThat(stored.matches(presented.secret())).isTrue();
        assertThat(stored.secretHash()).doesNotContain(presented.secret());
        assertThat(stored.scope()).isEqualTo(ApiScope.OPERATE);
        assertThat(stored.namespaces()).containsExactly(cli.namespace);
        assertThat(stored.labels()).containsEntry("team", "data");
        assertThat(stored.expiresAt()).isBetween(Instant.now().plus(Duration.ofDays(89)), Instant.now().plus(Duration.ofDays(91)));

        JsonNode listed = null;
        for (JsonNode token : cli.json("token list")) {
            if (token.get("name").asText().equals(name)) {
                listed = token;
            }
        }
        assertThat(listed).isNotNull();
        assertThat(listed.toString()).doesNotContain(presented.secret()).doesNotContain(stored.secretHash());
        assertThat(listed.get("active").asBoolean()).isTrue();
        assertThat(cli.ok("token list")).contains(name, "operate", "active");

        assertThat(cli.ok("token revoke", name).strip()).isEqualTo("Revoked token '" + name + "'.");
        assertThat(cli.run("token revoke", name).exitCode()).isEqualTo(ExitCode.NOT_FOUND);
        assertThat(new MysqlApiTokenStore(cli.pool()).get(presented.id()).orElseThrow().isActive(Instant.now())).isFalse();

        List<AuditEntry> audit = new MysqlAuditLog(cli.pool()).list(cli.namespace, "token:" + name,
                new PageRequest(0, 10)).items();
        assertThat(audit).extracting(AuditEntry::action).containsExactlyInAnyOrder("token.create", "token.revoke");
        assertThat(audit).allSatisfy(entry -> assertThat(entry.before() + entry.after()).doesNotContain(presented.secret()));
    }

    @Test
    void aTokenMayReachSeveralNamespaces() {
        String name = "multi-" + cli.namespace;
        String printed = database.inNamespace(cli.namespace + ",other-" + cli.namespace)
                .ok("token create", "--name", name, "--scope", "read").strip();

        ApiToken stored = new MysqlApiTokenStore(cli.pool()).get(ApiToken.parse(printed).orElseThrow().id()).orElseThrow();
        assertThat(stored.namespaces()).containsExactly(cli.namespace, "other-" + cli.namespace);
    }

    @Test
    void badInputIsRefusedWithItsExitCode() {
        String name = "dup-" + cli.namespace;
        cli.ok("token create", "--name", name, "--scope", "read");

        Cli.Result twice = cli.run("token create", "--name", name, "--scope", "read");
        assertThat(twice.exitCode()).isEqualTo(ExitCode.CONFLICT);
        assertThat(twice.err()).contains("already exists");
        assertThat(cli.run("token create", "--name", "x-" + name, "--scope", "root").exitCode()).isEqualTo(ExitCode.INVALID);
        assertThat(cli.run("token create", "--name", "x-" + name, "--scope", "read", "--label", "team").exitCode())
                .isEqualTo(ExitCode.INVALID);
        assertThat(cli.run("token create", "--name", "x-" + name, "--scope", "read", "--expires-in", "0s").exitCode())
                .isEqualTo(ExitCode.INVALID);
        assertThat(cli.run("token create", "--name", "bad name", "--scope", "read").exitCode()).isEqualTo(ExitCode.INVALID);
    }
}
