package io.redcron.desktop.cron;

import io.redcron.calendar.BusinessCalendar;
import io.redcron.calendar.CalendarExclusion;
import io.redcron.calendar.CalendarMode;
import io.redcron.desktop.ui.Messages;
import io.redcron.schedule.FireExclusion;
import io.redcron.schedule.CronDialect;
import io.redcron.schedule.CronProblem;
import io.redcron.schedule.CronSchedule;
import io.redcron.schedule.CronWarning;
import io.redcron.schedule.DstRule;
import io.redcron.schedule.InvalidCronException;
import io.redcron.schedule.RepeatedHour;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.Clock;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The cron builder: an expression, its dialect and time zone, kept in step with one picker per
 * field, with presets, a description, the coming fire times and what is wrong or suspicious.
 * The expression text is the truth; pickers show what they can of it and write back only their
 * own field. Everything here is quick and pure, so it runs on the JavaFX thread.
 */
public final class CronBuilderViewModel {
    public static final int FIRE_COUNT = 10;
    /** How many fires "show more" adds to the list each time. */
    public static final int MORE_FIRES = 50;
    /** How many coming clock changes of the task's zone the builder explains. */
    private static final int DST_CHANGES = 2;
    private static final Duration NEAR_TRANSITION = Duration.ofDays(1);

    private final StringProperty expression = new SimpleStringProperty("");
    private final ObjectProperty<CronDialect> dialect = new SimpleObjectProperty<>();
    private final ObjectProperty<ZoneId> zone = new SimpleObjectProperty<>();
    private final ReadOnlyStringWrapper description = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper dstRule = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper expressionError = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<CronPart> errorPart = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyBooleanWrapper valid = new ReadOnlyBooleanWrapper();
    private final ObservableList<String> warnings = FXCollections.observableArrayList();
    private final ObservableList<FireTime> fires = FXCollections.observableArrayList();
    private final ObservableList<String> dstChanges = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper firesTitle = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper presetProblem = new ReadOnlyStringWrapper("");
    private final StringProperty phrase = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper phraseProblem = new ReadOnlyStringWrapper("");
    private final StringProperty businessCalendar = new SimpleStringProperty("");
    private final ObjectProperty<CalendarMode> calendarMode = new SimpleObjectProperty<>(CalendarMode.BUSINESS_DAYS);
    private final ObservableList<String> calendarNames = FXCollections.observableArrayList();
    private final ReadOnlyBooleanWrapper calendarsShown = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper calendarProblem = new ReadOnlyStringWrapper("");
    /** The namespace's calendars by name, once read; until then a chosen name judges nothing. */
    private Map<String, BusinessCalendar> calendars = Map.of();
    private boolean calendarsRead;
    private final CronPhraseParser phrases = new CronPhraseParser();
    private final FireCalendarModel calendar;
    private final DstChangeSentences dstSentences;
    private int fireLimit = FIRE_COUNT;
    private final Map<CronPart, CronFieldModel> fields = new EnumMap<>(CronPart.class);
    private final List<ZoneId> zones;

    private final ObjectProperty<CronPreset> preset = new SimpleObjectProperty<>(CronPreset.DAILY);
    private final IntegerProperty presetInterval = new SimpleIntegerProperty(15);
    private final IntegerProperty presetHour = new SimpleIntegerProperty(9);
    private final IntegerProperty presetMinute = new SimpleIntegerProperty(0);
    private final ObjectProperty<DayOfWeek> presetDayOfWeek = new SimpleObjectProperty<>(DayOfWeek.MONDAY);
    private final IntegerProperty presetDayOfMonth = new SimpleIntegerProperty(1);
    private final IntegerProperty presetOccurrence = new SimpleIntegerProperty(1);
    private final IntegerProperty presetMonth = new SimpleIntegerProperty(1);

    private final Messages messages;
    private final Clock clock;
    private final DateTimeFormatter timeFormat;
    private final DateTimeFormatter wallClockFormat;
    private CronFields split;
    private boolean writingField;

