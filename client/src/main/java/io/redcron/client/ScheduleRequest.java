package io.redcron.client;

import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * What to run, when, with which parameters, and under which idempotency key. Immutable: each
 * method returns a new request, checked as it is made, so a bad one fails where it is written.
 *
 * <pre>{@code
 * ScheduleRequest.of("cancel-order").in(Duration.ofMinutes(30)).param("ORDER_ID", "42")
 *         .idempotencyKey("cancel-order-42")
 * }</pre>
 */
public final class ScheduleRequest {
    /** At most this many characters of printable text; unique per task. */
    public static final int MAX_KEY_LENGTH = 200;
    /** How far ahead a run may be scheduled. */
    public static final Duration MAX_AHEAD = Duration.ofDays(366);
    private static final int MAX_TASK_NAME = 200;
    private static final Pattern PARAMETER_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,63}");

    private final String task;
    private final Instant at;
    private final Duration delay;
    private final Map<String, String> params;
    private final String idempotencyKey;

    private ScheduleRequest(String task, Instant at, Duration delay, Map<String, String> params, String idempotencyKey) {
        this.task = task;
        this.at = at;
        this.delay = delay;
        this.params = params;
        this.idempotencyKey = idempotencyKey;
    }

    /** A run of the task with this name (in the client's namespace), now, without parameters. */
    public static ScheduleRequest of(String task) {
        if (task == null || task.isBlank()) {
            throw new RedcronClientException("task", "a task name is required");
        }
        if (task.length() > MAX_TASK_NAME) {
            throw new RedcronClientException("task", "is " + task.length() + " characters long, at most "
                    + MAX_TASK_NAME + " allowed");
        }
        return new ScheduleRequest(task, null, null, Map.of(), null);
    }

    /** At this time; a time already past means now. */
    public ScheduleRequest at(Instant time) {
        if (time == null) {
            throw new RedcronClientException("at", "a time is required");
        }
        return new ScheduleRequest(task, time, null, params, idempotencyKey);
    }

    /** This long after the request is recorded, by the database's clock. */
    public ScheduleRequest in(Duration after) {
        if (after == null || after.isNegative()) {
            throw new RedcronClientException("in", "must be zero or positive, got " + after);
        }
        return new ScheduleRequest(task, null, after, params, idempotencyKey);
    }

    /** Adds a parameter; the run sees it as {@code $REDCRON_PARAM_<NAME>}. */
    public ScheduleRequest param(String name, String value) {
        if (name == null || !PARAMETER_NAME.matcher(name).matches()) {
            throw new RedcronClientException("params", "parameter name '" + name
                    + "' must match [A-Za-z_][A-Za-z0-9_]* (at most 64 characters; it becomes the environment"
                    + " variable REDCRON_PARAM_<NAME>)");
        }
        if (value == null) {
            throw new RedcronClientException("params", "parameter '" + name + "' has no value");
        }
        if (value.indexOf('\0') >= 0) {
            throw new RedcronClientException("params", "parameter '" + name + "' contains a NUL character");
        }
        Map<String, String> more = new TreeMap<>(params);
        more.put(name, value);
        return new ScheduleRequest(task, at, delay, Collections.unmodifiableMap(more), idempotencyKey);
    }

    /** Adds each of these parameters, as {@link #param} does. */
    public ScheduleRequest params(Map<String, String> values) {
        ScheduleRequest request = this;
        for (Map.Entry<String, String> entry : Objects.requireNonNull(values, "values").entrySet()) {
            request = request.param(entry.getKey(), entry.getValue());
        }
        return request;
    }

    /**
     * A key that makes the request safe to repeat: whoever sends it again for the same task, however
     * many at once, gets the run the first one recorded.
     */
    public ScheduleRequest idempotencyKey(String key) {
        if (key == null || key.isBlank()) {
            throw new RedcronClientException("idempotency-key", "must not be blank");
        }
        if (key.length() > MAX_KEY_LENGTH) {
            throw new RedcronClientException("idempotency-key", "is " + key.length() + " characters long, at most "
                    + MAX_KEY_LENGTH + " allowed");
        }
        if (key.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            throw new RedcronClientException("idempotency-key", "must not contain control characters");
        }
        return new ScheduleRequest(task, at, delay, params, key);
    }

    public String task() {
        return task;
    }

    public Map<String, String> params() {
        return params;
    }

    /** The key, or null. */
    public String idempotencyKey() {
        return idempotencyKey;
    }

    /** The time given with {@link #at}, or null. */
    Instant time() {
        return at;
    }

    /** The delay given with {@link #in}, or null. */
    Duration delay() {
        return delay;
    }

    /**
     * When the run is asked for, given the time {@code now}: null for now (no time given, or one
     * not after {@code now}).
     *
     * @throws RedcronClientException naming {@code at} for a time more than {@link #MAX_AHEAD} ahead
     */
    Instant timeAfter(Instant now) {
        Instant asked = delay != null ? now.plus(delay) : at;
        if (asked == null || !asked.isAfter(now)) {
            return null;
        }
        if (asked.isAfter(now.plus(MAX_AHEAD))) {
            throw new RedcronClientException("at", "is more than " + MAX_AHEAD.toDays() + " days ahead");
        }
        return asked;
    }

    @Override
    public String toString() {
        return "ScheduleRequest[task=" + task + (at != null ? ", at=" + at : "") + (delay != null ? ", in=" + delay : "")
                + ", params=" + params.keySet() + (idempotencyKey != null ? ", idempotencyKey=" + idempotencyKey : "") + "]";
    }
}
