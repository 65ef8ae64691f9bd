package io.redcron.desktop.cron;

import io.redcron.schedule.CronDialect;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads one field's text into a picker state and writes a picker state back as text. A field the
 * pickers can show reads back to the same text; anything else stays {@link FieldForm#CUSTOM}.
 */
final class FieldSyntax {
    private static final Pattern VALUE = Pattern.compile("[0-9]{1,4}|[A-Za-z]{3}");
    private static final Pattern RANGE = Pattern.compile("(" + VALUE + ")-(" + VALUE + ")");
    private static final Pattern STEP = Pattern.compile("(\\*|[0-9]{1,4})(?:-([0-9]{1,4}))?/([0-9]{1,4})");
    private static final Pattern LIST = Pattern.compile("(" + VALUE + ")(,(" + VALUE + "))*");
    private static final Pattern LAST_DAY = Pattern.compile("L(?:-([0-9]{1,2}))?");
    private static final Pattern NEAREST = Pattern.compile("([0-9]{1,2})W");
    private static final Pattern NTH = Pattern.compile("(" + VALUE + ")#([0-9])");
    private static final Pattern LAST_OF = Pattern.compile("(" + VALUE + ")L");

    private final CronPart part;
    private final CronDialect dialect;

    FieldSyntax(CronPart part, CronDialect dialect) {
        this.part = part;
        this.dialect = dialect;
    }

    /** The picker state for a field's text; {@link FieldForm#CUSTOM} when no picker can show it exactly. */
    FieldState read(String text, FieldState defaults) {
        FieldState custom = new FieldState(FieldForm.CUSTOM, defaults.from(), defaults.to(), defaults.step(),
                defaults.n(), defaults.list(), defaults.names(), text);
        Optional<FieldState> read = parse(text.trim(), defaults);
        if (read.isPresent() && FieldForm.choices(part, dialect).contains(read.get().form())
                && write(read.get()).equalsIgnoreCase(text.trim())) {
            return read.get();
        }
        return custom;
    }

    private Optional<FieldState> parse(String text, FieldState d) {
        String upper = text.toUpperCase(Locale.ROOT);
        Matcher m;
        if (text.equals("*")) {
            return state(FieldForm.EVERY, d.from(), d.to(), d.step(), d.n(), d.list(), d.names(), text);
        }
        if (text.equals("?")) {
            return state(FieldForm.ANY, d.from(), d.to(), d.step(), d.n(), d.list(), d.names(), text);
        }
        if ((m = STEP.matcher(text)).matches()) {
            int start = m.group(1).equals("*") ? part.starLow(dialect) : value(m.group(1));
            if (m.group(2) != null && value(m.group(2)) != part.high(dialect)) {
                return Optional.empty();
            }
            int step = Integer.parseInt(m.group(3));
            return valid(start) && step >= 1 && step <= part.maxStep() ? state(FieldForm.STEP, start, d.to(), step,
                    d.n(), d.list(), d.names(), text) : Optional.empty();
        }
        if ((m = RANGE.matcher(text)).matches()) {
            int from = value(m.group(1));
            int to = value(m.group(2));
            boolean names = Character.isLetter(m.group(1).charAt(0));
            return valid(from) && valid(to) && names == Character.isLetter(m.group(2).charAt(0))
                    ? state(FieldForm.RANGE, from, to, d.step(), d.n(), d.list(), names, text) : Optional.empty();
        }
        if (LIST.matcher(text).matches()) {
            for (String item : text.split(",")) {
                if (!valid(value(item))) {
                    return Optional.empty();
                }
            }
            // A single value also becomes the start of a range or step the user may switch to.
            int from = text.indexOf(',') < 0 ? value(text) : d.from();
            return state(FieldForm.LIST, from, d.to(), d.step(), d.n(), text, d.names(), text);
        }
        if (part == CronPart.DAY_OF_MONTH) {
            if (upper.equals("LW")) {
                return state(FieldForm.LAST_WEEKDAY, d.from(), d.to(), d.step(), d.n(), d.list(), d.names(), text);
            }
            if ((m = LAST_DAY.matcher(upper)).matches()) {
                int offset = m.group(1) == null ? 0 : Integer.parseInt(m.group(1));
                return offset <= 30 ? state(FieldForm.LAST_DAY, d.from(), d.to(), d.step(), offset, d.list(),
                        d.names(), text) : Optional.empty();
            }
            if ((m = NEAREST.matcher(upper)).matches()) {
                int day = Integer.parseInt(m.group(1));
                return valid(day) ? state(FieldForm.NEAREST_WEEKDAY, day, d.to(), d.step(), d.n(), d.list(),
                        d.names(), text) : Optional.empty();
            }
        }
        if (part == CronPart.DAY_OF_WEEK) {
            if ((m = NTH.matcher(text)).matches()) {
                int day = value(m.group(1));
                int nth = Integer.parseInt(m.group(2));
                return valid(day) && nth >= 1 && nth <= 5 ? state(FieldForm.NTH, day, d.to(), d.step(), nth,
                        d.list(), Character.isLetter(m.group(1).charAt(0)), text) : Optional.empty();
            }
            if ((m = LAST_OF.matcher(text)).matches()) {
                int day = value(m.group(1));
                return valid(day) ? state(FieldForm.LAST_OF, day, d.to(), d.step(), d.n(), d.list(),
                        Character.isLetter(m.group(1).charAt(0)), text) : Optional.empty();
            }
        }
        return Optional.empty();
    }

    private static Optional<FieldState> state(FieldForm form, int from, int to, int step, int n, String list,
                                              boolean names, String text) {
        return Optional.of(new FieldState(form, from, to, step, n, list, names, text));
    }

    /** The field's text for a picker state. */
    String write(FieldState state) {
        return switch (state.form()) {
            case EVERY -> "*";
            case ANY -> "?";
            case RANGE -> value(state.from(), state.names()) + "-" + value(state.to(), state.names());
            case STEP -> step(state);
            case LIST -> list(state.list());
            case LAST_DAY -> state.n() == 0 ? "L" : "L-" + state.n();
            case LAST_WEEKDAY -> "LW";
            case NEAREST_WEEKDAY -> state.from() + "W";
            case NTH -> value(state.from(), state.names()) + "#" + state.n();
            case LAST_OF -> value(state.from(), state.names()) + "L";
            case CUSTOM -> state.text();
        };
    }

    private String step(FieldState state) {
        if (state.from() == part.starLow(dialect)) {
            return "*/" + state.step();
        }
        // cronie needs a range before the slash; quartz and spring run a single start to the end.
        return dialect == CronDialect.UNIX ? state.from() + "-" + part.high(dialect) + "/" + state.step()
                : state.from() + "/" + state.step();
    }

    private String list(String list) {
        String compact = list == null ? "" : list.replaceAll("\\s+", "");
        return compact.isEmpty() ? String.valueOf(part.low(dialect)) : compact;
    }

    private String value(int value, boolean names) {
        return names && part.hasNames() ? part.name(value, dialect) : String.valueOf(value);
    }

    /** A number or name in the dialect's numbering; -1 when it is neither. */
    private int value(String text) {
        if (Character.isDigit(text.charAt(0))) {
            return Integer.parseInt(text);
        }
        return part.nameValue(text, dialect);
    }

    private boolean valid(int value) {
        return value >= part.low(dialect) && value <= part.high(dialect);
    }
}