    /**
     * @param expression the task's expression; blank starts from "daily at 09:00"
     * @param zone       the task's zone; null starts from the clock's
     * @param clock      gives "now" for the fire times; its zone is the local time shown beside the task's
     */
    public CronBuilderViewModel(String expression, CronDialect dialect, ZoneId zone, Messages messages, Clock clock) {
        this.messages = messages;
        this.clock = clock;
        this.timeFormat = DateTimeFormatter.ofPattern(messages.get("cron.fires.format"), messages.locale());
        this.wallClockFormat = DateTimeFormatter.ofPattern("HH:mm", messages.locale());
        List<ZoneId> known = new ArrayList<>();
        ZoneId.getAvailableZoneIds().stream().sorted().map(ZoneId::of).forEach(known::add);
        this.zones = Collections.unmodifiableList(known);
        this.dstSentences = new DstChangeSentences(messages);
        int thisYear = Year.now(clock).getValue();
        for (CronPart part : CronPart.values()) {
            fields.put(part, new CronFieldModel(part, thisYear, this::fieldEdited));
        }
        this.dialect.set(dialect == null ? CronDialect.UNIX : dialect);
        this.zone.set(zone == null ? clock.getZone() : zone);
        this.calendar = new FireCalendarModel(YearMonth.now(clock.withZone(this.zone.get())), messages);
        String start = expression == null || expression.isBlank()
                ? CronPreset.DAILY.expression(this.dialect.get(), presetParameters()) : expression;
        split = CronFields.split(start, this.dialect.get())
                .orElseGet(() -> CronFields.split(CronPreset.DAILY.expression(this.dialect.get(), presetParameters()),
                        this.dialect.get()).orElseThrow());
        showFields();
        this.expression.set(start);
        refresh();
        this.expression.addListener((o, old, now) -> {
            if (!writingField) {
                CronFields.split(now, this.dialect.get()).ifPresent(fresh -> {
                    split = fresh;
                    showFields();
                });
            }
            refresh();
        });
        this.dialect.addListener((o, old, now) -> dialectChanged(old, now));
        this.zone.addListener((o, old, now) -> refresh());
        this.preset.addListener((o, old, now) -> showPresetProblem());
        this.dialect.addListener((o, old, now) -> showPresetProblem());
        this.phrase.addListener((o, old, now) -> phraseProblem.set(""));
        showPresetProblem();
        calendarNames.add("");
        this.businessCalendar.addListener((o, old, now) -> calendarChanged());
        this.calendarMode.addListener((o, old, now) -> calendarChanged());
    }

    /** Starts from the calendar a task follows; the chooser offers it even before the calendars are read. */
    public void chooseCalendar(CalendarChoice choice) {
        if (!choice.isNone() && !calendarNames.contains(choice.calendar())) {
            calendarNames.add(choice.calendar());
        }
        calendarMode.set(choice.mode());
        businessCalendar.set(choice.calendar());
    }

    /** The calendars will be read: show the chooser. */
    void calendarsOffered() {
        calendarsShown.set(true);
    }

    /** The namespace's calendars, read off the JavaFX thread; called on it. */
    public void useCalendars(List<BusinessCalendar> read) {
        Map<String, BusinessCalendar> byName = new LinkedHashMap<>();
        read.forEach(calendar -> byName.put(calendar.name(), calendar));
        calendars = byName;
        calendarsRead = true;
        calendarsShown.set(true);
        List<String> names = new ArrayList<>();
        names.add("");
        names.addAll(byName.keySet());
        String chosen = calendarChoice().calendar();
        if (!chosen.isEmpty() && !byName.containsKey(chosen)) {
            names.add(chosen); // kept so the operator sees what the task names, with the problem below
        }
        calendarNames.setAll(names);
        calendarChanged();
    }

    void calendarsFailed(Throwable failure) {
        calendarsShown.set(true);
        calendarProblem.set(messages.get("calendars.builder.failed", String.valueOf(failure.getMessage())));
    }

    private void calendarChanged() {
        String chosen = calendarChoice().calendar();
        if (calendarsRead) {
            calendarProblem.set(chosen.isEmpty() || calendars.containsKey(chosen) ? ""
                    : messages.get("calendars.builder.unknown", chosen));
        }
        showSchedule();
    }

    /** The pure judgement the scheduler applies, for the calendar chosen; none leaves every fire in. */
    private FireExclusion exclusion() {
        CalendarChoice choice = calendarChoice();
        BusinessCalendar chosen = calendars.get(choice.calendar());
        return chosen == null ? FireExclusion.NONE : new CalendarExclusion(chosen, choice.mode());
    }

    /** The calendar chosen (blank for none) and the mode, as OK hands them back. */
    public CalendarChoice calendarChoice() {
        return new CalendarChoice(businessCalendar.get(),
                calendarMode.get() == null ? CalendarMode.BUSINESS_DAYS : calendarMode.get());
    }

