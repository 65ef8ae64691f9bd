package io.redcron.node.api;

import io.github.resilience4j.ratelimiter.RateLimiter;
import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import io.github.resilience4j.ratelimiter.RateLimiterRegistry;
import io.javalin.http.Context;
import io.javalin.security.RouteRole;
import io.redcron.domain.ApiToken;
import io.redcron.port.ApiTokenStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Checks every request under a namespace before its handler runs: a bearer token that exists, is
 * neither revoked nor expired and whose secret matches (401 otherwise); a namespace the token
 * reaches and the node serves (404 otherwise, so a token learns nothing of namespaces it cannot
 * reach); the scope the route needs (403); and the token's rate (429 with Retry-After). The token
 * is read on every request, so a revocation holds at once.
 */
final class ApiAuth {
    private static final Logger LOG = LoggerFactory.getLogger(ApiAuth.class);
    private static final String CALLER = "redcron.caller";
    /** A token's last use is written at most this often. */
    private static final Duration NOTE_USE_EVERY = Duration.ofMinutes(1);

    private final ApiTokenStore tokens;
    private final Map<String, ApiNamespace> namespaces;
    private final Clock clock;
    private final RateLimiterRegistry limits;
    private final Map<Long, Instant> lastNoted = new ConcurrentHashMap<>();

    ApiAuth(ApiTokenStore tokens, Map<String, ApiNamespace> namespaces, Clock clock, int perSecond) {
        this.tokens = tokens;
        this.namespaces = namespaces;
        this.clock = clock;
        this.limits = RateLimiterRegistry.of(RateLimiterConfig.custom().limitForPeriod(perSecond)
                .limitRefreshPeriod(Duration.ofSeconds(1)).timeoutDuration(Duration.ZERO).build());
    }

    void check(Context ctx) {
        Set<RouteRole> roles = ctx.routeRoles();
        if (roles.isEmpty()) {
            return; // the OpenAPI document
        }
        ApiToken token = authenticate(ctx);
        RateLimiter limiter = limits.rateLimiter("token-" + token.id());
        if (!limiter.acquirePermission()) {
            ctx.header("Retry-After", "1");
            throw new ApiException(429, null, "token '" + token.name() + "' made more than "
                    + limiter.getRateLimiterConfig().getLimitForPeriod() + " requests this second; try again shortly");
        }
        String namespace = ctx.pathParam("ns");
        if (!token.namespaces().contains(namespace) || !namespaces.containsKey(namespace)) {
            throw new ApiException(404, null, "no namespace '" + namespace + "'");
        }
        for (RouteRole role : roles) {
            Need need = (Need) role;
            if (!token.scope().allows(need.scope)) {
                throw new ApiException(403, null, "token '" + token.name() + "' has scope " + token.scope().id()
                        + "; this needs " + need.scope.id());
            }
        }
        ctx.attribute(CALLER, new Caller(token));
        noteUse(token);
    }

    private ApiToken authenticate(Context ctx) {
        String header = ctx.header("Authorization");
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            ctx.header("WWW-Authenticate", "Bearer");
            throw new ApiException(401, null, "a bearer token is required (Authorization: Bearer rcn_…)");
        }
        Optional<ApiToken.Presented> presented = ApiToken.parse(header.substring(7).strip());
        Optional<ApiToken> token = presented.flatMap(p -> tokens.get(p.id()))
                .filter(found -> found.matches(presented.get().secret()));
        if (token.isEmpty() || !token.get().isActive(clock.instant())) {
            ctx.header("WWW-Authenticate", "Bearer error=\"invalid_token\"");
            throw new ApiException(401, null, "the token is unknown, revoked or expired");
        }
        return token.get();
    }

    private void noteUse(ApiToken token) {
        Instant now = clock.instant();
        Instant last = lastNoted.get(token.id());
        if (last != null && now.isBefore(last.plus(NOTE_USE_EVERY))) {
            return;
        }
        lastNoted.put(token.id(), now);
        try {
            tokens.used(token.id(), now);
        } catch (RuntimeException e) {
            LOG.debug("could not note the use of token {}: {}", token.name(), e.getMessage());
        }
    }

    static Caller caller(Context ctx) {
        return ctx.attribute(CALLER);
    }
}
