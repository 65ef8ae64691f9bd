package io.redcron.desktop.tasks;

import io.redcron.desktop.session.Workspace;
import io.redcron.desktop.ui.Debouncer;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.CredentialRedaction;
import io.redcron.domain.Durations;
import io.redcron.domain.ExecPayload;
import io.redcron.domain.HttpPayload;
import io.redcron.domain.InvalidTaskException;
import io.redcron.domain.JavaPayload;
import io.redcron.domain.MaskedCredentials;
import io.redcron.domain.MisfirePolicy;
import io.redcron.domain.RedirectPolicy;
import io.redcron.domain.RetryPolicy;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.domain.TaskType;
import io.redcron.port.StaleTaskException;
import io.redcron.port.StoreException;
import io.redcron.port.TaskStore;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.property.Property;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The task editor: every field of a task as text, checked as you type (every error at its field
 * and in a summary by Save, each once its field was touched), the name checked against the other
 * tasks of the namespace, the coming fires of the schedule shown as it is typed; saved with
 * optimistic locking so that a concurrent change is reported, never overwritten.
 * Credentials are shown masked ({@link CredentialRedaction}); one left masked keeps the value the
 * task holds, one typed anew replaces it.
 */
public final class TaskEditorViewModel {
    private final StringProperty name = new SimpleStringProperty("");
    private final StringProperty group = new SimpleStringProperty(Task.DEFAULT_GROUP);
    private final StringProperty description = new SimpleStringProperty("");
    private final StringProperty cron = new SimpleStringProperty("0 * * * *");
    private final StringProperty dialect = new SimpleStringProperty("unix");
    private final StringProperty zone = new SimpleStringProperty("UTC");
    private final ObjectProperty<TaskType> type = new SimpleObjectProperty<>(TaskType.SHELL);
    private final StringProperty command = new SimpleStringProperty("");
    private final StringProperty workDir = new SimpleStringProperty("");
    private final StringProperty env = new SimpleStringProperty("");
    private final StringProperty httpMethod = new SimpleStringProperty("GET");
    private final StringProperty url = new SimpleStringProperty("");
    private final StringProperty headers = new SimpleStringProperty("");
    private final StringProperty body = new SimpleStringProperty("");
    private final StringProperty accept = new SimpleStringProperty("");
    private final ObjectProperty<RedirectPolicy> redirects = new SimpleObjectProperty<>(RedirectPolicy.NONE);
    private final StringProperty timeout = new SimpleStringProperty(Durations.format(Task.DEFAULT_TIMEOUT));
    private final StringProperty retries = new SimpleStringProperty("0");
    private final StringProperty backoff = new SimpleStringProperty(Durations.format(RetryPolicy.NONE.initialBackoff()));
    private final StringProperty multiplier = new SimpleStringProperty(Double.toString(RetryPolicy.NONE.multiplier()));
    private final StringProperty maxBackoff = new SimpleStringProperty(Durations.format(RetryPolicy.NONE.maxBackoff()));
    private final StringProperty jitter = new SimpleStringProperty(Double.toString(RetryPolicy.NONE.jitter()));
    private final ObjectProperty<MisfirePolicy> misfire = new SimpleObjectProperty<>(MisfirePolicy.FIRE_ONCE);
    private final StringProperty catchUpLimit = new SimpleStringProperty("10");
    /** Empty: not sharded; else a number of shards or per-worker. */
    private final StringProperty shards = new SimpleStringProperty("");
    private final ObjectProperty<ConcurrencyPolicy> concurrency = new SimpleObjectProperty<>(ConcurrencyPolicy.FORBID);
    private final BooleanProperty enabled = new SimpleBooleanProperty(true);
    private final StringProperty owner = new SimpleStringProperty("");
    private final StringProperty labels = new SimpleStringProperty("");
    private final StringProperty alerts = new SimpleStringProperty("");
    private final StringProperty params = new SimpleStringProperty("");
    private final StringProperty scheduleDescription = new SimpleStringProperty("");
    private final StringProperty error = new SimpleStringProperty("");
    private final StringProperty managed = new SimpleStringProperty("");
    private final BooleanProperty busy = new SimpleBooleanProperty();
    private final BooleanProperty valid = new SimpleBooleanProperty();
    private final StringProperty saveHint = new SimpleStringProperty("");
    private final ObservableList<FieldError> shownErrors = FXCollections.observableArrayList();
    private final ObservableList<String> nextFires = FXCollections.observableArrayList();
    private final StringProperty nextFiresProblem = new SimpleStringProperty("");
    private final EditorErrors validation = new EditorErrors();
    private final DuplicateNameCheck duplicateName;
    private final NextFires fires;
    private final TaskCalendar calendar;
    /** True while the fields are filled from a task: that is not the operator touching them. */
    private boolean filling;

