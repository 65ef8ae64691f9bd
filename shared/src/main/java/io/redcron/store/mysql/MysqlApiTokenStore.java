package io.redcron.store.mysql;

import io.redcron.domain.ApiScope;
import io.redcron.domain.ApiToken;
import io.redcron.port.ApiTokenStore;
import io.redcron.port.DuplicateTokenException;

import javax.sql.DataSource;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** API tokens in {@code api_token} (migration 19); a creation and a revocation each with their audit rows. */
public final class MysqlApiTokenStore implements ApiTokenStore {
    private static final String COLUMNS = "SELECT id, name, secret_hash, scope, namespaces, label_selector, created_at,"
            + " created_by, expires_at, revoked_at, last_used_at FROM api_token";
    private static final String INSERT = "INSERT INTO api_token (name, secret_hash, scope, namespaces, label_selector,"
            + " created_at, created_by, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
    private static final String BY_ID = COLUMNS + " WHERE id = ?";
    private static final String BY_NAME = COLUMNS + " WHERE name = ?";
    private static final String ALL = COLUMNS + " ORDER BY name";
    private static final String REVOKE = "UPDATE api_token SET revoked_at = ? WHERE name = ? AND revoked_at IS NULL";
    private static final String USED = "UPDATE api_token SET last_used_at = ? WHERE id = ?";

    private final Jdbc jdbc;

    public MysqlApiTokenStore(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
    }

    @Override
    public ApiToken create(ApiToken draft, String actor) {
        String who = AuditWriter.actor(actor);
        return jdbc.transaction("create token '" + draft.name() + "'", connection -> {
            long id;
            try (var statement = connection.prepareStatement(INSERT, Statement.RETURN_GENERATED_KEYS)) {
                Jdbc.bind(statement, draft.name(), draft.secretHash(), draft.scope().id(), Json.write(draft.namespaces()),
                        draft.labels().isEmpty() ? null : Json.write(draft.labels()), Jdbc.millis(draft.createdAt()),
                        who, draft.expiresAt() == null ? null : Jdbc.millis(draft.expiresAt()));
                statement.executeUpdate();
                try (ResultSet keys = statement.getGeneratedKeys()) {
                    keys.next();
                    id = keys.getLong(1);
                }
            } catch (SQLException e) {
                if (Jdbc.isDuplicateKey(e)) {
                    throw new DuplicateTokenException(draft.name());
                }
                throw e;
            }
            for (String namespace : draft.namespaces()) {
                AuditWriter.write(connection, who, "token.create", "token:" + draft.name(), namespace, null,
                        Json.write(described(draft)));
            }
            return Jdbc.one(connection, BY_ID, MysqlApiTokenStore::token, id).orElseThrow();
        });
    }

    @Override
    public Optional<ApiToken> get(long id) {
        return jdbc.autoCommit("read token " + id, connection -> Jdbc.one(connection, BY_ID, MysqlApiTokenStore::token, id));
    }

    @Override
    public List<ApiToken> list() {
        return jdbc.autoCommit("list tokens", connection -> Jdbc.list(connection, ALL, MysqlApiTokenStore::token));
    }

    @Override
    public boolean revoke(String name, Instant at, String actor) {
        String who = AuditWriter.actor(actor);
        return jdbc.transaction("revoke token '" + name + "'", connection -> {
            Optional<ApiToken> token = Jdbc.one(connection, BY_NAME, MysqlApiTokenStore::token, name);
            if (token.isEmpty() || Jdbc.update(connection, REVOKE, Jdbc.millis(at), name) == 0) {
                return false;
            }
            for (String namespace : token.get().namespaces()) {
                AuditWriter.write(connection, who, "token.revoke", "token:" + name, namespace,
                        Json.write(described(token.get())), null);
            }
            return true;
        });
    }

    @Override
    public void used(long id, Instant at) {
        jdbc.autoCommit("note the use of token " + id, connection -> Jdbc.update(connection, USED, Jdbc.millis(at), id));
    }

    /** What the audit log keeps of a token: never its secret nor its hash. */
    private static Map<String, Object> described(ApiToken token) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("scope", token.scope().id());
        doc.put("namespaces", token.namespaces());
        doc.put("labels", token.labels());
        doc.put("expiresAt", token.expiresAt() == null ? null : token.expiresAt().toString());
        return doc;
    }

    private static ApiToken token(ResultSet row) throws SQLException {
        String labels = row.getString("label_selector");
        return new ApiToken(row.getLong("id"), row.getString("name"), row.getString("secret_hash"),
                ApiScope.parse(row.getString("scope")), Json.stringList(row.getString("namespaces")),
                labels == null ? Map.of() : Json.stringMap(labels), Jdbc.instant(row, "created_at"),
                row.getString("created_by"), Jdbc.instant(row, "expires_at"), Jdbc.instant(row, "revoked_at"),
                Jdbc.instant(row, "last_used_at"));
    }
}
