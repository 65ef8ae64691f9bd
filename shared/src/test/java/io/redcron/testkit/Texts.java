package io.redcron.testkit;

/** The text rules of the database columns: what may be stored, and how much of it. */
final class Texts {
    static final int MAX_ERROR = 2000;
    private static final int MAX_ACTOR = 200;

    private Texts() {
    }

    /** An audit row without a name behind it is worthless: refuse the change instead. */
    static String actor(String actor) {
        if (actor == null || actor.isBlank()) {
            throw new IllegalArgumentException("actor: every change needs the name of who makes it");
        }
        return truncate(actor.trim(), MAX_ACTOR);
    }

    /** Lone surrogates have no UTF-8 form: they become U+FFFD, as the MySQL stores write them. */
    static String sanitize(String text) {
        if (text == null) {
            return null;
        }
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                out.append(c).append(text.charAt(++i));
            } else {
                out.append(Character.isSurrogate(c) ? '\uFFFD' : c);
            }
        }
        return out.toString();
    }

    static String truncate(String text, int maxCodePoints) {
        if (text == null || text.codePointCount(0, text.length()) <= maxCodePoints) {
            return text;
        }
        return text.substring(0, text.offsetByCodePoints(0, maxCodePoints));
    }

    static String error(String text) {
        return truncate(sanitize(text), MAX_ERROR);
    }

    /** The order of a binary collation: by code point, as UTF-8 bytes compare. */
    static int compare(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }
}