    private final TaskStore tasks;
    private final Workspace workspace;
    private final UiExecutor executor;
    private final Messages messages;
    private Task original;
    /** The task whose values the fields show (the one edited or duplicated): what a mask stands for. */
    private Task source;

    /** @param tasks a store that announces the changes made through it to the nodes */
    public TaskEditorViewModel(TaskStore tasks, Workspace workspace, UiExecutor executor, Messages messages) {
        this.tasks = tasks;
        this.workspace = workspace;
        this.executor = executor;
        this.messages = messages;
        this.fires = new NextFires(messages, workspace.clock());
        this.calendar = new TaskCalendar(workspace, executor, messages, this::check);
        this.duplicateName = new DuplicateNameCheck(taken -> tasks.findByName(workspace.namespace(), taken), executor,
                clash -> check());
        input(EditorField.NAME, name);
        input(EditorField.GROUP, group);
        input(EditorField.OWNER, owner);
        input(EditorField.DESCRIPTION, description);
        input(EditorField.CRON, cron);
        input(EditorField.DIALECT, dialect);
        input(EditorField.ZONE, zone);
        input(EditorField.TYPE, type);
        input(EditorField.COMMAND, command);
        input(EditorField.WORK_DIR, workDir);
        input(EditorField.ENV, env);
        input(EditorField.METHOD, httpMethod);
        input(EditorField.URL, url);
        input(EditorField.HEADERS, headers);
        input(EditorField.BODY, body);
        input(EditorField.ACCEPT, accept);
        input(EditorField.REDIRECTS, redirects);
        input(EditorField.TIMEOUT, timeout);
        input(EditorField.RETRIES, retries);
        input(EditorField.BACKOFF, backoff);
        input(EditorField.MULTIPLIER, multiplier);
        input(EditorField.MAX_BACKOFF, maxBackoff);
        input(EditorField.JITTER, jitter);
        input(EditorField.MISFIRE, misfire);
        input(EditorField.CATCH_UP_LIMIT, catchUpLimit);
        input(EditorField.CONCURRENCY, concurrency);
        input(EditorField.SHARDS, shards);
        input(EditorField.LABELS, labels);
        input(EditorField.PARAMS, params);
        input(EditorField.ALERTS, alerts);
        name.addListener((o, before, after) -> duplicateName.nameChanged(after));
        check();
    }

    /** A change the operator makes to {@code property} touches {@code field}. */
    private <T> void input(EditorField field, Property<T> property) {
        property.addListener((o, before, after) -> {
            if (!filling) {
                validation.touch(field);
            }
            check();
        });
    }

    /**
     * How long the name check waits for typing to pause; until this is called it looks up at once
     * (the view sets a real pause, tests keep it immediate or step it by hand).
     */
    public void debounceNameChecksWith(Debouncer debouncer) {
        duplicateName.debounceWith(debouncer);
    }

    /** The operator has left {@code field}: its error may show now. */
    public void touch(EditorField field) {
        validation.touch(field);
        publish();
    }

    /**
     * Offers the calendar field, saved through {@code calendars}; without it the field is hidden.
     * Call before {@link #edit}, {@link #duplicate} or {@link #startNew}.
     */
    public TaskEditorViewModel withCalendars(io.redcron.port.CalendarStore calendars) {
        calendar.use(calendars);
        return this;
    }

    /** A new task: reads the calendars to choose from. */
    public void startNew() {
        calendar.load(null, false);
    }

    /**
     * Says, above the editor's buttons, that an application declares the task in its code: what
     * an edit here gets (overwritten at the application's next start, or refused) and what drifted.
     */
    public void declaredInCode(String notice) {
        managed.set(notice == null ? "" : notice);
    }

    /** What {@link #declaredInCode} said; empty for a task no application declares. */
    public StringProperty managedProperty() { return managed; }

