package io.redcron.desktop.cron;

import java.time.DayOfWeek;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads common plain phrases, in English or Simplified Chinese, as one of the builder's presets, so
 * each dialect then writes the schedule in its own syntax. The grammar is small on purpose; a phrase
 * either matches one rule as a whole or is not understood, never half-read.
 *
 * <pre>
 * English (case and extra spaces ignored)             Chinese (spaces ignored; 一…三十 read as numbers)
 *   every N seconds | every second                      每N秒 | 每秒
 *   every N minutes | every minute                      每N分钟 | 每分钟
 *   every N minutes during business hours               工作时间每N分钟 | 每N分钟（工作时间）
 *   every hour [at minute M] | hourly                   每小时 [M分]
 *   every day | daily [at TIME]                         每天 | 每日 [TIME]
 *   every weekday | weekdays [at TIME]                  每个工作日 | 工作日 | (每)周一至周五 [TIME]
 *   every DAY [at TIME]                                 每周X | 每星期X [TIME]   (X = 一…六, 日, 天)
 *   first day of every month | monthly [at TIME]        每月1号 | 每月1日 [TIME]
 *   Nth day of every month [at TIME]                    每月N号 [TIME]
 *   last day of every month [at TIME]                   每月最后一天 | 每月月底 [TIME]
 *   last weekday of every month [at TIME]               每月最后一个工作日 [TIME]
 *   first|second|…|fifth DAY of every month [at TIME]   每月第N个周X [TIME]
 * TIME: 9 | 9:30 | 8am | 5:15 pm | noon | midnight    TIME: 9点 | 9点30分 | 9点半 | 9:30, after 上午/下午/晚上/凌晨/中午
 * </pre>
 * A time left out means midnight, as {@code @daily} does.
 */
public final class CronPhraseParser {
    /** A preset and what it is filled in with. */
    public record Meaning(CronPreset preset, CronPreset.Parameters parameters) {
    }

    private static final String DAY_NAMES = "monday|tuesday|wednesday|thursday|friday|saturday|sunday"
            + "|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun";
    private static final String EN_TIME = "(?:\\s+at\\s+(?<time>[0-9:apm. ]+|noon|midnight))?";
    private static final String EN_THE = "(?:on\\s+)?(?:the\\s+)?";
    private static final String OF_MONTH = "\\s+of\\s+(?:every|each|the)\\s+month";
    private static final String ZH_PERIOD = "(?<period>上午|早上|早晨|凌晨|中午|下午|晚上)?";
    private static final String ZH_TIME = "(?:的)?(?<time>" + ZH_PERIOD.replace("?<period>", "?:")
            + "[0-9]{1,2}(?:[:：][0-9]{2}|[点时](?:[0-9]{1,2}分?|半)?))?";
    private static final String ZH_DAY = "(?:周|星期|礼拜)(?<day>[1-7日天])";
    private static final String ZH_MONTH = "每个?月(?:的)?";
    private static final Pattern EN_CLOCK =
            Pattern.compile("(?<h>[0-9]{1,2})(?::(?<m>[0-9]{2}))?\\s*(?<ampm>[ap]\\.?m\\.?)?");
    private static final Pattern ZH_CLOCK = Pattern.compile(
            ZH_PERIOD + "(?<h>[0-9]{1,2})(?:[:：](?<m>[0-9]{2})|[点时](?:(?<m2>[0-9]{1,2})分?|(?<half>半))?)");
    private static final Pattern ZH_NUMBER = Pattern.compile("[零〇一二两三四五六七八九十]+");
    private static final String ZH_DIGITS = "零一二三四五六七八九";

