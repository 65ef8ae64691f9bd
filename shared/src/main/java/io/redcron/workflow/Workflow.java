package io.redcron.workflow;

import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.MisfirePolicy;
import io.redcron.schedule.CronDialect;
import io.redcron.schedule.CronSchedule;
import io.redcron.schedule.InvalidCronException;

import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A named graph of steps, validated on construction ({@link WorkflowGraph}). It runs by its own
 * cron (optional), by a manual trigger, or as a step of another workflow. {@code id},
 * {@code version}, the times and {@code nextFireAt} are the store's.
 *
 * @param misfirePolicy     what happens to the fires missed while no scheduler ran
 * @param concurrencyPolicy what a new run does while an earlier run of the workflow is unfinished:
 *                          allow (both go on), forbid (the new one waits until the earlier ends),
 *                          replace (the earlier one is cancelled)
 * @param enabled           false while the workflow is paused: its cron records nothing, and a
 *                          manual trigger is refused; runs already started go on
 * @param params            parameters every step run gets, under the trigger's and the step's own
 */
public record Workflow(Long id, String namespace, String name, String description, String cron,
                       CronDialect dialect, ZoneId zone, MisfirePolicy misfirePolicy, int catchUpLimit,
                       ConcurrencyPolicy concurrencyPolicy, boolean enabled, Map<String, String> params,
                       List<Step> steps, long version, Instant createdAt, Instant updatedAt, Instant nextFireAt) {

    public Workflow {
        if (!io.redcron.domain.Identifiers.isIdentifier(namespace)) {
            throw new InvalidWorkflowException("namespace", "'" + namespace + "' is not a namespace");
        }
        name = text("name", name, 200);
        description = description == null ? "" : description;
        if (description.length() > 2000) {
            throw new InvalidWorkflowException("description", "is " + description.length()
                    + " characters long, at most 2000 allowed");
        }
        cron = cron == null || cron.isBlank() ? null : cron.trim();
        dialect = dialect == null ? CronDialect.UNIX : dialect;
        zone = zone == null ? ZoneId.of("UTC") : zone;
        if (cron != null) {
            schedule(cron, dialect);
        }
        misfirePolicy = misfirePolicy == null ? MisfirePolicy.FIRE_ONCE : misfirePolicy;
        if (catchUpLimit < 1 || catchUpLimit > 1000) {
            throw new InvalidWorkflowException("catch-up-limit", "must be 1-1000, got " + catchUpLimit);
        }
        concurrencyPolicy = concurrencyPolicy == null ? ConcurrencyPolicy.FORBID : concurrencyPolicy;
        params = WorkflowParams.check("params", params);
        steps = WorkflowGraph.of(steps).steps();
    }

    private static String text(String field, String value, int max) {
        if (value == null || value.isBlank()) {
            throw new InvalidWorkflowException(field, "is required");
        }
        if (value.length() > max) {
            throw new InvalidWorkflowException(field, "is " + value.length() + " characters long, at most " + max
                    + " allowed");
        }
        if (value.chars().anyMatch(c -> c < 0x20 && c != '\t')) {
            throw new InvalidWorkflowException(field, "must not contain control characters");
        }
        return value;
    }

    private static CronSchedule schedule(String cron, CronDialect dialect) {
        try {
            return CronSchedule.parse(cron, dialect);
        } catch (InvalidCronException e) {
            throw new InvalidWorkflowException("cron", e.getMessage());
        }
    }

    /** The parsed schedule, if the workflow has a cron. */
    public Optional<CronSchedule> schedule() {
        return cron == null ? Optional.empty() : Optional.of(schedule(cron, dialect));
    }

    /** The first fire of its cron after {@code now}; null without a cron, while paused, or when it never fires again. */
    public Instant firstFireAfter(Instant now) {
        if (!enabled) {
            return null;
        }
        return schedule().flatMap(schedule -> schedule.nextAfter(now, zone)).map(java.time.ZonedDateTime::toInstant)
                .orElse(null);
    }

    public WorkflowGraph graph() {
        return WorkflowGraph.of(steps);
    }

    /** The same definition with the store's fields replaced. */
    public Workflow stored(long id, long version, Instant createdAt, Instant updatedAt, Instant nextFireAt) {
        return new Workflow(id, namespace, name, description, cron, dialect, zone, misfirePolicy, catchUpLimit,
                concurrencyPolicy, enabled, params, steps, version, createdAt, updatedAt, nextFireAt);
    }

    public Workflow withEnabled(boolean value) {
        return new Workflow(id, namespace, name, description, cron, dialect, zone, misfirePolicy, catchUpLimit,
                concurrencyPolicy, value, params, steps, version, createdAt, updatedAt, nextFireAt);
    }

    /** A new workflow of {@code namespace} with defaults for everything but its name and steps. */
    public static Workflow of(String namespace, String name, List<Step> steps) {
        return new Workflow(null, namespace, name, "", null, null, null, null, 1, null, true, Map.of(), steps, 0,
                null, null, null);
    }
}
