package io.redcron.store.mysql;

/** Makes any Java string storable as utf8mb4 text. */
final class Text {
    private static final char REPLACEMENT = '\uFFFD';

    private Text() {
    }

    /**
     * Replaces lone surrogates (which have no UTF-8 form: output decoded from binary garbage can
     * contain them) with U+FFFD, so that writing the text can never fail or be cut short.
     */
    static String sanitize(String text) {
        if (text == null) {
            return null;
        }
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean pair = Character.isHighSurrogate(c) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1));
            if (pair) {
                if (out != null) {
                    out.append(c).append(text.charAt(i + 1));
                }
                i++;
            } else if (Character.isSurrogate(c)) {
                if (out == null) {
                    out = new StringBuilder(text.length()).append(text, 0, i);
                }
                out.append(REPLACEMENT);
            } else if (out != null) {
                out.append(c);
            }
        }
        return out == null ? text : out.toString();
    }

    /** At most {@code maxCodePoints} characters (a VARCHAR limit), never splitting a pair. */
    static String truncate(String text, int maxCodePoints) {
        if (text == null || text.codePointCount(0, text.length()) <= maxCodePoints) {
            return text;
        }
        return text.substring(0, text.offsetByCodePoints(0, maxCodePoints));
    }
}
