package io.redcron.domain;

import java.util.Locale;

public enum NodeRole {
    SCHEDULER, WORKER,
    /** Serves the JSON API (docs/API.md); off unless named. */
    API;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static NodeRole parse(String text) {
        return Enums.parse(NodeRole.class, "roles", text);
    }
}