    /** Edits a stored task (saving updates it, if nobody changed it meanwhile). */
    public void edit(Task task) {
        original = task;
        source = task;
        duplicateName.exclude(task.id());
        fill(CredentialRedaction.task(task));
        calendar.load(task.id(), true);
    }

    /** A new task with the fields of {@code task} and a new name. */
    public void duplicate(Task task) {
        original = null;
        source = task;
        duplicateName.exclude(null);
        fill(CredentialRedaction.task(task));
        filling = true;
        try {
            name.set(messages.get("editor.copyOf", task.name()));
        } finally {
            filling = false;
        }
        calendar.load(task.id(), false); // the copy follows the same calendar once saved
    }

    public boolean isNew() {
        return original == null;
    }

    private void fill(Task task) {
        filling = true;
        try {
            fillFrom(task);
        } finally {
            filling = false;
        }
    }

    private void fillFrom(Task task) {
        name.set(task.name());
        group.set(task.group());
        description.set(task.description());
        cron.set(task.cron());
        dialect.set(task.dialect().id());
        zone.set(task.zone().getId());
        type.set(task.type());
        workDir.set("");
        env.set("");
        if (task.payload() instanceof ExecPayload exec) {
            command.set(String.join("\n", exec.argv()));
            workDir.set(exec.workDir() == null ? "" : exec.workDir());
            env.set(lines(exec.env(), "="));
        } else if (task.payload() instanceof ShellPayload shell) {
            command.set(shell.command());
            workDir.set(shell.workDir() == null ? "" : shell.workDir());
            env.set(lines(shell.env(), "="));
        } else if (task.payload() instanceof HttpPayload http) {
            httpMethod.set(http.method());
            url.set(http.url().toString());
            headers.set(lines(http.headers(), ": "));
            body.set(http.body());
            accept.set(http.acceptedStatuses().stream().sorted().map(String::valueOf).collect(Collectors.joining(", ")));
            redirects.set(http.redirects());
        } else if (task.payload() instanceof JavaPayload java) {
            command.set(java.handler());
        }
        timeout.set(Durations.format(task.timeout()));
        retries.set(Integer.toString(task.retry().retries()));
        backoff.set(Durations.format(task.retry().initialBackoff()));
        multiplier.set(Double.toString(task.retry().multiplier()));
        maxBackoff.set(Durations.format(task.retry().maxBackoff()));
        jitter.set(Double.toString(task.retry().jitter()));
        misfire.set(task.misfirePolicy());
        catchUpLimit.set(Integer.toString(task.catchUpLimit()));
        concurrency.set(task.concurrencyPolicy());
        shards.set(task.sharding().isSharded() ? task.sharding().format() : "");
        enabled.set(task.enabled());
        owner.set(task.owner());
        labels.set(lines(task.labels(), "="));
        alerts.set(String.join("\n", task.alertTargets()));
        params.set(lines(task.params(), "="));
    }

    private static String lines(Map<String, String> map, String separator) {
        return map.entrySet().stream().map(e -> e.getKey() + separator + e.getValue()).collect(Collectors.joining("\n"));
    }

    /**
     * Checks every field; cheap and local, so it runs as the operator types. All problems are
     * found at once; which of them show depends on what was touched ({@link EditorErrors}).
     */
    public TaskForm.Result check() {
        TaskForm.Values values = values();
        TaskForm.Result result = keepingHiddenCredentials(TaskForm.check(values, original));
        Map<EditorField, String> byField = new EnumMap<>(FieldRules.check(values, messages));
        List<FieldError> problems = new ArrayList<>();
        result.errors().forEach((domainName, message) -> {
            EditorField field = EditorField.forDomainName(domainName);
            if (field == null) {
                problems.add(new FieldError(null, domainName + ": " + message));
            } else {
                byField.putIfAbsent(field, messages.get("editor.check.other", FieldRules.label(messages, domainName),
                        message));
            }
        });
        String clash = duplicateName.clash();
        if (!clash.isEmpty() && clash.equals(name.get().trim())) {
            byField.putIfAbsent(EditorField.NAME, messages.get("editor.check.duplicate", clash));
        }
        byField.forEach((field, message) -> problems.add(new FieldError(field, message)));
        validation.update(problems);
        valid.set(problems.isEmpty());
        if (valid.get() && error.get().equals(messages.get("editor.invalid"))) {
            error.set("");
        }
        saveHint.set(valid.get() ? "" : saveHint(validation.all()));
        publish();
        String cronProblem = byField.getOrDefault(EditorField.CRON, byField.getOrDefault(EditorField.DIALECT, ""));
        scheduleDescription.set(cronProblem.isEmpty() ? describe() : "");
        NextFires.Preview preview = fires.preview(cron.get(), dialect.get(), zone.get(), cronProblem,
                calendar.exclusion());
        nextFires.setAll(preview.fires());
        nextFiresProblem.set(preview.problem());
        return result;
    }

