package io.redcron.schedule;

import java.util.List;

/** Simplified Chinese wording for cron descriptions. */
final class ChinesePhrases implements Phrases {

    private static final String[] SHORT_DAYS = {"", "周一", "周二", "周三", "周四", "周五", "周六", "周日"};
    private static final String[] DAYS = {"", "星期一", "星期二", "星期三", "星期四", "星期五", "星期六", "星期日"};
    private static final String[] ORDINALS = {"", "第一个", "第二个", "第三个", "第四个", "第五个"};
    private static final String EVERY_MONTH = "每月";
    private static final String EVERY_YEAR = "每年";

    @Override
    public String sentence(String time, String days, String months, String years) {
        if (days == null && months == null && years == null && !time.startsWith("每")) {
            // A bare clock time ("12:00") reads as a moment, not a schedule: say "every day".
            return "每天 " + time;
        }
        StringBuilder date = new StringBuilder();
        if (years != null) {
            date.append(years).append(' ');
        }
        if (months != null) {
            date.append(years != null ? months.replace(EVERY_YEAR, "") : months).append(' ');
        }
        if (days != null) {
            // Inside named months "每月" (every month) would contradict them.
            date.append(months != null ? days.replace(EVERY_MONTH, "") : days);
        }
        String text = date.append(' ').append(time).toString();
        return text.replaceAll(" {2,}", " ").trim();
    }

    @Override
    public String everySecond() {
        return "每秒";
    }

    @Override
    public String everySeconds(int step) {
        return "每 " + step + " 秒";
    }

    @Override
    public String everyMinute(int atSecond) {
        return atSecond == 0 ? "每分钟" : "每分钟第 " + atSecond + " 秒";
    }

    @Override
    public String everyMinutes(int step) {
        return "每 " + step + " 分钟";
    }

    @Override
    public String everyHour() {
        return "每小时";
    }

    @Override
    public String everyHours(int step) {
        return "每 " + step + " 小时";
    }

    @Override
    public String minuteOfEveryHour(int minute, int second) {
        return "每小时第 " + minute + " 分" + (second == 0 ? "" : " " + second + " 秒");
    }

    @Override
    public String between(String periodic, int firstHour, int lastHour) {
        return CronDescriber.clock(firstHour, 0, 0) + " 至 " + CronDescriber.clock(lastHour, 59, 0) + " " + periodic;
    }

    @Override
    public String at(List<String> times) {
        return and(times);
    }

    @Override
    public String timeFields(List<int[]> seconds, List<int[]> minutes, List<int[]> hours) {
        String h = hours == null ? "每小时" : runs(hours, "-") + " 时";
        String m = minutes == null ? "每分钟" : "第 " + runs(minutes, "-") + " 分";
        if (seconds != null && seconds.isEmpty()) {
            return h + "，" + m;
        }
        return h + "，" + m + "，" + (seconds == null ? "每秒" : "第 " + runs(seconds, "-") + " 秒");
    }

    @Override
    public String daysOfMonth(List<int[]> runs, int count) {
        return EVERY_MONTH + " " + runs(runs, "-") + " 日";
    }

    @Override
    public String lastDay(int offset) {
        return offset == 0 ? EVERY_MONTH + "最后一天" : EVERY_MONTH + "倒数第 " + (offset + 1) + " 天";
    }

    @Override
    public String weekdayNearest(int day) {
        return EVERY_MONTH + "离 " + day + " 日最近的工作日";
    }

    @Override
    public String weekdayNearestLastDay(int offset) {
        return offset == 0 ? EVERY_MONTH + "最后一个工作日" : EVERY_MONTH + "离倒数第 " + (offset + 1) + " 天最近的工作日";
    }

    @Override
    public String weekdays(int[] range, List<Integer> days) {
        if (range != null) {
            return SHORT_DAYS[range[0]] + "至" + SHORT_DAYS[range[1]];
        }
        return and(days.stream().map(day -> SHORT_DAYS[day]).toList());
    }

    @Override
    public String lastWeekdayOfMonth(int dayOfWeek) {
        return EVERY_MONTH + "最后一个" + DAYS[dayOfWeek];
    }

    @Override
    public String nthWeekdayOfMonth(int n, int dayOfWeek) {
        return EVERY_MONTH + ORDINALS[n] + DAYS[dayOfWeek];
    }

    @Override
    public String eitherDay(String dayOfMonth, String dayOfWeek) {
        return dayOfMonth + "或" + dayOfWeek.replace(EVERY_MONTH, "");
    }

    @Override
    public String bothDays(String dayOfMonth, String dayOfWeek) {
        return dayOfMonth + "且为" + dayOfWeek.replace(EVERY_MONTH, "");
    }

    @Override
    public String months(int[] range, List<Integer> months) {
        if (range != null) {
            return EVERY_YEAR + " " + range[0] + " 月至 " + range[1] + " 月";
        }
        return EVERY_YEAR + " " + and(months.stream().map(month -> month + " 月").toList());
    }

    @Override
    public String years(List<int[]> runs) {
        return runs(runs, " 至 ") + " 年";
    }

    @Override
    public String and(List<String> parts) {
        if (parts.size() <= 1) {
            return parts.isEmpty() ? "" : parts.get(0);
        }
        return String.join("、", parts);
    }
}