    private final List<Rule> rules = List.of(
            en("every\\s+(?<n>[0-9]{1,2})\\s+(?:seconds?|secs?)", m -> interval(CronPreset.EVERY_N_SECONDS, m)),
            en("every\\s+second", m -> every(CronPreset.EVERY_N_SECONDS)),
            en("every\\s+(?<n>[0-9]{1,2})\\s+(?:minutes?|mins?)\\s+(?:during|in|within)\\s+(?:business|office|working)"
                    + "\\s+hours", m -> interval(CronPreset.BUSINESS_HOURS, m)),
            en("every\\s+(?<n>[0-9]{1,2})\\s+(?:minutes?|mins?)", m -> interval(CronPreset.EVERY_N_MINUTES, m)),
            en("every\\s+minute", m -> every(CronPreset.EVERY_N_MINUTES)),
            en("(?:every\\s+hour|hourly)(?:\\s+at\\s+(?:minute\\s+)?:?(?<minute>[0-9]{1,2}))?",
                    CronPhraseParser::hourly),
            en("(?:every\\s+day|daily|each\\s+day)" + EN_TIME, m -> at(CronPreset.DAILY, englishTime(m))),
            en("(?:every\\s+(?:weekday|workday|working\\s+day|business\\s+day)|(?:on\\s+)?weekdays"
                    + "|monday\\s+(?:to|through)\\s+friday)" + EN_TIME, m -> at(CronPreset.WEEKDAYS, englishTime(m))),
            en("(?:every|each|on)\\s+(?<day>" + DAY_NAMES + ")s?" + EN_TIME,
                    m -> weekly(englishDay(m.group("day")), englishTime(m))),
            en("(?:" + EN_THE + "first\\s+day" + OF_MONTH + "|monthly)" + EN_TIME, m -> monthly(1, englishTime(m))),
            en(EN_THE + "(?<dom>[0-9]{1,2})(?:st|nd|rd|th)?(?:\\s+day)?" + OF_MONTH + EN_TIME,
                    m -> monthly(Integer.parseInt(m.group("dom")), englishTime(m))),
            en("every\\s+month\\s+on\\s+the\\s+(?<dom>[0-9]{1,2})(?:st|nd|rd|th)?" + EN_TIME,
                    m -> monthly(Integer.parseInt(m.group("dom")), englishTime(m))),
            en(EN_THE + "last\\s+day" + OF_MONTH + EN_TIME, m -> at(CronPreset.MONTHLY_ON_LAST_DAY, englishTime(m))),
            en(EN_THE + "last\\s+(?:weekday|working\\s+day|business\\s+day)" + OF_MONTH + EN_TIME,
                    m -> at(CronPreset.MONTHLY_ON_LAST_WEEKDAY, englishTime(m))),
            en(EN_THE + "(?<nth>first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)\\s+(?<day>" + DAY_NAMES + ")"
                    + OF_MONTH + EN_TIME,
                    m -> nth(englishOrdinal(m.group("nth")), englishDay(m.group("day")), englishTime(m))),

            zh("每(?<n>[0-9]{1,2})秒钟?", m -> interval(CronPreset.EVERY_N_SECONDS, m)),
            zh("每秒钟?", m -> every(CronPreset.EVERY_N_SECONDS)),
            zh("(?:工作时间|上班时间)内?每(?<n>[0-9]{1,2})分钟", m -> interval(CronPreset.BUSINESS_HOURS, m)),
            zh("每(?<n>[0-9]{1,2})分钟[(（]?(?:工作时间|上班时间)内?[)）]?", m -> interval(CronPreset.BUSINESS_HOURS, m)),
            zh("每(?<n>[0-9]{1,2})分钟", m -> interval(CronPreset.EVERY_N_MINUTES, m)),
            zh("每分钟", m -> every(CronPreset.EVERY_N_MINUTES)),
            zh("每个?小时(?:的)?(?:(?<minute>[0-9]{1,2})分)?", CronPhraseParser::hourly),
            zh("(?:每1?天|每日)" + ZH_TIME, m -> at(CronPreset.DAILY, chineseTime(m))),
            zh("(?:每个?工作日|工作日|每?个?(?:周|星期)1(?:至|到|-)(?:周|星期)?5)" + ZH_TIME,
                    m -> at(CronPreset.WEEKDAYS, chineseTime(m))),
            zh("每个?" + ZH_DAY + ZH_TIME, m -> weekly(chineseDay(m.group("day")), chineseTime(m))),
            zh(ZH_MONTH + "(?<dom>[0-9]{1,2})[号日]" + ZH_TIME,
                    m -> monthly(Integer.parseInt(m.group("dom")), chineseTime(m))),
            zh(ZH_MONTH + "(?:最后1天|月底|月末)" + ZH_TIME, m -> at(CronPreset.MONTHLY_ON_LAST_DAY, chineseTime(m))),
            zh(ZH_MONTH + "最后1个工作日" + ZH_TIME, m -> at(CronPreset.MONTHLY_ON_LAST_WEEKDAY, chineseTime(m))),
            zh(ZH_MONTH + "第(?<nth>[1-5])个" + ZH_DAY + ZH_TIME,
                    m -> nth(Integer.parseInt(m.group("nth")), chineseDay(m.group("day")), chineseTime(m))));

