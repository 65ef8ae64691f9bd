package io.redcron.client;

import java.util.Locale;

/**
 * What an edit of a task an application declares gets when it is made anywhere else (the command
 * line, the desktop, the API), until the application's next {@link HttpRedcronClient#reconcile}.
 */
public enum EditPolicy {
    /** The edit is made, with a warning that the application's next start puts back what its code declares. */
    WARN,
    /** The edit is refused: the task changes only with the application's code. Pausing it is still allowed. */
    REFUSE;

    /** As the API spells it: {@code warn}, {@code refuse}. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }
}