    private void showFields() {
        for (CronPart part : CronPart.values()) {
            fields.get(part).show(split.text(part), dialect.get());
        }
    }

    private void dialectChanged(CronDialect old, CronDialect now) {
        if (old == null || now == null) {
            return;
        }
        split = split.convert(old, now);
        showFields();
        setExpression(split.join(now));
    }

    private void fieldEdited(CronPart part) {
        String text = fields.get(part).write();
        split = split.with(part, text);
        fields.get(part).written(text);
        if (dialect.get() == CronDialect.QUARTZ) {
            keepOneQuestionMark(part, text);
        }
        writingField = true;
        try {
            setExpression(split.join(dialect.get()));
        } finally {
            writingField = false;
        }
    }

    /** Quartz wants '?' in exactly one day field; the field the user did not touch gives way. */
    private void keepOneQuestionMark(CronPart part, String text) {
        CronPart other = part == CronPart.DAY_OF_MONTH ? CronPart.DAY_OF_WEEK
                : part == CronPart.DAY_OF_WEEK ? CronPart.DAY_OF_MONTH : null;
        if (other == null) {
            return;
        }
        boolean mine = text.equals("?");
        boolean theirs = split.text(other).equals("?");
        if (mine == theirs) {
            split = split.with(other, mine ? "*" : "?");
            fields.get(other).show(split.text(other), dialect.get());
        }
    }

    private void setExpression(String text) {
        if (text.equals(expression.get())) {
            refresh();
        } else {
            expression.set(text);
        }
    }

    /** Writes the chosen preset, with its parameters, as the expression; one the dialect cannot say stays out. */
    public void applyPreset() {
        CronPreset chosen = preset.get();
        if (chosen != null && chosen.availableIn(dialect.get())) {
            setExpression(chosen.expression(dialect.get(), presetParameters()));
        }
        showPresetProblem();
    }

    /** Why the chosen preset cannot be written in the current dialect; empty when it can. */
    private void showPresetProblem() {
        CronPreset chosen = preset.get();
        presetProblem.set(chosen == null ? "" : chosen.unavailableReason(dialect.get()).map(messages::get).orElse(""));
    }

    /**
     * Reads the typed phrase as a preset and writes it in the current dialect, choosing that preset
     * with its parameters too; a phrase it cannot read, or one the dialect cannot say, gets one line why.
     */
    public void applyPhrase() {
        Optional<CronPhraseParser.Meaning> meaning = phrases.parse(phrase.get());
        if (meaning.isEmpty()) {
            phraseProblem.set(messages.get("cron.phrase.unknown", phrase.get().trim()));
            return;
        }
        CronPreset chosen = meaning.get().preset();
        Optional<String> reason = chosen.unavailableReason(dialect.get());
        if (reason.isPresent()) {
            phraseProblem.set(messages.get(reason.get()));
            return;
        }
        CronPreset.Parameters p = meaning.get().parameters();
        preset.set(chosen);
        presetInterval.set(p.interval());
        presetHour.set(p.hour());
        presetMinute.set(p.minute());
        presetDayOfWeek.set(p.dayOfWeek());
        presetDayOfMonth.set(p.dayOfMonth());
        presetOccurrence.set(p.occurrence());
        presetMonth.set(p.month());
        phraseProblem.set("");
        setExpression(chosen.expression(dialect.get(), p));
    }

    /** Adds the next {@link #MORE_FIRES} fires to the list; the list shrinks back when the schedule changes. */
    public void showMoreFires() {
        fireLimit += MORE_FIRES;
        showSchedule();
    }

    public CronPreset.Parameters presetParameters() {
        return new CronPreset.Parameters(presetInterval.get(), presetHour.get(), presetMinute.get(),
                presetDayOfWeek.get(), presetDayOfMonth.get(), presetOccurrence.get(), presetMonth.get());
    }

    /** Shows a changed expression, dialect or zone, with the fire list back at its first ten. */
    private void refresh() {
        fireLimit = FIRE_COUNT;
        showSchedule();
    }

