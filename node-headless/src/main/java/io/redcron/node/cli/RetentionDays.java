package io.redcron.node.cli;

import io.redcron.domain.RetentionPolicy;

import java.util.Locale;

/** Retention ages as typed on the command line: {@code 30d}, {@code 30}, or {@code forever}. */
final class RetentionDays {
    private RetentionDays() {
    }

    /** Null when the flag was not given; throws a usage error naming {@code flag} otherwise. */
    static Integer parse(String flag, String text) {
        if (text == null) {
            return null;
        }
        String value = text.strip().toLowerCase(Locale.ROOT);
        if (value.equals("forever")) {
            return RetentionPolicy.FOREVER;
        }
        String digits = value.endsWith("d") ? value.substring(0, value.length() - 1) : value;
        if (!digits.matches("\\d{1,6}") || Integer.parseInt(digits) == 0) {
            throw new CliErrors.UsageException(flag + ": whole days like 30d, or 'forever', got '" + text + "'");
        }
        return Integer.parseInt(digits);
    }

    /** How a stored age reads: {@code 30d} or {@code forever}. */
    static String format(int days) {
        return days == RetentionPolicy.FOREVER ? "forever" : days + "d";
    }
}