    private String saveHint(List<FieldError> problems) {
        StringBuilder hint = new StringBuilder(messages.get("editor.saveHint", problems.size()));
        problems.forEach(problem -> hint.append("\n• ").append(problem.message()));
        return hint.toString();
    }

    private void publish() {
        List<FieldError> shown = validation.shown();
        if (!shown.equals(shownErrors)) {
            shownErrors.setAll(shown);
        }
    }

    /** The task as it will be stored: what is still masked keeps the value behind the mask. */
    private TaskForm.Result keepingHiddenCredentials(TaskForm.Result result) {
        if (!result.valid()) {
            return result;
        }
        try {
            return new TaskForm.Result(MaskedCredentials.restore(result.task(), source), Map.of());
        } catch (InvalidTaskException e) {
            return new TaskForm.Result(null, Map.of(e.field(), TaskForm.message(e)));
        }
    }

    private String describe() {
        try {
            return io.redcron.schedule.CronSchedule.parse(cron.get(), io.redcron.format.TaskDocument.dialect(dialect.get()))
                    .describe(messages.locale());
        } catch (RuntimeException e) {
            return "";
        }
    }

    private TaskForm.Values values() {
        return new TaskForm.Values(name.get(), group.get(), description.get(), cron.get(), dialect.get(), zone.get(),
                type.get(), command.get(), workDir.get(), env.get(), httpMethod.get(), url.get(), headers.get(), body.get(),
                accept.get(), redirects.get(), timeout.get(), retries.get(), backoff.get(), multiplier.get(), maxBackoff.get(), jitter.get(),
                misfire.get(), catchUpLimit.get(), concurrency.get(), enabled.get(), owner.get(), labels.get(),
                alerts.get(), params.get(), shards.get());
    }

    /** Saves, then calls {@code onSaved} with the stored task; errors stay in the editor. */
    public void save(Consumer<Task> onSaved) {
        validation.touchAll();
        TaskForm.Result result = check();
        if (!valid.get()) {
            error.set(messages.get("editor.invalid"));
            return;
        }
        Task draft = result.task().toBuilder().namespace(workspace.namespace()).build();
        boolean creating = original == null;
        busy.set(true);
        error.set("");
        TaskCalendar.Sync binding = calendar.sync();
        executor.submit(() -> {
            binding.check();
            Task stored = creating ? tasks.create(draft, workspace.operator()) : tasks.update(draft, workspace.operator());
            try {
                return new Saved(stored, binding.apply(stored.id()), null);
            } catch (RuntimeException e) {
                return new Saved(stored, java.util.Optional.empty(), e);
            }
        }, saved -> {
                    busy.set(false);
                    original = saved.task();
                    if (saved.bindingFailure() != null) {
                        // the task is stored; the editor stays open to show why its calendar is not
                        calendar.failed(saved.bindingFailure());
                        error.set(messages.get("calendars.failed", saved.bindingFailure().getMessage()));
                        return;
                    }
                    calendar.saved(saved.binding());
                    onSaved.accept(saved.task());
                }, failure -> {
                    busy.set(false);
                    if (failure instanceof io.redcron.calendar.UnknownCalendarException) {
                        calendar.failed(failure);
                        error.set(messages.get("editor.invalid"));
                    } else if (failure instanceof StaleTaskException) {
                        error.set(messages.get("editor.stale"));
                    } else if (failure instanceof StoreException || failure instanceof IllegalArgumentException) {
                        error.set(failure.getMessage());
                    } else {
                        error.set(messages.get("editor.failed", String.valueOf(failure.getMessage())));
                    }
                });
    }

    private record Saved(Task task, java.util.Optional<io.redcron.calendar.CalendarBinding> binding,
                         RuntimeException bindingFailure) {
    }