    /** The meaning of a phrase; empty when no rule reads all of it or a number is out of range. */
    public Optional<Meaning> parse(String phrase) {
        if (phrase == null || phrase.isBlank()) {
            return Optional.empty();
        }
        String english = phrase.trim().toLowerCase(Locale.ROOT).replaceAll("\\s+", " ").replaceAll("[.!]+$", "");
        String chinese = chineseNumbers(phrase.replaceAll("\\s+", "").replaceAll("[。！.!]+$", ""));
        for (Rule rule : rules) {
            Matcher m = rule.pattern().matcher(rule.chinese() ? chinese : english);
            if (m.matches()) {
                try {
                    return Optional.ofNullable(rule.meaning().apply(m));
                } catch (OutOfRange e) {
                    return Optional.empty();
                }
            }
        }
        return Optional.empty();
    }

    private record Rule(Pattern pattern, boolean chinese, Function<Matcher, Meaning> meaning) {
    }

    private static Rule en(String regex, Function<Matcher, Meaning> meaning) {
        return new Rule(Pattern.compile(regex), false, meaning);
    }

    private static Rule zh(String regex, Function<Matcher, Meaning> meaning) {
        return new Rule(Pattern.compile(regex), true, meaning);
    }

    /** Thrown inside a rule when a number is out of range, so the phrase is not understood. */
    private static final class OutOfRange extends RuntimeException {
        OutOfRange() {
            super(null, null, false, false);
        }
    }

    private static Meaning every(CronPreset preset) {
        return new Meaning(preset, parameters(1, 0, 0, DayOfWeek.MONDAY, 1, 1));
    }

    private static Meaning interval(CronPreset preset, Matcher m) {
        int interval = check(Integer.parseInt(m.group("n")), 1, 59);
        return new Meaning(preset, parameters(interval, 0, 0, DayOfWeek.MONDAY, 1, 1));
    }

    private static Meaning hourly(Matcher m) {
        int minute = m.group("minute") == null ? 0 : check(Integer.parseInt(m.group("minute")), 0, 59);
        return new Meaning(CronPreset.HOURLY, parameters(1, 0, minute, DayOfWeek.MONDAY, 1, 1));
    }

    private static Meaning at(CronPreset preset, int[] time) {
        return new Meaning(preset, parameters(1, time[0], time[1], DayOfWeek.MONDAY, 1, 1));
    }

    private static Meaning weekly(DayOfWeek day, int[] time) {
        return new Meaning(CronPreset.WEEKLY, parameters(1, time[0], time[1], day, 1, 1));
    }

    private static Meaning monthly(int dayOfMonth, int[] time) {
        return new Meaning(CronPreset.MONTHLY_ON_DAY, parameters(1, time[0], time[1], DayOfWeek.MONDAY,
                check(dayOfMonth, 1, 31), 1));
    }

    private static Meaning nth(int occurrence, DayOfWeek day, int[] time) {
        return new Meaning(CronPreset.MONTHLY_ON_NTH_WEEKDAY, parameters(1, time[0], time[1], day, 1, occurrence));
    }

