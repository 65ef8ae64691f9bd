package io.redcron.node.sandbox;

import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.RetryPolicy;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.port.TaskStore;
import io.redcron.schedule.CronDialect;

import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;

/** The tasks a new sandbox starts with, so there is something to watch right away. */
public final class DemoTasks {
    private DemoTasks() {
    }

    public static List<Task> all() {
        return List.of(
                demo("hello", "Greets every 10 seconds", "*/10 * * * * ?", CronDialect.QUARTZ, "UTC",
                        "echo \"Hello from Redcron: run $REDCRON_RUN_ID, attempt $REDCRON_ATTEMPT, scheduled $REDCRON_SCHEDULED_AT\"")
                        .build(),
                demo("disk-usage", "Reports the free disk space every minute", "* * * * *", CronDialect.UNIX, "UTC",
                        "df -h . | tail -n 1").build(),
                demo("flaky", "Fails about half the time and retries twice with backoff", "*/5 * * * *",
                        CronDialect.UNIX, "UTC", "n=$(date +%s); echo \"rolling $n\"; exit $((n % 2))")
                        .retry(new RetryPolicy(3, Duration.ofSeconds(5), 2.0, Duration.ofMinutes(1), 0.1)).build(),
                demo("weekday-report", "Runs at 09:30 Berlin time on weekdays", "30 9 * * 1-5", CronDialect.UNIX,
                        "Europe/Berlin", "echo \"report for $REDCRON_SCHEDULED_AT ($REDCRON_PARAM_AUDIENCE)\"")
                        .params(Map.of("AUDIENCE", "team")).concurrencyPolicy(ConcurrencyPolicy.FORBID).build());
    }

    /** Adds the demo tasks that do not exist yet; returns how many were added. */
    public static int seed(TaskStore tasks, String namespace) {
        int added = 0;
        for (Task task : all()) {
            Task inNamespace = task.toBuilder().namespace(namespace).build();
            if (tasks.findByName(namespace, task.name()).isEmpty()) {
                tasks.create(inNamespace, "sandbox");
                added++;
            }
        }
        return added;
    }

    private static Task.Builder demo(String name, String description, String cron, CronDialect dialect, String zone,
                                     String command) {
        return Task.builder().name(name).description(description).cron(cron).dialect(dialect).zone(ZoneId.of(zone))
                .payload(new ShellPayload(command, null, Map.of())).timeout(Duration.ofMinutes(1))
                .labels(Map.of("demo", "true")).owner("sandbox");
    }
}
