package io.redcron.port;

import io.redcron.domain.ApiToken;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The API's bearer tokens. Operators make and revoke them (each change audited in every namespace
 * the token reaches); a node reads them and notes when each was last used.
 */
public interface ApiTokenStore {

    /**
     * Stores a new token and returns it with its id.
     *
     * @throws DuplicateTaskException when a token of that name exists (revoked or not)
     */
    ApiToken create(ApiToken draft, String actor);

    Optional<ApiToken> get(long id);

    /** Every token, revoked and expired ones too, by name. */
    List<ApiToken> list();

    /** Revokes the token of that name; false when there is none or it was revoked before. */
    boolean revoke(String name, Instant at, String actor);

    /** Notes a use; best effort, at most once a minute per token is enough. */
    void used(long id, Instant at);
}