    private static CronPreset.Parameters parameters(int interval, int hour, int minute, DayOfWeek day, int dayOfMonth,
                                                    int occurrence) {
        return new CronPreset.Parameters(interval, hour, minute, day, dayOfMonth, occurrence, 1);
    }

    /** {@code 9}, {@code 9:30}, {@code 8am}, {@code 5:15 pm}, {@code noon}, {@code midnight}; none is midnight. */
    private static int[] englishTime(Matcher m) {
        String time = m.group("time");
        if (time == null || time.equals("midnight")) {
            return new int[] {0, 0};
        }
        if (time.equals("noon")) {
            return new int[] {12, 0};
        }
        Matcher clock = EN_CLOCK.matcher(time.trim());
        if (!clock.matches()) {
            throw new OutOfRange();
        }
        int hour = Integer.parseInt(clock.group("h"));
        int minute = clock.group("m") == null ? 0 : check(Integer.parseInt(clock.group("m")), 0, 59);
        String ampm = clock.group("ampm");
        if (ampm != null) {
            check(hour, 1, 12);
            hour = hour % 12 + (ampm.startsWith("p") ? 12 : 0);
        }
        return new int[] {check(hour, 0, 23), minute};
    }

    /** {@code 9点}, {@code 9点30分}, {@code 9点半}, {@code 9:30}, after 上午, 下午, 晚上 …; none is midnight. */
    private static int[] chineseTime(Matcher m) {
        String time = m.group("time");
        if (time == null) {
            return new int[] {0, 0};
        }
        Matcher clock = ZH_CLOCK.matcher(time);
        if (!clock.matches()) {
            throw new OutOfRange();
        }
        int hour = Integer.parseInt(clock.group("h"));
        String minutes = clock.group("m") != null ? clock.group("m") : clock.group("m2");
        int minute = clock.group("half") != null ? 30 : minutes == null ? 0 : check(Integer.parseInt(minutes), 0, 59);
        String period = clock.group("period");
        boolean afternoon = period != null && (period.equals("下午") || period.equals("晚上")
                || (period.equals("中午") && hour < 11));
        if (afternoon && hour < 12) {
            hour += 12;
        }
        return new int[] {check(hour, 0, 23), minute};
    }

    private static DayOfWeek englishDay(String name) {
        String prefix = name.substring(0, 3);
        for (DayOfWeek day : DayOfWeek.values()) {
            if (day.name().toLowerCase(Locale.ROOT).startsWith(prefix)) {
                return day;
            }
        }
        throw new OutOfRange();
    }

    private static int englishOrdinal(String word) {
        return switch (word) {
            case "first", "1st" -> 1;
            case "second", "2nd" -> 2;
            case "third", "3rd" -> 3;
            case "fourth", "4th" -> 4;
            default -> 5;
        };
    }

    /** 1 (一) is Monday; 日, 天 and 7 are Sunday. */
    private static DayOfWeek chineseDay(String day) {
        return day.equals("日") || day.equals("天") ? DayOfWeek.SUNDAY : DayOfWeek.of(Integer.parseInt(day));
    }

    private static int check(int value, int low, int high) {
        if (value < low || value > high) {
            throw new OutOfRange();
        }
        return value;
    }

    /** Chinese numerals up to 99 as digits: 九 → 9, 十五 → 15, 二十 → 20, 两 → 2. */
    static String chineseNumbers(String text) {
        Matcher m = ZH_NUMBER.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(out, String.valueOf(chineseNumber(m.group())));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static int chineseNumber(String numeral) {
        String digits = numeral.replace('〇', '零').replace('两', '二');
        int ten = digits.indexOf('十');
        if (ten < 0) {
            int value = 0;
            for (char c : digits.toCharArray()) {
                value = value * 10 + ZH_DIGITS.indexOf(c);
            }
            return value;
        }
        int tens = ten == 0 ? 1 : ZH_DIGITS.indexOf(digits.charAt(ten - 1));
        int ones = ten == digits.length() - 1 ? 0 : ZH_DIGITS.indexOf(digits.charAt(ten + 1));
        return tens * 10 + ones;
    }
}
