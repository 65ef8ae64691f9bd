package io.redcron.domain;

import io.redcron.schedule.CronDialect;
import io.redcron.schedule.CronSchedule;
import io.redcron.schedule.InvalidCronException;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A task definition, validated on construction: an instance that exists is one the stores may
 * hold. {@code id}, {@code version}, {@code createdAt}, {@code updatedAt} and {@code nextFireAt}
 * are owned by the store; a new task has {@code id == null}.
 *
 * @param group      routing group: only workers serving it run the task
 * @param catchUpLimit the most missed fires {@link MisfirePolicy#CATCH_UP} replays
 * @param sharding   whether each fire is fanned out over shards ({@link Sharding#NONE} if not)
 * @param nextFireAt the next fire the scheduler has planned, null until it has
 */
public record Task(Long id, String namespace, String name, String group, String description,
                   String cron, CronDialect dialect, ZoneId zone, TaskPayload payload, Duration timeout,
                   RetryPolicy retry, MisfirePolicy misfirePolicy, int catchUpLimit,
                   ConcurrencyPolicy concurrencyPolicy, Sharding sharding, boolean enabled, String owner, Map<String, String> labels,
                   List<String> alertTargets, Map<String, String> params, long version, Instant createdAt,
                   Instant updatedAt, Instant nextFireAt) {

    public static final String DEFAULT_NAMESPACE = "default";
    public static final String DEFAULT_GROUP = "default";
    public static final Duration DEFAULT_TIMEOUT = Duration.ofHours(1);
    public static final Duration MAX_TIMEOUT = Duration.ofDays(7);
    private static final Pattern LABEL_KEY = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._/-]{0,62}");

    public Task {
        namespace = Checks.identifier("namespace", namespace);
        name = Checks.text("name", name, 200);
        group = Checks.identifier("group", group);
        description = Checks.optionalText("description", description, 2000);
        Checks.required("dialect", dialect);
        Checks.required("zone", zone);
        schedule(cron, dialect);
        cron = cron.trim();
        if (payload == null) {
            throw new InvalidTaskException("type", "is required: give a program (exec), a command line (shell),"
                    + " a URL (http) or a handler (java)");
        }
        Checks.positive("timeout", timeout);
        if (timeout.compareTo(MAX_TIMEOUT) > 0) {
            throw new InvalidTaskException("timeout", "must be at most " + Durations.format(MAX_TIMEOUT) + ", got "
                    + Durations.format(timeout));
        }
        Checks.required("retries", retry);
        Checks.required("misfire", misfirePolicy);
        if (catchUpLimit < 1 || catchUpLimit > 1000) {
            throw new InvalidTaskException("catch-up-limit", "must be 1-1000, got " + catchUpLimit);
        }
        Checks.required("concurrency", concurrencyPolicy);
        sharding = sharding == null ? Sharding.NONE : sharding;
        owner = Checks.optionalText("owner", owner, 200);
        labels = labels == null ? Map.of() : Map.copyOf(labels);
        labels.forEach((key, value) -> {
            if (!LABEL_KEY.matcher(key).matches()) {
                throw new InvalidTaskException("labels", "'" + key + "' is not a label key (letters, digits, '.', '_', '/', '-')");
            }
            Checks.optionalText("labels", value, 200);
        });
        alertTargets = alertTargets == null ? List.of() : List.copyOf(alertTargets);
        for (String target : alertTargets) {
            Checks.text("alerts", target, 500);
        }
        Checks.payloadList("alerts", alertTargets);
        alertTargets.forEach(AlertTarget::parse);
        params = Checks.params("params", params);
    }

    /** The parsed schedule; parsing is cheap but callers on hot paths should keep the result. */
    public CronSchedule schedule() {
        return schedule(cron, dialect);
    }

    /** Whether the task, as it is now, has a fire at {@code at}: enabled, and its schedule fires then. */
    public boolean firesAt(Instant at) {
        if (!enabled) {
            return false;
        }
        return schedule().nextAfter(at.minusSeconds(1), zone).map(next -> next.toInstant().equals(at)).orElse(false);
    }

    /**
     * When the task fires next after {@code now}: the fire the scheduler planned if it is still
     * ahead, else the next one of its cron; empty when disabled or when it never fires again.
     */
    public java.util.Optional<Instant> nextFire(Instant now) {
        if (!enabled) {
            return java.util.Optional.empty();
        }
        if (nextFireAt != null && nextFireAt.isAfter(now)) {
            return java.util.Optional.of(nextFireAt);
        }
        return schedule().nextAfter(now, zone).map(java.time.ZonedDateTime::toInstant);
    }

    public TaskType type() {
        return payload.type();
    }

    public static ZoneId zone(String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidTaskException("zone", "is required (an IANA time zone such as Europe/Berlin or UTC)");
        }
        try {
            return ZoneId.of(text.trim());
        } catch (DateTimeException e) {
            throw new InvalidTaskException("zone", "'" + text + "' is not an IANA time zone (for example Europe/Berlin, UTC)");
        }
    }

    private static CronSchedule schedule(String cron, CronDialect dialect) {
        if (cron == null || cron.isBlank()) {
            throw new InvalidTaskException("cron", "is required");
        }
        try {
            return CronSchedule.parse(cron, dialect);
        } catch (InvalidCronException e) {
            throw new InvalidTaskException("cron", e.getMessage());
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Mutable staging for a {@link Task}; {@link #build()} validates. */
    public static final class Builder {
        private Long id;
        private String namespace = DEFAULT_NAMESPACE;
        private String name;
        private String group = DEFAULT_GROUP;
        private String description = "";
        private String cron;
        private CronDialect dialect = CronDialect.UNIX;
        private ZoneId zone = ZoneId.of("UTC");
        private TaskPayload payload;
        private Duration timeout = DEFAULT_TIMEOUT;
        private RetryPolicy retry = RetryPolicy.NONE;
        private MisfirePolicy misfirePolicy = MisfirePolicy.FIRE_ONCE;
        private int catchUpLimit = 10;
        private ConcurrencyPolicy concurrencyPolicy = ConcurrencyPolicy.FORBID;
        private Sharding sharding = Sharding.NONE;
        private boolean enabled = true;
        private String owner = "";
        private Map<String, String> labels = Map.of();
        private List<String> alertTargets = List.of();
        private Map<String, String> params = Map.of();
        private long version;
        private Instant createdAt;
        private Instant updatedAt;
        private Instant nextFireAt;

        private Builder() {
        }

        private Builder(Task task) {
            id = task.id;
            namespace = task.namespace;
            name = task.name;
            group = task.group;
            description = task.description;
            cron = task.cron;
            dialect = task.dialect;
            zone = task.zone;
            payload = task.payload;
            timeout = task.timeout;
            retry = task.retry;
            misfirePolicy = task.misfirePolicy;
            catchUpLimit = task.catchUpLimit;
            concurrencyPolicy = task.concurrencyPolicy;
            sharding = task.sharding;
            enabled = task.enabled;
            owner = task.owner;
            labels = task.labels;
            alertTargets = task.alertTargets;
            params = task.params;
            version = task.version;
            createdAt = task.createdAt;
            updatedAt = task.updatedAt;
            nextFireAt = task.nextFireAt;
        }

        public Builder id(Long value) { id = value; return this; }
        public Builder namespace(String value) { namespace = value; return this; }
        public Builder name(String value) { name = value; return this; }
        public Builder group(String value) { group = value; return this; }
        public Builder description(String value) { description = value; return this; }
        public Builder cron(String value) { cron = value; return this; }
        public Builder dialect(CronDialect value) { dialect = value; return this; }
        public Builder zone(ZoneId value) { zone = value; return this; }
        public Builder payload(TaskPayload value) { payload = value; return this; }
        public Builder timeout(Duration value) { timeout = value; return this; }
        public Builder retry(RetryPolicy value) { retry = value; return this; }
        public Builder misfirePolicy(MisfirePolicy value) { misfirePolicy = value; return this; }
        public Builder catchUpLimit(int value) { catchUpLimit = value; return this; }
        public Builder concurrencyPolicy(ConcurrencyPolicy value) { concurrencyPolicy = value; return this; }
        public Builder sharding(Sharding value) { sharding = value; return this; }
        public Builder enabled(boolean value) { enabled = value; return this; }
        public Builder owner(String value) { owner = value; return this; }
        public Builder labels(Map<String, String> value) { labels = value; return this; }
        public Builder alertTargets(List<String> value) { alertTargets = value; return this; }
        public Builder params(Map<String, String> value) { params = value; return this; }
        public Builder version(long value) { version = value; return this; }
        public Builder createdAt(Instant value) { createdAt = value; return this; }
        public Builder updatedAt(Instant value) { updatedAt = value; return this; }
        public Builder nextFireAt(Instant value) { nextFireAt = value; return this; }

        public RetryPolicy retryPolicy() {
            return retry;
        }

        public Task build() {
            return new Task(id, namespace, name, group, description, cron, dialect, zone, payload, timeout, retry,
                    misfirePolicy, catchUpLimit, concurrencyPolicy, sharding, enabled, owner, labels, alertTargets, params,
                    version, createdAt, updatedAt, nextFireAt);
        }
    }
}
