package io.redcron.node.worker.execution;

/** Errors are one line: user text quoted in them loses its control characters and its excess. */
final class Texts {
    private Texts() {
    }

    static String oneLine(String text, int maxLength) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(Math.min(text.length(), maxLength + 1));
        for (int i = 0; i < text.length() && out.length() < maxLength; i++) {
            char c = text.charAt(i);
            out.append(Character.isISOControl(c) ? ' ' : c);
        }
        if (text.length() > maxLength) {
            out.append('…');
        }
        return out.toString();
    }
}
