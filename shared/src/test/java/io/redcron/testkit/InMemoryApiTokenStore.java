package io.redcron.testkit;

import io.redcron.domain.ApiToken;
import io.redcron.port.ApiTokenStore;
import io.redcron.port.AuditLog;
import io.redcron.port.DuplicateTokenException;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/** API tokens in memory, audited like the MySQL store. */
public final class InMemoryApiTokenStore implements ApiTokenStore {
    private final Map<Long, ApiToken> tokens = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final AuditLog audit;

    public InMemoryApiTokenStore(AuditLog audit) {
        this.audit = audit;
    }

    @Override
    public synchronized ApiToken create(ApiToken draft, String actor) {
        if (tokens.values().stream().anyMatch(token -> token.name().equals(draft.name()))) {
            throw new DuplicateTokenException(draft.name());
        }
        ApiToken stored = new ApiToken(ids.incrementAndGet(), draft.name(), draft.secretHash(), draft.scope(),
                draft.namespaces(), draft.labels(), draft.createdAt(), actor, draft.expiresAt(), null, null);
        tokens.put(stored.id(), stored);
        draft.namespaces().forEach(ns -> audit.record(ns, actor, "token.create", "token:" + draft.name(), null,
                "{\"scope\":\"" + draft.scope().id() + "\"}"));
        return stored;
    }

    @Override
    public Optional<ApiToken> get(long id) {
        return Optional.ofNullable(tokens.get(id));
    }

    @Override
    public List<ApiToken> list() {
        return tokens.values().stream().sorted(Comparator.comparing(ApiToken::name)).toList();
    }

    @Override
    public synchronized boolean revoke(String name, Instant at, String actor) {
        Optional<ApiToken> found = tokens.values().stream().filter(token -> token.name().equals(name)
                && token.revokedAt() == null).findFirst();
        found.ifPresent(token -> {
            tokens.put(token.id(), new ApiToken(token.id(), token.name(), token.secretHash(), token.scope(),
                    token.namespaces(), token.labels(), token.createdAt(), token.createdBy(), token.expiresAt(), at,
                    token.lastUsedAt()));
            token.namespaces().forEach(ns -> audit.record(ns, actor, "token.revoke", "token:" + name,
                    "{\"scope\":\"" + token.scope().id() + "\"}", null));
        });
        return found.isPresent();
    }

    @Override
    public void used(long id, Instant at) {
        tokens.computeIfPresent(id, (key, token) -> new ApiToken(token.id(), token.name(), token.secretHash(),
                token.scope(), token.namespaces(), token.labels(), token.createdAt(), token.createdBy(),
                token.expiresAt(), token.revokedAt(), at));
    }
}
