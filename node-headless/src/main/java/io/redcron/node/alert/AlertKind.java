package io.redcron.node.alert;

/** What happened. The names are part of the webhook payload: never rename one. */
public enum AlertKind {
    RUN_FAILED("run failed"),
    RUN_TIMED_OUT("run timed out"),
    RUN_DEAD("run dead"),
    MISFIRE_SKIPPED("fires skipped"),
    NODE_LOST("node lost"),
    LEADER_CHANGED("new scheduler leader"),
    GROUP_UNSERVED("group has no worker"),
    FIRES_HELD("fires held by a maintenance window"),
    RUN_RECOVERED("run recovered"),
    RUN_SLOW("run slow"),
    NO_SUCCESS("no success"),
    BACKLOG("runs wait");

    private final String title;

    AlertKind(String title) {
        this.title = title;
    }

    public String title() {
        return title;
    }
}
