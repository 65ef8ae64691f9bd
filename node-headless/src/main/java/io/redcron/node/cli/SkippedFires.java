package io.redcron.node.cli;

import java.util.Optional;

/**
 * A fire time as 'cron check' prints it with a calendar: a fire the calendar leaves out is struck
 * through on a terminal that shows it, and marked "skipped" with the reason in any case, so the
 * line reads the same without colour (piped, NO_COLOR).
 */
final class SkippedFires {
    private static final String STRIKE = "\u001B[9m";
    private static final String RESET = "\u001B[0m";

    private SkippedFires() {
    }

    static String line(String fire, Optional<String> reason, boolean ansi) {
        if (reason.isEmpty()) {
            return fire;
        }
        String struck = ansi ? STRIKE + fire + RESET : fire;
        return struck + "  skipped: " + TerminalText.cell(reason.get());
    }
}
