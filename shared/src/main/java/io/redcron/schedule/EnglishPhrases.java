package io.redcron.schedule;

import java.util.ArrayList;
import java.util.List;

/** English wording for cron descriptions. */
final class EnglishPhrases implements Phrases {

    private static final String[] DAYS = {"", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"};
    private static final String[] MONTHS = {"", "January", "February", "March", "April", "May", "June", "July",
        "August", "September", "October", "November", "December"};
    private static final String[] ORDINALS = {"", "first", "second", "third", "fourth", "fifth"};

    @Override
    public String sentence(String time, String days, String months, String years) {
        StringBuilder text = new StringBuilder(time);
        for (String part : new String[] {days, months, years}) {
            if (part != null) {
                text.append(' ').append(part);
            }
        }
        return Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    @Override
    public String everySecond() {
        return "every second";
    }

    @Override
    public String everySeconds(int step) {
        return "every " + step + " seconds";
    }

    @Override
    public String everyMinute(int atSecond) {
        return atSecond == 0 ? "every minute" : "every minute at second " + atSecond;
    }

    @Override
    public String everyMinutes(int step) {
        return "every " + step + " minutes";
    }

    @Override
    public String everyHour() {
        return "every hour";
    }

    @Override
    public String everyHours(int step) {
        return "every " + step + " hours";
    }

    @Override
    public String minuteOfEveryHour(int minute, int second) {
        return "at minute " + minute + (second == 0 ? "" : ", second " + second) + " of every hour";
    }

    @Override
    public String between(String periodic, int firstHour, int lastHour) {
        return periodic + " between " + CronDescriber.clock(firstHour, 0, 0) + " and "
                + CronDescriber.clock(lastHour, 59, 0);
    }

    @Override
    public String at(List<String> times) {
        return "at " + and(times);
    }

    @Override
    public String timeFields(List<int[]> seconds, List<int[]> minutes, List<int[]> hours) {
        List<String> parts = new ArrayList<>(2);
        if (seconds == null || !seconds.isEmpty()) {
            parts.add(field(seconds, "second"));
        }
        parts.add(field(minutes, "minute"));
        String text = "at " + String.join(", ", parts);
        return hours == null ? text + " of every hour" : text + ", " + field(hours, "hour");
    }

    private String field(List<int[]> runs, String unit) {
        if (runs == null) {
            return "every " + unit;
        }
        boolean single = runs.size() == 1 && runs.get(0)[0] == runs.get(0)[1];
        return unit + (single ? " " : "s ") + runs(runs, "-");
    }

    @Override
    public String daysOfMonth(List<int[]> runs, int count) {
        return "on day" + (count == 1 ? " " : "s ") + runs(runs, "-") + " of the month";
    }

    @Override
    public String lastDay(int offset) {
        return offset == 0 ? "on the last day of the month"
                : "on the last day of the month minus " + offset + (offset == 1 ? " day" : " days");
    }

    @Override
    public String weekdayNearest(int day) {
        return "on the weekday nearest day " + day + " of the month";
    }

    @Override
    public String weekdayNearestLastDay(int offset) {
        return offset == 0 ? "on the last weekday of the month"
                : "on the weekday nearest the last day of the month minus " + offset + (offset == 1 ? " day" : " days");
    }

    @Override
    public String weekdays(int[] range, List<Integer> days) {
        if (range != null) {
            return "on " + DAYS[range[0]] + " through " + DAYS[range[1]];
        }
        return "on " + and(days.stream().map(day -> DAYS[day]).toList());
    }

    @Override
    public String lastWeekdayOfMonth(int dayOfWeek) {
        return "on the last " + DAYS[dayOfWeek] + " of the month";
    }

    @Override
    public String nthWeekdayOfMonth(int n, int dayOfWeek) {
        return "on the " + ORDINALS[n] + " " + DAYS[dayOfWeek] + " of the month";
    }

    @Override
    public String eitherDay(String dayOfMonth, String dayOfWeek) {
        return dayOfMonth + ", or " + dayOfWeek;
    }

    @Override
    public String bothDays(String dayOfMonth, String dayOfWeek) {
        return dayOfMonth + " if that day is also " + dayOfWeek.replaceFirst("^on ", "");
    }

    @Override
    public String months(int[] range, List<Integer> months) {
        if (range != null) {
            return "in " + MONTHS[range[0]] + " through " + MONTHS[range[1]];
        }
        return "in " + and(months.stream().map(month -> MONTHS[month]).toList());
    }

    @Override
    public String years(List<int[]> runs) {
        return "in " + runs(runs, " through ");
    }

    @Override
    public String and(List<String> parts) {
        if (parts.size() <= 1) {
            return parts.isEmpty() ? "" : parts.get(0);
        }
        List<String> head = new ArrayList<>(parts.subList(0, parts.size() - 1));
        return String.join(", ", head) + " and " + parts.get(parts.size() - 1);
    }
}