    public StringProperty nameProperty() { return name; }
    /** The business calendar the task follows, and how. */
    public TaskCalendar calendar() { return calendar; }
    public StringProperty groupProperty() { return group; }
    public StringProperty descriptionProperty() { return description; }
    public StringProperty cronProperty() { return cron; }
    /** The schedule as the cron builder starts from it: an unreadable dialect or zone gives the default. */
    public io.redcron.desktop.cron.CronBuilderResult schedule() {
        io.redcron.schedule.CronDialect current;
        java.time.ZoneId zoneId;
        try {
            current = io.redcron.format.TaskDocument.dialect(dialect.get());
        } catch (RuntimeException e) {
            current = io.redcron.schedule.CronDialect.UNIX;
        }
        try {
            zoneId = Task.zone(zone.get());
        } catch (RuntimeException e) {
            zoneId = java.time.ZoneId.of("UTC");
        }
        return new io.redcron.desktop.cron.CronBuilderResult(cron.get(), current, zoneId, calendar.choice());
    }

    /** Takes the schedule the cron builder returned. */
    public void useSchedule(io.redcron.desktop.cron.CronBuilderResult built) {
        dialect.set(built.dialect().id());
        zone.set(built.zone().getId());
        cron.set(built.expression());
        calendar.choose(built.calendar());
    }

    public StringProperty dialectProperty() { return dialect; }
    public StringProperty zoneProperty() { return zone; }
    public ObjectProperty<TaskType> typeProperty() { return type; }
    public StringProperty commandProperty() { return command; }
    public StringProperty workDirProperty() { return workDir; }
    public StringProperty envProperty() { return env; }
    public StringProperty httpMethodProperty() { return httpMethod; }
    public StringProperty urlProperty() { return url; }
    public StringProperty headersProperty() { return headers; }
    public StringProperty bodyProperty() { return body; }
    public StringProperty acceptProperty() { return accept; }
    public ObjectProperty<RedirectPolicy> redirectsProperty() { return redirects; }
    public StringProperty timeoutProperty() { return timeout; }
    public StringProperty retriesProperty() { return retries; }
    public StringProperty backoffProperty() { return backoff; }
    public StringProperty multiplierProperty() { return multiplier; }
    public StringProperty maxBackoffProperty() { return maxBackoff; }
    public StringProperty jitterProperty() { return jitter; }
    public ObjectProperty<MisfirePolicy> misfireProperty() { return misfire; }
    public StringProperty catchUpLimitProperty() { return catchUpLimit; }
    public StringProperty shardsProperty() { return shards; }
    public ObjectProperty<ConcurrencyPolicy> concurrencyProperty() { return concurrency; }
    public BooleanProperty enabledProperty() { return enabled; }
    public StringProperty ownerProperty() { return owner; }
    public StringProperty labelsProperty() { return labels; }
    public StringProperty alertsProperty() { return alerts; }
    public StringProperty paramsProperty() { return params; }
    public StringProperty scheduleDescriptionProperty() { return scheduleDescription; }
    public StringProperty errorProperty() { return error; }
    public BooleanProperty busyProperty() { return busy; }
    public BooleanProperty validProperty() { return valid; }
    /** Why Save cannot store the task yet, for its tooltip; "" when it can. */
    public StringProperty saveHintProperty() { return saveHint; }
    /** The problems to show now, in the order of the form: at their fields, and as the summary by Save. */
    public ObservableList<FieldError> shownErrors() { return shownErrors; }
    /** Every problem of the form, shown or not, by field; one about no field is left out. */
    public Map<EditorField, String> allErrors() {
        Map<EditorField, String> out = new LinkedHashMap<>();
        validation.all().stream().filter(problem -> problem.field() != null)
                .forEach(problem -> out.put(problem.field(), problem.message()));
        return out;
    }
    /** The coming fires of the schedule typed, in its zone with the offset. */
    public ObservableList<String> nextFires() { return nextFires; }
    /** Why no fires can be shown ("" when they are). */
    public StringProperty nextFiresProblemProperty() { return nextFiresProblem; }
    /** The zones the zone picker offers. */
    public List<ZoneId> zones() { return Zones.ALL; }

    /** Every zone the runtime knows, sorted by id; read once. */
    private static final class Zones {
        static final List<ZoneId> ALL = ZoneId.getAvailableZoneIds().stream().sorted().map(ZoneId::of).toList();
    }
}
