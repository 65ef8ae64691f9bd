package io.redcron.domain;

import java.util.Locale;

/** What an edit of a task declared in an application's code gets when it is made anywhere else. */
public enum EditPolicy {
    /** The edit is made, after a warning that the application's next start puts back what its code declares. */
    WARN,
    /** The edit is refused: the task changes only with the application's code. Pausing it is still allowed. */
    REFUSE;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @throws InvalidTaskException naming {@code field} for anything but {@code warn} or {@code refuse}
     */
    public static EditPolicy parse(String field, String value) {
        for (EditPolicy policy : values()) {
            if (policy.id().equals(value)) {
                return policy;
            }
        }
        throw new InvalidTaskException(field, "'" + value + "' is not one of warn, refuse");
    }
}
