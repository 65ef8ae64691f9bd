package io.redcron.node.cli;

import io.redcron.domain.RetentionPolicy;

/** Retention ages as typed on the command line: {@code 30d}, {@code 30}, or {@code forever}. */
final class RetentionDays {
    private RetentionDays() {
    }

    /** Null when the flag was not given; a usage error naming {@code flag} otherwise. */
    static Integer parse(String flag, String text) {
        try {
            return RetentionPolicy.days(flag, text);
        } catch (IllegalArgumentException e) {
            throw new CliErrors.UsageException(e.getMessage());
        }
    }

    /** How a stored age reads: {@code 30d} or {@code forever}. */
    static String format(int days) {
        return RetentionPolicy.daysText(days);
    }
}
