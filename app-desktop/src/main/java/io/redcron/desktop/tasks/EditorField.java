package io.redcron.desktop.tasks;

import java.util.List;

/**
 * The editor's fields in the order the form shows them, each with the node id it has in the FXML
 * and the names the domain uses for it in an {@link io.redcron.domain.InvalidTaskException}
 * (one field can stand for several: the command box holds a program, a command line or a handler).
 */
public enum EditorField {
    NAME("name", "name"),
    GROUP("group", "group"),
    OWNER("owner", "owner"),
    DESCRIPTION("description", "description"),
    CRON("cron", "cron"),
    DIALECT("dialect", "dialect"),
    ZONE("zone", "zone"),
    TYPE("type", "type"),
    COMMAND("command", "exec", "shell", "handler"),
    WORK_DIR("workDir", "workdir"),
    ENV("env", "env"),
    METHOD("httpMethod", "http-method"),
    URL("url", "url"),
    HEADERS("headers", "http-header"),
    BODY("body", "http-body"),
    ACCEPT("accept", "http-accept"),
    REDIRECTS("redirects", "http-redirects"),
    TIMEOUT("timeout", "timeout"),
    RETRIES("retries", "retries"),
    BACKOFF("backoff", "retry-backoff"),
    MULTIPLIER("multiplier", "retry-multiplier"),
    MAX_BACKOFF("maxBackoff", "retry-max-backoff"),
    JITTER("jitter", "retry-jitter"),
    MISFIRE("misfire", "misfire"),
    CATCH_UP_LIMIT("catchUpLimit", "catch-up-limit"),
    CONCURRENCY("concurrency", "concurrency"),
    SHARDS("shards", "shards"),
    LABELS("labels", "labels"),
    PARAMS("params", "params"),
    ALERTS("alerts", "alerts");

    private final String nodeId;
    private final List<String> domainNames;

    EditorField(String nodeId, String... domainNames) {
        this.nodeId = nodeId;
        this.domainNames = List.of(domainNames);
    }

    /** The fx:id of the control, so views and tests find it. */
    public String nodeId() {
        return nodeId;
    }

    /** The field a domain error names, or null for one the form has no field for (the namespace, say). */
    static EditorField forDomainName(String name) {
        for (EditorField field : values()) {
            if (field.domainNames.contains(name)) {
                return field;
            }
        }
        return null;
    }
}