    private void showSchedule() {
        for (CronFieldModel field : fields.values()) {
            field.setError("");
        }
        expressionError.set("");
        errorPart.set(null);
        CronSchedule schedule;
        try {
            schedule = CronSchedule.parse(expression.get(), dialect.get());
        } catch (InvalidCronException e) {
            showProblem(e.problem());
            return;
        }
        description.set(messages.get("cron.description.with-zone", schedule.describe(messages.locale()),
                zone.get() == null ? "" : zone.get().getId()));
        warnings.setAll(schedule.warnings().stream().map(this::warning).toList());
        ZoneId taskZone = zone.get();
        if (taskZone == null) {
            description.set(schedule.describe(messages.locale()));
            dstRule.set("");
            dstChanges.clear();
            fires.clear();
            firesTitle.set(messages.get("cron.fires.title.count", 0));
            calendar.show(null, null);
            valid.set(false);
            return;
        }
        dstRule.set(taskZone.getRules().nextTransition(clock.instant()) == null ? "" : dstRuleText(schedule.dstRule()));
        Map<Instant, String> changes = dstChanges(schedule, taskZone);
        dstChanges.setAll(changes.values());
        fires.setAll(fireTimes(schedule, taskZone, changes));
        firesTitle.set(messages.get("cron.fires.title.count", fireLimit));
        calendar.show(schedule, taskZone);
        valid.set(true);
    }

    /** The sentences for the zone's next clock changes, by the instant each change happens. */
    private Map<Instant, String> dstChanges(CronSchedule schedule, ZoneId taskZone) {
        Map<Instant, String> sentences = new LinkedHashMap<>();
        ZoneOffsetTransition change = taskZone.getRules().nextTransition(clock.instant());
        while (change != null && sentences.size() < DST_CHANGES) {
            sentences.put(change.getInstant(), dstSentences.explain(schedule, taskZone, change));
            change = taskZone.getRules().nextTransition(change.getInstant());
        }
        return sentences;
    }

    private String dstRuleText(DstRule rule) {
        return messages.get(switch (rule) {
            case INTERVAL -> "cron.dst.interval";
            case FIXED_TIME -> "cron.dst.fixed-time";
        });
    }

    private void showProblem(CronProblem problem) {
        valid.set(false);
        description.set("");
        dstRule.set("");
        warnings.clear();
        fires.clear();
        dstChanges.clear();
        firesTitle.set(messages.get("cron.fires.title.count", 0));
        calendar.show(null, null);
        Optional<CronPart> part = CronPart.ofId(problem.field());
        if (part.isPresent()) {
            errorPart.set(part.get());
            fields.get(part.get()).setError(messages.get("cron.error.field", messages.get(part.get().labelKey()),
                    problem.message()));
        } else {
            expressionError.set(problem.message());
        }
    }

    private String warning(CronWarning warning) {
        return switch (warning.kind()) {
            case DAY_OR_TRAP -> messages.get("cron.warning.day-or", split.text(CronPart.DAY_OF_MONTH),
                    split.text(CronPart.DAY_OF_WEEK));
            case NEVER_FIRES -> messages.get(warning.field().equals(CronPart.YEAR.id())
                    ? "cron.warning.years-passed" : "cron.warning.never");
        };
    }

    private List<FireTime> fireTimes(CronSchedule schedule, ZoneId taskZone, Map<Instant, String> changes) {
        Instant now = clock.instant();
        ZoneRules rules = taskZone.getRules();
        ZoneOffset previous = rules.getOffset(now);
        List<FireTime> times = new ArrayList<>(fireLimit);
        FireExclusion exclusion = exclusion();
        for (ZonedDateTime fire : schedule.next(now, taskZone, fireLimit)) {
            boolean nearChange = !fire.getOffset().equals(previous) || nearTransition(rules, fire.toInstant());
            previous = fire.getOffset();
            ZonedDateTime local = fire.withZoneSameInstant(clock.getZone());
            times.add(new FireTime(fire, local, nearChange, timeFormat.format(fire), timeFormat.format(local),
                    secondPass(fire), nearChange ? dstChange(schedule, taskZone, fire.toInstant(), changes) : "",
                    exclusion.reason(fire).orElse("")));
        }
        return times;
    }

    /** The sentence for the change next to a marked fire; one beyond the explained ones is explained here. */
    private String dstChange(CronSchedule schedule, ZoneId taskZone, Instant fire, Map<Instant, String> changes) {
        ZoneOffsetTransition change = taskZone.getRules().nextTransition(fire.minus(NEAR_TRANSITION));
        if (change == null || change.getInstant().isAfter(fire.plus(NEAR_TRANSITION))) {
            return "";
        }
        return changes.computeIfAbsent(change.getInstant(), at -> dstSentences.explain(schedule, taskZone, change));
    }

