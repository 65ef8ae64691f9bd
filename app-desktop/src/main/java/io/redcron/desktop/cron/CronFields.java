package io.redcron.desktop.cron;

import io.redcron.schedule.CronDialect;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An expression cut into its seven fields, whatever the dialect: unix gets second {@code 0} and
 * year {@code *}, spring year {@code *}. {@code yearWritten} remembers whether a quartz expression
 * spelled its optional year out, so joining gives back what was written.
 */
record CronFields(List<String> texts, boolean yearWritten) {
    private static final Map<String, String> MACROS = Map.of(
            "@yearly", "0 0 1 1 *", "@annually", "0 0 1 1 *", "@monthly", "0 0 1 * *",
            "@weekly", "0 0 * * 0", "@daily", "0 0 * * *", "@midnight", "0 0 * * *", "@hourly", "0 * * * *");
    private static final Pattern DAY_NUMBER = Pattern.compile("^([0-9]+)(.*)$");

    CronFields {
        texts = List.copyOf(texts);
    }

    /** The fields of an expression, or empty when it has the wrong number of fields for the dialect. */
    static Optional<CronFields> split(String expression, CronDialect dialect) {
        String trimmed = expression == null ? "" : expression.trim();
        if (trimmed.startsWith("@") && dialect != CronDialect.QUARTZ) {
            String unix = MACROS.get(trimmed.toLowerCase(Locale.ROOT));
            if (unix == null) {
                return Optional.empty();
            }
            trimmed = dialect == CronDialect.SPRING ? "0 " + unix : unix;
        }
        String[] parts = trimmed.isEmpty() ? new String[0] : trimmed.split("\\s+");
        List<String> texts = new ArrayList<>(7);
        switch (dialect) {
            case UNIX -> {
                if (parts.length != 5) {
                    return Optional.empty();
                }
                texts.add("0");
                texts.addAll(Arrays.asList(parts));
                texts.add("*");
            }
            case SPRING -> {
                if (parts.length != 6) {
                    return Optional.empty();
                }
                texts.addAll(Arrays.asList(parts));
                texts.add("*");
            }
            case QUARTZ -> {
                if (parts.length != 6 && parts.length != 7) {
                    return Optional.empty();
                }
                texts.addAll(Arrays.asList(parts));
                if (parts.length == 6) {
                    texts.add("*");
                }
            }
        }
        return Optional.of(new CronFields(texts, parts.length == 7));
    }

    String text(CronPart part) {
        return texts.get(part.ordinal());
    }

    CronFields with(CronPart part, String text) {
        List<String> changed = new ArrayList<>(texts);
        changed.set(part.ordinal(), text);
        // A year picked back to every year goes away again: it is optional and means the same.
        return new CronFields(changed, part == CronPart.YEAR ? !text.equals("*") : yearWritten);
    }

    /** The expression in the dialect, fields separated by one space. */
    String join(CronDialect dialect) {
        List<String> written = new ArrayList<>();
        for (CronPart part : CronPart.values()) {
            boolean optionalYear = part == CronPart.YEAR && !yearWritten && text(part).equals("*");
            if (part.existsIn(dialect) && !optionalYear) {
                written.add(text(part));
            }
        }
        return String.join(" ", written);
    }

    /**
     * The same schedule, as near as the target dialect can say it: seconds and years appear or go,
     * days of the week are renumbered between quartz (1 = Sunday) and the others (0 = Sunday), and
     * quartz gets its {@code ?} in one day field. What the target cannot say (L, W, # in unix; both
     * day fields restricted in quartz) is kept for the cron engine to point at.
     */
    CronFields convert(CronDialect from, CronDialect to) {
        List<String> converted = new ArrayList<>(texts);
        if (!CronPart.SECOND.existsIn(from) || !CronPart.SECOND.existsIn(to)) {
            converted.set(CronPart.SECOND.ordinal(), "0");
        }
        boolean year = yearWritten;
        if (!CronPart.YEAR.existsIn(to)) {
            converted.set(CronPart.YEAR.ordinal(), "*");
            year = false;
        }
        int dow = CronPart.DAY_OF_WEEK.ordinal();
        int dom = CronPart.DAY_OF_MONTH.ordinal();
        if ((from == CronDialect.QUARTZ) != (to == CronDialect.QUARTZ)) {
            converted.set(dow, renumberDays(converted.get(dow), to == CronDialect.QUARTZ));
        }
        if (to == CronDialect.UNIX) {
            converted.replaceAll(text -> text.equals("?") ? "*" : text);
        } else if (to == CronDialect.QUARTZ) {
            String days = converted.get(dom);
            String weekdays = converted.get(dow);
            if (days.equals("?") && weekdays.equals("?")) {
                converted.set(dom, "*");
            } else if (!days.equals("?") && !weekdays.equals("?")) {
                if (weekdays.equals("*")) {
                    converted.set(dow, "?");
                } else if (days.equals("*")) {
                    converted.set(dom, "?");
                }
            }
        }
        return new CronFields(converted, year);
    }

    private static String renumberDays(String field, boolean toQuartz) {
        List<String> items = new ArrayList<>();
        for (String item : field.split(",", -1)) {
            int slash = item.indexOf('/');
            String base = slash < 0 ? item : item.substring(0, slash);
            String step = slash < 0 ? "" : item.substring(slash);
            List<String> ends = new ArrayList<>();
            for (String end : base.split("-", -1)) {
                Matcher number = DAY_NUMBER.matcher(end);
                if (number.matches() && number.group(1).length() <= 2) {
                    int day = Integer.parseInt(number.group(1));
                    int renumbered = toQuartz ? day % 7 + 1 : day - 1;
                    ends.add((renumbered < 0 ? day : renumbered) + number.group(2));
                } else {
                    ends.add(end);
                }
            }
            items.add(String.join("-", ends) + step);
        }
        return String.join(",", items);
    }
}
