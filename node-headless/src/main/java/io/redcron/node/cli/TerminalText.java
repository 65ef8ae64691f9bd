package io.redcron.node.cli;

import java.io.PrintWriter;

/**
 * Makes text that a run or a user wrote safe to print on a terminal: control characters other than
 * line feed and tab (escape sequences, carriage returns, backspaces, NUL, C1 controls) are shown as
 * their Unicode control pictures instead of acting on the terminal. Every command prints through
 * {@link #writer}; {@code --json} has these characters escaped already ({@link Json}).
 */
final class TerminalText {
    private static final char DELETE_PICTURE = '\u2421';
    private static final char REPLACEMENT = '\uFFFD';

    private TerminalText() {
    }

    static String safe(String text) {
        return pictured(text, false);
    }

    /**
     * Text for one line or one table cell: line feeds and tabs are shown as pictures too, so a
     * value cannot start a line that looks like another field or row.
     */
    static String cell(String text) {
        return pictured(text, true);
    }

    /** Prints everything through {@link #safe}; the line ends of {@code println} pass as they are. */
    static PrintWriter writer(PrintWriter out) {
        return out instanceof SafeWriter ? out : new SafeWriter(out);
    }

    private static String pictured(String text, boolean oneLine) {
        if (text == null || text.chars().noneMatch(c -> acts(c, oneLine))) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            out.append(picture(text.charAt(i), oneLine));
        }
        return out.toString();
    }

    private static char picture(char c, boolean oneLine) {
        if (!acts(c, oneLine)) {
            return c;
        }
        if (c < 0x20) {
            return (char) (0x2400 + c);
        }
        return c == 0x7f ? DELETE_PICTURE : REPLACEMENT;
    }

    private static boolean acts(int c, boolean oneLine) {
        return (c < 0x20 && (oneLine || (c != '\n' && c != '\t'))) || (c >= 0x7f && c <= 0x9f);
    }

    /**
     * {@code print}, {@code printf} and {@code write} all end in the {@code write} methods
     * overridden here; {@code println} writes its line separator to the wrapped writer directly,
     * so a CR LF separator stays one.
     */
    private static final class SafeWriter extends PrintWriter {
        SafeWriter(PrintWriter out) {
            super(out, true);
        }

        @Override
        public void write(int c) {
            super.write(picture((char) c, false));
        }

        @Override
        public void write(char[] buffer, int offset, int length) {
            write(new String(buffer, offset, length), 0, length);
        }

        @Override
        public void write(String text, int offset, int length) {
            String shown = safe(text.substring(offset, offset + length));
            super.write(shown, 0, shown.length());
        }
    }
}
