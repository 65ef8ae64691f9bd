package io.redcron.desktop.demo;

import io.redcron.domain.HttpPayload;
import io.redcron.domain.RetryPolicy;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.domain.TaskPayload;
import io.redcron.schedule.CronDialect;

import java.net.URI;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Map;
import java.util.Set;

/**
 * One task of the demo installation, and how its runs usually go: how long they take, how often
 * they fail and with what, so that its history reads like a real one.
 *
 * @param command   a shell command line, or {@code "GET https://…"} / {@code "POST https://…"} for an HTTP task
 * @param took      how long a run usually takes
 * @param failRate  the share of runs that fail (0 to 1)
 * @param failure   the error a failed run records
 * @param output    what a run that succeeded printed
 */
record DemoTask(String name, String group, String owner, CronDialect dialect, String cron, String zone,
                String command, String description, Duration took, double failRate, String failure,
                String output, int attempts, boolean enabled) {

    static DemoTask of(String name, String group, String owner, CronDialect dialect, String cron, String zone,
                       String command, String description, Duration took, String output) {
        return new DemoTask(name, group, owner, dialect, cron, zone, command, description, took, 0.01,
                "exited with code 1", output, 1, true);
    }

    DemoTask failing(double rate, String error) {
        return new DemoTask(name, group, owner, dialect, cron, zone, command, description, took, rate, error, output,
                attempts, enabled);
    }

    DemoTask retries(int maxAttempts) {
        return new DemoTask(name, group, owner, dialect, cron, zone, command, description, took, failRate, failure,
                output, maxAttempts, enabled);
    }

    DemoTask disabled() {
        return new DemoTask(name, group, owner, dialect, cron, zone, command, description, took, failRate, failure,
                output, attempts, false);
    }

    boolean http() {
        return command.startsWith("GET ") || command.startsWith("POST ");
    }

    /** The task as created (always enabled: the demo disables some later, as their owners did). */
    Task toTask(String namespace) {
        TaskPayload payload = http()
                ? new HttpPayload(command.substring(0, command.indexOf(' ')), URI.create(command.substring(command.indexOf(' ') + 1)),
                        Map.of("Authorization", "Bearer ${secret:" + group + "-api-token}"), command.startsWith("POST ") ? "{}" : "",
                        Set.of(200, 202, 204))
                : new ShellPayload(command, "/srv/jobs/" + group, Map.of("APP_ENV", "production"));
        return Task.builder().namespace(namespace).name(name).group(group).owner(owner).description(description)
                .cron(cron).dialect(dialect).zone(ZoneId.of(zone)).payload(payload)
                .timeout(took.multipliedBy(6).compareTo(Duration.ofMinutes(2)) < 0 ? Duration.ofMinutes(2) : took.multipliedBy(6))
                .retry(attempts > 1 ? new RetryPolicy(attempts, Duration.ofSeconds(30), 2, Duration.ofMinutes(10), 0.1)
                        : RetryPolicy.NONE)
                .labels(Map.of("team", team(), "tier", group.equals("billing") ? "critical" : "standard"))
                .build();
    }

    private String team() {
        int dot = name.indexOf('.');
        return dot > 0 ? name.substring(0, dot) : "platform";
    }
}
