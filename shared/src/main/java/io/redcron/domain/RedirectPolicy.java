package io.redcron.domain;

import java.util.Locale;

/**
 * Which redirects an {@code http} task follows. A redirect is the server's choice, not the task's:
 * it may name another host, which would then receive the task's headers and body. So by default
 * none is followed.
 */
public enum RedirectPolicy {
    /** A redirect ends the run (it fails, naming where the redirect pointed). */
    NONE,
    /** Only redirects to the same scheme, host and port are followed. */
    SAME_ORIGIN,
    /** Every redirect is followed, but the task's credentials and body stay with the first origin. */
    ANY;

    public static final String FIELD = "http-redirects";

    public static RedirectPolicy parse(String text) {
        return Enums.parse(RedirectPolicy.class, FIELD, text);
    }

    /** As written in task files and flags: {@code none}, {@code same-origin}, {@code any}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
