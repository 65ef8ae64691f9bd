package io.redcron.store.mysql;

/** Makes user text match literally inside a {@code LIKE} pattern. */
final class Like {
    /** Not the backslash: its meaning in string literals depends on the server's SQL mode. */
    static final char ESCAPE = '!';

    private Like() {
    }

    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '%' || c == '_' || c == ESCAPE) {
                out.append(ESCAPE);
            }
            out.append(c);
        }
        return out.toString();
    }
}
