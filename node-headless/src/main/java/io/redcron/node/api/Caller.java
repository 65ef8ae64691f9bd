package io.redcron.node.api;

import io.redcron.domain.ApiToken;
import io.redcron.domain.Task;

/** The token a request came with, once authenticated. */
record Caller(ApiToken token) {

    /** Who the audit log names for the request's changes. */
    String actor() {
        return "api:" + token.name();
    }

    boolean sees(Task task) {
        return token.sees(task.labels());
    }
}