    private String secondPass(ZonedDateTime fire) {
        return RepeatedHour.secondPassOf(fire).map(change -> messages.get("cron.fires.second-pass.tooltip",
                change.getOffsetBefore().getId(), change.getOffsetAfter().getId(),
                wallClockFormat.format(change.getDateTimeAfter()), wallClockFormat.format(change.getDateTimeBefore())))
                .orElse("");
    }

    private static boolean nearTransition(ZoneRules rules, Instant at) {
        ZoneOffsetTransition next = rules.nextTransition(at.minus(NEAR_TRANSITION));
        return next != null && !next.getInstant().isAfter(at.plus(NEAR_TRANSITION));
    }

    /** The expression, dialect and zone when they are valid. */
    public Optional<CronBuilderResult> result() {
        if (!valid.get()) {
            return Optional.empty();
        }
        return Optional.of(new CronBuilderResult(expression.get().trim(), dialect.get(), zone.get(), calendarChoice()));
    }

    public CronFieldModel field(CronPart part) { return fields.get(part); }
    public ZoneId localZone() { return clock.getZone(); }
    public List<ZoneId> zones() { return zones; }
    public StringProperty expressionProperty() { return expression; }
    public ObjectProperty<CronDialect> dialectProperty() { return dialect; }
    public ObjectProperty<ZoneId> zoneProperty() { return zone; }
    public ReadOnlyStringProperty descriptionProperty() { return description.getReadOnlyProperty(); }
    /** How the schedule passes a daylight-saving change; empty when the task's zone has no change ahead. */
    public ReadOnlyStringProperty dstRuleProperty() { return dstRule.getReadOnlyProperty(); }
    /** A problem with the expression as a whole (such as the number of fields); field problems go to the field. */
    public ReadOnlyStringProperty expressionErrorProperty() { return expressionError.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<CronPart> errorPartProperty() { return errorPart.getReadOnlyProperty(); }
    public ReadOnlyBooleanProperty validProperty() { return valid.getReadOnlyProperty(); }
    public ObservableList<String> warnings() { return warnings; }
    public ObservableList<FireTime> fires() { return fires; }
    /** One sentence per coming clock change of the task's zone: what this schedule does then. */
    public ObservableList<String> dstChanges() { return dstChanges; }
    /** "Next 10 fire times", counting what "show more" added. */
    public ReadOnlyStringProperty firesTitleProperty() { return firesTitle.getReadOnlyProperty(); }
    /** Why the chosen preset cannot be used in the current dialect; empty when it can. */
    public ReadOnlyStringProperty presetProblemProperty() { return presetProblem.getReadOnlyProperty(); }
    /** A plain phrase such as "every weekday at 9:30" or "每天 9 点". */
    public StringProperty phraseProperty() { return phrase; }
    /** Why the last phrase was not used; empty when it was, or while it is being typed. */
    public ReadOnlyStringProperty phraseProblemProperty() { return phraseProblem.getReadOnlyProperty(); }
    public FireCalendarModel calendar() { return calendar; }
    /** The business calendar the fires are judged by; "" for none. */
    public StringProperty businessCalendarProperty() { return businessCalendar; }
    public ObjectProperty<CalendarMode> calendarModeProperty() { return calendarMode; }
    /** "" (none) first, then the namespace's calendars by name. */
    public ObservableList<String> calendarNames() { return calendarNames; }
    /** False where calendars cannot be read (no connection): the chooser is hidden. */
    public ReadOnlyBooleanProperty calendarsShownProperty() { return calendarsShown.getReadOnlyProperty(); }
    /** Why the chosen calendar judges nothing (unknown, unreadable); "" when it does. */
    public ReadOnlyStringProperty calendarProblemProperty() { return calendarProblem.getReadOnlyProperty(); }
    public ObjectProperty<CronPreset> presetProperty() { return preset; }
    public IntegerProperty presetIntervalProperty() { return presetInterval; }
    public IntegerProperty presetHourProperty() { return presetHour; }
    public IntegerProperty presetMinuteProperty() { return presetMinute; }
    public ObjectProperty<DayOfWeek> presetDayOfWeekProperty() { return presetDayOfWeek; }
    public IntegerProperty presetDayOfMonthProperty() { return presetDayOfMonth; }
    public IntegerProperty presetOccurrenceProperty() { return presetOccurrence; }
    public IntegerProperty presetMonthProperty() { return presetMonth; }
}
