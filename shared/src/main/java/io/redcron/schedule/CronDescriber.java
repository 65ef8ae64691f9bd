package io.redcron.schedule;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Reads a parsed expression back as a short sentence. It recognises the common shapes (every n
 * seconds, fixed times, hour windows, weekday ranges, last/nth days) and otherwise lists each
 * restricted field's values, so the text is always exact. The wording lives in {@link Phrases}.
 */
final class CronDescriber {

    private static final long ALL_SECONDS = (1L << 60) - 1;
    private static final long ALL_HOURS = (1L << 24) - 1;
    private static final int MAX_LISTED_TIMES = 6;

    private final Phrases phrases;

    private CronDescriber(Phrases phrases) {
        this.phrases = phrases;
    }

    static CronDescriber forLocale(Locale locale) {
        boolean chinese = locale != null && "zh".equals(locale.getLanguage());
        return new CronDescriber(chinese ? new ChinesePhrases() : new EnglishPhrases());
    }

    String describe(CronSpec spec) {
        return phrases.sentence(time(spec), days(spec), months(spec), years(spec));
    }

    private String time(CronSpec spec) {
        long s = spec.seconds();
        long m = spec.minutes();
        long h = spec.hours();
        String periodic = periodic(s, m);
        if (periodic != null) {
            if (h == ALL_HOURS) {
                return periodic;
            }
            if (isOneRun(h)) {
                return phrases.between(periodic, Bits.next(h, 0), Bits.previous(h, 23));
            }
        }
        if (Bits.count(s) == 1 && Bits.count(m) == 1) {
            int second = Bits.next(s, 0);
            int minute = Bits.next(m, 0);
            if (h == ALL_HOURS) {
                return second == 0 && minute == 0 ? phrases.everyHour() : phrases.minuteOfEveryHour(minute, second);
            }
            int step = step(h, 24);
            if (step > 1 && second == 0 && minute == 0) {
                return phrases.everyHours(step);
            }
        }
        if (Bits.count(s) == 1 && Bits.count(m) * Bits.count(h) <= MAX_LISTED_TIMES) {
            List<String> times = new ArrayList<>();
            int second = Bits.next(s, 0);
            for (int hour = Bits.next(h, 0); hour >= 0; hour = Bits.next(h, hour + 1)) {
                for (int minute = Bits.next(m, 0); minute >= 0; minute = Bits.next(m, minute + 1)) {
                    times.add(clock(hour, minute, second));
                }
            }
            return phrases.at(times);
        }
        if (Bits.count(s) == 1 && Bits.count(m) == 1 && isOneRun(h)) {
            int second = Bits.next(s, 0);
            int minute = Bits.next(m, 0);
            String hourly = second == 0 && minute == 0 ? phrases.everyHour() : phrases.minuteOfEveryHour(minute, second);
            return phrases.between(hourly, Bits.next(h, 0), Bits.previous(h, 23));
        }
        // Second 0 goes without saying once minutes or hours are listed.
        return phrases.timeFields(s == ALL_SECONDS ? null : s == 1L ? List.of() : values(s, 0, 59),
                m == ALL_SECONDS ? null : values(m, 0, 59), h == ALL_HOURS ? null : values(h, 0, 23));
    }

    private static boolean isOneRun(long hours) {
        int first = Bits.next(hours, 0);
        return first >= 0 && Bits.count(hours) == Bits.previous(hours, 23) - first + 1;
    }

    /** A rhythm within the hour, or null when seconds and minutes do not form one. */
    private String periodic(long s, long m) {
        if (m == ALL_SECONDS) {
            if (s == ALL_SECONDS) {
                return phrases.everySecond();
            }
            int step = step(s, 60);
            if (step > 1) {
                return phrases.everySeconds(step);
            }
            if (Bits.count(s) == 1) {
                return phrases.everyMinute(Bits.next(s, 0));
            }
            return null;
        }
        int step = step(m, 60);
        if (s == 1L && step > 1) {
            return phrases.everyMinutes(step);
        }
        return null;
    }

    /** n when the bits are exactly 0, n, 2n, … and n divides the cycle evenly; otherwise 0. */
    static int step(long bits, int cycle) {
        if ((bits & 1) == 0 || Bits.count(bits) < 2) {
            return 0;
        }
        int step = Bits.next(bits, 1);
        if (cycle % step != 0) {
            return 0;
        }
        for (int v = 0; v < cycle; v++) {
            if (Bits.has(bits, v) != (v % step == 0)) {
                return 0;
            }
        }
        return step;
    }

