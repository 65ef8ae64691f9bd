package io.redcron.domain;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * A request to run a task outside its schedule: now, or at a given time (a one-off run), with
 * parameters, and optionally an idempotency key: a request repeated with the same key (for the
 * same task) gets the run the first one recorded, however many clients send it at once.
 *
 * @param at             when to run it; null (or a time not after the request) means now
 * @param idempotencyKey null, or 1-200 printable characters
 */
public record RunRequest(Map<String, String> params, Instant at, String idempotencyKey) {
    public static final int MAX_KEY_LENGTH = 200;
    /** How far ahead a one-off run may be asked for. */
    public static final Duration MAX_AHEAD = Duration.ofDays(366);

    public RunRequest {
        params = params == null ? Map.of() : Map.copyOf(params);
        if (idempotencyKey != null) {
            if (idempotencyKey.isBlank()) {
                throw new InvalidTaskException("idempotency-key", "must not be blank");
            }
            if (idempotencyKey.length() > MAX_KEY_LENGTH) {
                throw new InvalidTaskException("idempotency-key", "is " + idempotencyKey.length()
                        + " characters long, at most " + MAX_KEY_LENGTH + " allowed");
            }
            if (idempotencyKey.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
                throw new InvalidTaskException("idempotency-key", "must not contain control characters");
            }
        }
    }

    public static RunRequest now(Map<String, String> params) {
        return new RunRequest(params, null, null);
    }

    /** Whether it asks for a time after {@code now}: a one-off run, held until then. */
    public boolean isLater(Instant now) {
        return at != null && at.isAfter(now);
    }

    /** Refuses a time too far ahead, naming the field. */
    public void checkAt(Instant now) {
        if (at != null && at.isAfter(now.plus(MAX_AHEAD))) {
            throw new InvalidTaskException("at", "is more than " + MAX_AHEAD.toDays() + " days ahead");
        }
    }
}
