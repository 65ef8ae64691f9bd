package io.redcron.desktop.tasks;

import io.redcron.desktop.ui.Messages;
import io.redcron.domain.Durations;
import io.redcron.domain.Identifiers;
import io.redcron.domain.InvalidTaskException;
import io.redcron.domain.Task;
import io.redcron.domain.TaskType;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.ZoneId;
import java.util.EnumMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The checks an operator meets most, made in the words of the form: each names the field as it is
 * labelled, speaks of what the form asks for (retries, not attempts) and quotes what was typed, in
 * the operator's language. The domain still checks everything when the task is built; what these
 * rules do not cover is shown as the domain words it, after the field's name.
 *
 * <p>The bounds are the domain's ({@link io.redcron.domain.RetryPolicy}, {@link Task}), restated
 * here in the form's terms; {@code FieldRulesTest} fails if they drift apart.
 */
final class FieldRules {
    /** {@code RetryPolicy} allows 1 to 100 attempts: the first one and up to 99 retries. */
    static final int MAX_RETRIES = 99;
    static final double MIN_MULTIPLIER = 1;
    static final double MAX_MULTIPLIER = 10;
    static final int MAX_CATCH_UP = 1000;
    static final int MAX_NAME = 200;
    static final int MAX_OWNER = 200;
    static final int MAX_DESCRIPTION = 2000;
    /** As {@link Task} reads label keys. */
    static final Pattern LABEL_KEY = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._/-]{0,62}");

    private final Messages messages;
    private final Map<EditorField, String> errors = new EnumMap<>(EditorField.class);

    private FieldRules(Messages messages) {
        this.messages = messages;
    }

    /** What is wrong with each field, by field; empty when these rules find nothing. */
    static Map<EditorField, String> check(TaskForm.Values v, Messages messages) {
        return new FieldRules(messages).checkAll(v);
    }

    /** The field's name as the form labels it, short enough to start a sentence with. */
    static String label(Messages messages, String domainName) {
        return messages.get("editor.field." + domainName);
    }

    private Map<EditorField, String> checkAll(TaskForm.Values v) {
        text(EditorField.NAME, "name", v.name(), true, MAX_NAME);
        if (!blank(v.group()) && !Identifiers.isIdentifier(v.group().trim())) {
            fail(EditorField.GROUP, "editor.check.identifier", label("group"), v.group());
        }
        text(EditorField.OWNER, "owner", v.owner(), false, MAX_OWNER);
        text(EditorField.DESCRIPTION, "description", v.description(), false, MAX_DESCRIPTION);
        if (blank(v.cron())) {
            fail(EditorField.CRON, "editor.check.required", label("cron"));
        }
        zone(v.zone());
        if (v.type() == TaskType.HTTP) {
            if (blank(v.url())) {
                fail(EditorField.URL, "editor.check.required", label("url"));
            }
        } else if (v.type() != null && blank(v.command())) {
            fail(EditorField.COMMAND, "editor.check.required", label(TaskForm.payloadField(v.type())));
        }
        Duration timeout = duration(EditorField.TIMEOUT, "timeout", v.timeout());
        if (timeout != null && timeout.compareTo(Task.MAX_TIMEOUT) > 0) {
            fail(EditorField.TIMEOUT, "editor.check.atMost", label("timeout"), Durations.format(Task.MAX_TIMEOUT),
                    v.timeout().trim());
        }
        whole(EditorField.RETRIES, "retries", v.retries(), 0, MAX_RETRIES);
        Duration backoff = duration(EditorField.BACKOFF, "retry-backoff", v.backoff());
        Duration maxBackoff = duration(EditorField.MAX_BACKOFF, "retry-max-backoff", v.maxBackoff());
        if (backoff != null && maxBackoff != null && maxBackoff.compareTo(backoff) < 0) {
            fail(EditorField.MAX_BACKOFF, "editor.check.notShorter", label("retry-max-backoff"), label("retry-backoff"),
                    v.backoff().trim(), v.maxBackoff().trim());
        }
        decimal(EditorField.MULTIPLIER, "retry-multiplier", v.multiplier(), MIN_MULTIPLIER, MAX_MULTIPLIER);
        decimal(EditorField.JITTER, "retry-jitter", v.jitter(), 0, 1);
        whole(EditorField.CATCH_UP_LIMIT, "catch-up-limit", v.catchUpLimit(), 1, MAX_CATCH_UP);
        if (v.type() == TaskType.EXEC || v.type() == TaskType.SHELL) {
            pairs(EditorField.ENV, "env", v.env(), '=');
        }
        if (v.type() == TaskType.HTTP) {
            pairs(EditorField.HEADERS, "http-header", v.headers(), ':');
        }
        pairs(EditorField.LABELS, "labels", v.labels(), '=');
        pairs(EditorField.PARAMS, "params", v.params(), '=');
        labelKeys(v.labels());
        parameterNames(v.params());
        return errors;
    }

    private void text(EditorField field, String name, String value, boolean required, int maxLength) {
        if (blank(value)) {
            if (required) {
                fail(field, "editor.check.required", label(name));
            }
        } else if (value.length() > maxLength) {
            fail(field, "editor.check.tooLong", label(name), String.valueOf(value.length()), String.valueOf(maxLength));
        }
    }

    /** One {@code KEY=value} (or {@code Name: value}) per line, as {@link TaskForm#pairs} reads them. */
    private void pairs(EditorField field, String name, String text, char separator) {
        for (String line : TaskForm.lines(text)) {
            if (line.indexOf(separator) <= 0) {
                fail(field, "editor.check.pairs", label(name), line, separator == '=' ? "KEY=value" : "Name: value");
            }
        }
    }

    /**
     * The task checks label keys only once every other field is right; checked here too, a bad
     * key shows with the rest.
     */
    private void labelKeys(String text) {
        for (String line : TaskForm.lines(text)) {
            int at = line.indexOf('=');
            String key = at > 0 ? line.substring(0, at).trim() : "";
            if (at > 0 && !LABEL_KEY.matcher(key).matches()) {
                fail(EditorField.LABELS, "editor.check.labelKey", label("labels"), key);
            }
        }
    }

    /** A parameter becomes an environment variable, so its name must be able to be one. */
    private void parameterNames(String text) {
        for (String line : TaskForm.lines(text)) {
            int at = line.indexOf('=');
            String parameter = at > 0 ? line.substring(0, at).trim() : "";
            if (at > 0 && !Identifiers.isParameterName(parameter)) {
                fail(EditorField.PARAMS, "editor.check.paramName", label("params"), parameter);
            }
        }
    }

    private void zone(String text) {
        if (blank(text)) {
            fail(EditorField.ZONE, "editor.check.required", label("zone"));
            return;
        }
        try {
            ZoneId.of(text.trim());
        } catch (DateTimeException e) {
            fail(EditorField.ZONE, "editor.check.zone", label("zone"), text);
        }
    }

    /** The duration typed, or null (with the field's error) when it is missing, unreadable or not positive. */
    private Duration duration(EditorField field, String name, String text) {
        if (blank(text)) {
            fail(field, "editor.check.required", label(name));
            return null;
        }
        Duration value;
        try {
            value = Durations.parse(name, text);
        } catch (InvalidTaskException | ArithmeticException e) {
            fail(field, "editor.check.duration", label(name), text.trim());
            return null;
        }
        if (value.isZero() || value.isNegative()) {
            fail(field, "editor.check.positive", label(name), text.trim());
            return null;
        }
        return value;
    }

    private void whole(EditorField field, String name, String text, int min, int max) {
        if (blank(text)) {
            fail(field, "editor.check.required", label(name));
            return;
        }
        long value;
        try {
            value = Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            fail(field, "editor.check.wholeNumber", label(name), text.trim());
            return;
        }
        if (value < min || value > max) {
            fail(field, "editor.check.between", label(name), String.valueOf(min), String.valueOf(max), text.trim());
        }
    }

    private void decimal(EditorField field, String name, String text, double min, double max) {
        if (blank(text)) {
            fail(field, "editor.check.required", label(name));
            return;
        }
        double value;
        try {
            value = Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            fail(field, "editor.check.number", label(name), text.trim());
            return;
        }
        if (!(value >= min && value <= max)) {
            fail(field, "editor.check.between", label(name), plain(min), plain(max), text.trim());
        }
    }

    private static String plain(double bound) {
        return bound == Math.rint(bound) ? String.valueOf((long) bound) : String.valueOf(bound);
    }

    private String label(String domainName) {
        return label(messages, domainName);
    }

    private void fail(EditorField field, String key, Object... arguments) {
        errors.putIfAbsent(field, messages.get(key, arguments));
    }

    private static boolean blank(String text) {
        return text == null || text.isBlank();
    }
}