    private String days(CronSpec spec) {
        String dom = spec.daysOfMonth().isEveryDay() ? null : dayOfMonth(spec.daysOfMonth());
        String dow = spec.daysOfWeek().isEveryDay() ? null : dayOfWeek(spec.daysOfWeek());
        if (dom == null || dow == null) {
            return dom == null ? dow : dom;
        }
        return spec.daysEither() ? phrases.eitherDay(dom, dow) : phrases.bothDays(dom, dow);
    }

    private String dayOfMonth(DayOfMonthRule rule) {
        List<String> parts = new ArrayList<>();
        if (rule.days() != 0) {
            parts.add(phrases.daysOfMonth(values(rule.days(), 1, 31), Bits.count(rule.days())));
        }
        for (int n = 0; n <= 30; n++) {
            if (Bits.has(rule.lastDayOffsets(), n)) {
                parts.add(phrases.lastDay(n));
            }
            if (Bits.has(rule.nearestWeekdayLastOffsets(), n)) {
                parts.add(phrases.weekdayNearestLastDay(n));
            }
        }
        for (int day = 1; day <= 31; day++) {
            if (Bits.has(rule.nearestWeekdays(), day)) {
                parts.add(phrases.weekdayNearest(day));
            }
        }
        return phrases.and(parts);
    }

    private String dayOfWeek(DayOfWeekRule rule) {
        List<String> parts = new ArrayList<>();
        if (rule.days() != 0) {
            parts.add(phrases.weekdays(cyclicRange(rule.days(), 1, 7), listOf(rule.days(), 1, 7)));
        }
        for (int dow = 1; dow <= 7; dow++) {
            if (Bits.has(rule.lastInMonth(), dow)) {
                parts.add(phrases.lastWeekdayOfMonth(dow));
            }
            for (int n = 1; n <= 5; n++) {
                if (Bits.has(rule.nth(), dow * 8 + n)) {
                    parts.add(phrases.nthWeekdayOfMonth(n, dow));
                }
            }
        }
        return phrases.and(parts);
    }

    private String months(CronSpec spec) {
        long months = spec.months();
        if (months == CronSpec.ALL_MONTHS) {
            return null;
        }
        return phrases.months(cyclicRange(months, 1, 12), listOf(months, 1, 12));
    }

    private String years(CronSpec spec) {
        if (spec.years() == null) {
            return null;
        }
        List<int[]> runs = new ArrayList<>();
        for (int y = spec.years().nextSetBit(0); y >= 0; ) {
            int end = spec.years().nextClearBit(y) - 1;
            runs.add(new int[] {y, end});
            y = spec.years().nextSetBit(end + 1);
        }
        return phrases.years(runs);
    }

    /** {first, last} when the set is one run of three or more, possibly wrapping past the end. */
    private static int[] cyclicRange(long bits, int min, int max) {
        int count = Bits.count(bits);
        int span = max - min + 1;
        if (count < 3 || count == span) {
            return null;
        }
        for (int start = min; start <= max; start++) {
            if (Bits.has(bits, start) && !Bits.has(bits, start == min ? max : start - 1)) {
                int end = (start - min + count - 1) % span + min;
                for (int i = 0, v = start; i < count; i++, v = v == max ? min : v + 1) {
                    if (!Bits.has(bits, v)) {
                        return null;
                    }
                }
                return new int[] {start, end};
            }
        }
        return null;
    }

    private static List<Integer> listOf(long bits, int min, int max) {
        List<Integer> list = new ArrayList<>();
        for (int v = Bits.next(bits, min); v >= 0 && v <= max; v = Bits.next(bits, v + 1)) {
            list.add(v);
        }
        return list;
    }

    /** Values as runs: "0-5, 30, 45-59". */
    private static List<int[]> values(long bits, int min, int max) {
        List<int[]> runs = new ArrayList<>();
        int v = Bits.next(bits, min);
        while (v >= 0 && v <= max) {
            int end = v;
            while (end < max && Bits.has(bits, end + 1)) {
                end++;
            }
            if (end - v == 1) {
                runs.add(new int[] {v, v});
                runs.add(new int[] {end, end});
            } else {
                runs.add(new int[] {v, end});
            }
            v = Bits.next(bits, end + 1);
        }
        return runs;
    }

    static String clock(int hour, int minute, int second) {
        String hm = String.format(Locale.ROOT, "%02d:%02d", hour, minute);
        return second == 0 ? hm : hm + String.format(Locale.ROOT, ":%02d", second);
    }
}
