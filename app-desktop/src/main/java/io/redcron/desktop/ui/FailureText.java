package io.redcron.desktop.ui;

/** A failure as the one line a screen shows: never a stack trace. */
public final class FailureText {
    private FailureText() {
    }

    /** The first message found along the causes, its first line; the exception's name if none has one. */
    public static String oneLine(Throwable failure) {
        Throwable shown = failure;
        while ((shown.getMessage() == null || shown.getMessage().isBlank()) && shown.getCause() != null) {
            shown = shown.getCause();
        }
        String text = shown.getMessage() == null || shown.getMessage().isBlank()
                ? shown.getClass().getSimpleName() : shown.getMessage().strip();
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline).strip();
    }
}
