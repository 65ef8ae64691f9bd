package io.redcron.node.cli;

/**
 * Makes text that a run or a user wrote safe to print on a terminal: control characters other than
 * line feed and tab (escape sequences, carriage returns, NUL, C1 controls) are shown as their
 * Unicode control pictures instead of acting on the terminal. {@code --json} keeps the exact text.
 */
final class TerminalText {
    private static final char DELETE_PICTURE = '\u2421';
    private static final char REPLACEMENT = '\uFFFD';

    private TerminalText() {
    }

    static String safe(String text) {
        if (text == null || text.chars().noneMatch(TerminalText::acts)) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!acts(c)) {
                out.append(c);
            } else if (c < 0x20) {
                out.append((char) (0x2400 + c));
            } else if (c == 0x7f) {
                out.append(DELETE_PICTURE);
            } else {
                out.append(REPLACEMENT);
            }
        }
        return out.toString();
    }

    private static boolean acts(int c) {
        return (c < 0x20 && c != '\n' && c != '\t') || (c >= 0x7f && c <= 0x9f);
    }
}
