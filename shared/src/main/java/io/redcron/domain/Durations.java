package io.redcron.domain;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Human durations as operators write them: {@code 30s}, {@code 5m}, {@code 1h30m}, {@code 250ms},
 * {@code 2d}, or ISO-8601 ({@code PT30S}).
 */
public final class Durations {
    private static final Pattern PART = Pattern.compile("(\\d+)(ms|s|m|h|d)");

    private Durations() {
    }

    public static Duration parse(String field, String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidTaskException(field, "is required (for example 30s, 5m, 1h30m)");
        }
        String value = text.trim().toLowerCase(Locale.ROOT);
        if (value.startsWith("p")) {
            try {
                return Duration.parse(value.toUpperCase(Locale.ROOT));
            } catch (RuntimeException e) {
                throw new InvalidTaskException(field, "'" + text + "' is not a duration (for example 30s, 5m, 1h30m)");
            }
        }
        Matcher part = PART.matcher(value);
        Duration total = Duration.ZERO;
        int position = 0;
        while (position < value.length() && part.find(position) && part.start() == position) {
            long amount;
            try {
                amount = Long.parseLong(part.group(1));
            } catch (NumberFormatException e) {
                throw new InvalidTaskException(field, "'" + text + "' is too large");
            }
            total = total.plus(switch (part.group(2)) {
                case "ms" -> Duration.ofMillis(amount);
                case "s" -> Duration.ofSeconds(amount);
                case "m" -> Duration.ofMinutes(amount);
                case "h" -> Duration.ofHours(amount);
                default -> Duration.ofDays(amount);
            });
            position = part.end();
        }
        if (position != value.length() || position == 0) {
            throw new InvalidTaskException(field, "'" + text + "' is not a duration (for example 30s, 5m, 1h30m)");
        }
        return total;
    }

    /** The short form {@link #parse} reads back, e.g. {@code 1h30m}, {@code 250ms}. */
    public static String format(Duration duration) {
        if (duration.isZero()) {
            return "0s";
        }
        if (duration.isNegative()) {
            return "-" + format(duration.negated());
        }
        StringBuilder out = new StringBuilder();
        long days = duration.toDays();
        if (days > 0) {
            out.append(days).append('d');
        }
        if (duration.toHoursPart() > 0) {
            out.append(duration.toHoursPart()).append('h');
        }
        if (duration.toMinutesPart() > 0) {
            out.append(duration.toMinutesPart()).append('m');
        }
        if (duration.toSecondsPart() > 0) {
            out.append(duration.toSecondsPart()).append('s');
        }
        if (duration.toMillisPart() > 0) {
            out.append(duration.toMillisPart()).append("ms");
        }
        return out.toString();
    }
}
