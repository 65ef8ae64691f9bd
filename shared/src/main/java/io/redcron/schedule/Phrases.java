package io.redcron.schedule;

import java.util.List;

/**
 * The words of one language for {@link CronDescriber}. Runs are {first, last} pairs; days of the
 * week are ISO (1 = Monday); a null range means the values are not one contiguous run.
 */
interface Phrases {

    String sentence(String time, String days, String months, String years);

    String everySecond();

    String everySeconds(int step);

    String everyMinute(int atSecond);

    String everyMinutes(int step);

    String everyHour();

    String everyHours(int step);

    String minuteOfEveryHour(int minute, int second);

    String between(String periodic, int firstHour, int lastHour);

    String at(List<String> times);

    /** Null means every value; empty seconds mean second 0, which needs no mention. */
    String timeFields(List<int[]> seconds, List<int[]> minutes, List<int[]> hours);

    String daysOfMonth(List<int[]> runs, int count);

    String lastDay(int offset);

    String weekdayNearest(int day);

    String weekdayNearestLastDay(int offset);

    String weekdays(int[] range, List<Integer> days);

    String lastWeekdayOfMonth(int dayOfWeek);

    String nthWeekdayOfMonth(int n, int dayOfWeek);

    String eitherDay(String dayOfMonth, String dayOfWeek);

    String bothDays(String dayOfMonth, String dayOfWeek);

    String months(int[] range, List<Integer> months);

    String years(List<int[]> runs);

    String and(List<String> parts);

    default String runs(List<int[]> runs, String rangeWord) {
        return and(runs.stream()
                .map(run -> run[0] == run[1] ? String.valueOf(run[0]) : run[0] + rangeWord + run[1])
                .toList());
    }
}
