package io.redcron.domain;

import java.util.Locale;

/** What an API token may do; each scope includes the ones before it. */
public enum ApiScope {
    /** Read tasks, runs, workflows, nodes, the leader and the queues. */
    READ,
    /** Also trigger, schedule, cancel and retry runs, and enable and disable tasks. */
    OPERATE,
    /** Also add, change and delete tasks. */
    ADMIN;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean allows(ApiScope needed) {
        return compareTo(needed) >= 0;
    }

    public static ApiScope parse(String text) {
        return Enums.parse(ApiScope.class, "scope", text);
    }
}
