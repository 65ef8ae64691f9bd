package io.redcron.node.api;

import io.javalin.security.RouteRole;
import io.redcron.domain.ApiScope;

/** The scope a route needs; every route under a namespace names one. */
enum Need implements RouteRole {
    READ(ApiScope.READ), OPERATE(ApiScope.OPERATE), ADMIN(ApiScope.ADMIN);

    final ApiScope scope;

    Need(ApiScope scope) {
        this.scope = scope;
    }
}
