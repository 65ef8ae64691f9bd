package io.redcron.domain;

import java.util.regex.Pattern;

/**
 * The two name shapes Redcron accepts wherever a name leaves the process: identifiers
 * (namespaces, groups, node ids, Sentinel master names) end up in Redis key and stream names, SQL
 * rows and metric labels; parameter names become environment variables
 * ({@code REDCRON_PARAM_<NAME>}) and HTTP headers.
 */
public final class Identifiers {
    /** 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit. */
    public static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
    /** What {@link #IDENTIFIER} allows, as messages say it. */
    public static final String IDENTIFIER_RULE = "1-64 letters, digits, '.', '_' or '-'";
    /** A shell-style variable name of at most 64 characters. */
    public static final Pattern PARAMETER_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,63}");

    private Identifiers() {
    }

    public static boolean isIdentifier(String text) {
        return text != null && IDENTIFIER.matcher(text).matches();
    }

    public static boolean isParameterName(String text) {
        return text != null && PARAMETER_NAME.matcher(text).matches();
    }
}
