package io.redcron.domain;

import io.redcron.schedule.PauseWindow;

import java.time.Instant;
import java.util.Objects;

/**
 * A pause an operator put on a whole namespace or one routing group: the fires that fall in it
 * wait until it ends, then follow its resume policy.
 *
 * @param group     the routing group paused; null for the whole namespace
 * @param from      the first instant it covers
 * @param until     its planned end; null lasts until someone resumes it
 * @param onResume  what becomes of its fires once it ends
 * @param resumedAt when someone ended it by hand; null while nobody has
 */
public record MaintenanceWindow(long id, String namespace, String group, Instant from, Instant until,
                                MisfirePolicy onResume, String reason, String createdBy, Instant createdAt,
                                Instant resumedAt, String resumedBy) {
    /**
     * How long after its end a window still decides the fires it held: a leader that plans a held
     * task later than that (none ran for a month) treats them as misfires.
     */
    public static final java.time.Duration LOOK_BACK = java.time.Duration.ofDays(31);

    public MaintenanceWindow {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(onResume, "onResume");
    }

    /** What an operator asks for; {@code from} null means now. */
    public record Request(String group, Instant from, Instant until, MisfirePolicy onResume, String reason) {
        public static final int MAX_REASON = 200;

        /** Checks what can be checked without a clock; the store checks the times against its own. */
        public Request {
            if (group != null && !Identifiers.isIdentifier(group)) {
                throw new InvalidTaskException("group", Identifiers.IDENTIFIER_RULE + ", got '" + group + "'");
            }
            if (onResume == null) {
                throw new InvalidTaskException("on-resume", "is required: skip, fire-once or catch-up");
            }
            if (reason == null || reason.isBlank()) {
                throw new InvalidTaskException("reason", "is required: say why the fires are paused");
            }
            reason = reason.strip();
            if (reason.length() > MAX_REASON || reason.chars().anyMatch(Character::isISOControl)) {
                throw new InvalidTaskException("reason", "must be one line of at most " + MAX_REASON + " characters");
            }
            if (from != null && until != null && !until.isAfter(from)) {
                throw new InvalidTaskException("until", "must be after the start (" + from + "), got " + until);
            }
        }

        /** The request starting at {@code now} when it named no start; refused when it starts or ends in the past. */
        public Request startingBy(Instant now) {
            if (from != null && from.isBefore(now.minusSeconds(1))) {
                throw new InvalidTaskException("from", "must not be in the past (fires before now are already"
                        + " recorded), got " + from);
            }
            Instant start = from == null ? now : from;
            if (until != null && !until.isAfter(start)) {
                throw new InvalidTaskException("until", "must be after the start (" + start + "), got " + until);
            }
            return new Request(group, start, until, onResume, reason);
        }
    }

    /** When it stops covering fires: the earlier of its planned end and its resumption; null while open-ended. */
    public Instant end() {
        return pause().end();
    }

    /** Whether it is over at {@code now}: ended by its planned end or resumed. */
    public boolean isOverAt(Instant now) {
        return !pause().holdsAt(now);
    }

    /** Whether it has begun and is not over: fires due now are held. */
    public boolean isActiveAt(Instant now) {
        return !now.isBefore(from) && !isOverAt(now);
    }

    /** Whether it pauses the tasks of this routing group. */
    public boolean covers(String taskGroup) {
        return group == null || group.equals(taskGroup);
    }

    /** "namespace prod" or "group gpu". */
    public String scope() {
        return group == null ? "namespace " + namespace : "group " + group;
    }

    /** The window as the planner applies it; its label names it in the reasons of the fires it skips. */
    public PauseWindow pause() {
        return new PauseWindow(id, from, until, resumedAt, onResume,
                "maintenance window " + id + " (" + scope() + ": " + reason + ")");
    }
}
