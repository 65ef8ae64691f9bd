package io.redcron.desktop.demo;

import io.redcron.domain.RetryPolicy;
import io.redcron.domain.Task;
import io.redcron.port.TaskStore;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tasks as their owners made them over the last weeks, through the task store (so each change
 * is audited as the store audits it), dated back: created one after another, a few edited by
 * colleagues since, some disabled, one removed again.
 */
final class DemoChanges {
    private final TaskStore store;
    private final DemoAudit dates;
    private final String namespace;
    private final Instant now;
    private final Map<String, Task> tasks = new LinkedHashMap<>();
    private final Map<Long, Instant[]> times = new HashMap<>();
    private final Map<String, Instant> disabledAt = new HashMap<>();

    DemoChanges(TaskStore store, DemoAudit dates, String namespace, Instant now) {
        this.store = store;
        this.dates = dates;
        this.namespace = namespace;
        this.now = now;
    }

    Map<String, Task> tasks() {
        return tasks;
    }

    /** When a task was disabled; null for one enabled. */
    Instant disabledAt(String name) {
        return disabledAt.get(name);
    }

    void play(List<DemoTask> catalogue) {
        Instant created = now.minus(Duration.ofDays(44));
        for (DemoTask demo : catalogue) {
            Task task = demo.toTask(namespace);
            // Some were first written otherwise, and changed later by someone else (below).
            if (demo.name().equals("search.sync-synonyms")) {
                task = task.toBuilder().cron("0 * * * *").build();
            } else if (demo.name().equals("crm.sync-leads")) {
                task = task.toBuilder().retry(RetryPolicy.NONE).build();
            } else if (demo.name().equals("billing.invoice-run")) {
                task = task.toBuilder().timeout(Duration.ofMinutes(5)).build();
            }
            Task toCreate = task;
            created = created.plus(Duration.ofHours(18).plusMinutes(demo.name().length() * 5L));
            Instant at = created;
            Task stored = dates.at(at, () -> store.create(toCreate, demo.owner()));
            remember(stored, at);
        }
        Task temporary = dates.at(now.minus(Duration.ofDays(6).plusHours(2)), () -> store.create(Task.builder()
                .namespace(namespace).name("tmp.migrate-sessions").group("default").owner("carol")
                .cron("*/5 * * * *").payload(new io.redcron.domain.ShellPayload("bin/migrate-sessions --batch 5000", null,
                        Map.of())).description("One-off: moves sessions to the new store").build(), "carol"));
        dates.at(now.minus(Duration.ofDays(5).plusHours(20)), () -> store.delete(temporary.id(), "carol"));

        update("billing.invoice-run", "bob", Duration.ofDays(9).plusHours(4), task -> task.toBuilder()
                .timeout(Duration.ofMinutes(10)).build());
        update("crm.sync-leads", "li.na", Duration.ofDays(4).plusHours(1), task -> task.toBuilder()
                .retry(new RetryPolicy(4, Duration.ofSeconds(30), 2, Duration.ofMinutes(10), 0.1)).build());
        update("search.sync-synonyms", "wang.lei", Duration.ofDays(3).plusHours(5), task -> task.toBuilder()
                .cron("*/30 * * * *").build());
        update("cache-warmup", "alice", Duration.ofDays(2).plusHours(7), task -> task.toBuilder()
                .description("Warms the product page cache after deploys and evictions (top 5,000 pages)").build());
        update("gpu.train-recsys", "li.na", Duration.ofHours(30), task -> task.toBuilder()
                .params(Map.of("EPOCHS", "3", "DATA", "s3://lake/recsys/last-24h")).build());
        update("reports.weekly-sales", "li.na", Duration.ofHours(27), task -> task.toBuilder()
                .labels(Map.of("team", "reports", "tier", "standard", "audience", "sales")).build());

        disable("mail.digest-weekly", "carol", Duration.ofDays(10));
        disable("analytics.cohort-rebuild", "wang.lei", Duration.ofDays(5).plusHours(3));
        disable("security.rotate-api-keys", "alice", Duration.ofDays(2).plusHours(9));
        disable("logs.rotate-archive", "bob", Duration.ofDays(1).plusHours(14));
        // Paused for a release freeze and back on the next morning.
        disable("billing.dunning-emails", "alice", Duration.ofDays(2).plusHours(18));
        enable("billing.dunning-emails", "alice", Duration.ofDays(2).plusHours(2));

        times.forEach((id, span) -> dates.taskTimes(id, span[0], span[1]));
    }

    private void update(String name, String who, Duration ago, java.util.function.UnaryOperator<Task> change) {
        Instant at = now.minus(ago);
        remember(dates.at(at, () -> store.update(change.apply(tasks.get(name)), who)), at);
    }

    private void disable(String name, String who, Duration ago) {
        Instant at = now.minus(ago);
        remember(dates.at(at, () -> store.setEnabled(tasks.get(name).id(), false, who)), at);
        disabledAt.put(name, at);
    }

    private void enable(String name, String who, Duration ago) {
        Instant at = now.minus(ago);
        remember(dates.at(at, () -> store.setEnabled(tasks.get(name).id(), true, who)), at);
        disabledAt.remove(name);
    }

    private void remember(Task task, Instant at) {
        tasks.put(task.name(), task);
        times.computeIfAbsent(task.id(), id -> new Instant[] {at, at})[1] = at;
    }
}
