package io.redcron.domain;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ${secret:NAME}} in a task's environment values, HTTP headers and body: a credential the
 * definition names but does not hold. The stores (and so every viewer, and the audit log) only
 * ever see the reference; each node resolves it from the sources its own configuration names,
 * right before the run starts, and nowhere else.
 */
public final class SecretReferences {
    /** Letters, digits, '.', '_' and '-', not starting with a dot: a plain file name, never a path. */
    public static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}");
    private static final Pattern REFERENCE = Pattern.compile("\\$\\{secret:([^}]*)}");
    private static final String OPENING = "${secret:";

    private SecretReferences() {
    }

    /** The names {@code text} references, in order; empty for text without references. */
    public static Set<String> names(String text) {
        Set<String> names = new LinkedHashSet<>();
        if (text == null || !text.contains(OPENING)) {
            return names;
        }
        Matcher matcher = REFERENCE.matcher(text);
        while (matcher.find()) {
            names.add(matcher.group(1));
        }
        return names;
    }

    /** Checks every reference in {@code text}: the field is named in the one-line error. */
    public static void check(String field, String text) {
        if (text == null || !text.contains(OPENING)) {
            return;
        }
        int unclosed = text.indexOf(OPENING);
        while (unclosed >= 0) {
            if (text.indexOf('}', unclosed) < 0) {
                throw new InvalidTaskException(field, "has '${secret:' without a closing '}'");
            }
            unclosed = text.indexOf(OPENING, unclosed + OPENING.length());
        }
        for (String name : names(text)) {
            if (!NAME.matcher(name).matches()) {
                throw new InvalidTaskException(field, "secret name '" + name
                        + "' must be 1-128 letters, digits, '.', '_' or '-' (not starting with '.')");
            }
        }
    }

    /** Whether {@code text} holds at least one reference. */
    public static boolean has(String text) {
        return text != null && text.contains(OPENING);
    }

    /** {@code text} with every reference replaced by {@code resolve(name)}. */
    public static String resolve(String text, Function<String, String> resolve) {
        if (!has(text)) {
            return text;
        }
        Matcher matcher = REFERENCE.matcher(text);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            matcher.appendReplacement(out, Matcher.quoteReplacement(resolve.apply(matcher.group(1))));
        }
        matcher.appendTail(out);
        return out.toString();
    }
}
