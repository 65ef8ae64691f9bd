package io.redcron.desktop.tasks;

import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.ExecPayload;
import io.redcron.domain.HttpPayload;
import io.redcron.domain.MisfirePolicy;
import io.redcron.domain.RedirectPolicy;
import io.redcron.domain.Task;
import io.redcron.domain.TaskType;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class TaskFormTest {

    @Test
    void validFieldsMakeATask() {
        TaskForm.Result result = TaskForm.check(values(TaskType.EXEC, "/usr/bin/backup\n--full\n/data", "*/5 * * * *",
                "Europe/Berlin", "90s", ""), null);

        assertThat(result.errors()).isEmpty();
        Task task = result.task();
        assertThat(task.payload()).isEqualTo(new ExecPayload(java.util.List.of("/usr/bin/backup", "--full", "/data"),
                null, java.util.Map.of("MODE", "fast")));
        assertThat(task.timeout()).isEqualTo(Duration.ofSeconds(90));
        assertThat(task.retry().maxAttempts()).isEqualTo(3);
        assertThat(task.labels()).containsEntry("team", "ops");
    }

    @Test
    void everyBadFieldIsReportedAtOnceAtItsField() {
        TaskForm.Result result = TaskForm.check(values(TaskType.HTTP, "", "61 * * * *", "Mars/Olympus", "0s",
                "ftp://example.com"), null);

        assertThat(result.valid()).isFalse();
        assertThat(result.errors()).containsKeys("cron", "zone", "timeout", "url");
        assertThat(result.errors().get("cron")).isEqualTo("minute: 61 is out of range 0-59");
        assertThat(result.errors().get("zone")).contains("Mars/Olympus");
        assertThat(result.errors().get("url")).contains("http");
    }

    @Test
    void anHttpTaskReadsHeadersAndStatuses() {
        TaskForm.Values v = values(TaskType.HTTP, "", "0 * * * *", "UTC", "30s", "https://example.com/hook");
        TaskForm.Result result = TaskForm.check(v, null);

        assertThat(result.errors()).isEmpty();
        HttpPayload http = (HttpPayload) result.task().payload();
        assertThat(http.headers()).containsEntry("Authorization", "Bearer x");
        assertThat(http.acceptedStatuses()).containsExactlyInAnyOrder(200, 202);
        assertThat(http.redirects()).isEqualTo(RedirectPolicy.SAME_ORIGIN);
    }

    @Test
    void shardsAreReadAndABadCountIsShownAtItsField() {
        TaskForm.Values v = values(TaskType.SHELL, "work.sh", "0 * * * *", "UTC", "30s", "");
        assertThat(TaskForm.check(withShards(v, "8"), null).task().sharding())
                .isEqualTo(io.redcron.domain.Sharding.fixed(8));
        assertThat(TaskForm.check(withShards(v, "per-worker"), null).task().sharding())
                .isEqualTo(io.redcron.domain.Sharding.perWorker());
        assertThat(TaskForm.check(v, null).task().sharding()).isEqualTo(io.redcron.domain.Sharding.NONE);
        TaskForm.Result bad = TaskForm.check(withShards(v, "lots"), null);
        assertThat(bad.errors()).containsOnlyKeys("shards");
        assertThat(bad.errors().get("shards")).contains("per-worker");
    }

    private static TaskForm.Values withShards(TaskForm.Values v, String shards) {
        return new TaskForm.Values(v.name(), v.group(), v.description(), v.cron(), v.dialect(), v.zone(), v.type(),
                v.command(), v.workDir(), v.env(), v.httpMethod(), v.url(), v.headers(), v.body(), v.accept(),
                v.redirects(), v.timeout(), v.retries(), v.backoff(), v.multiplier(), v.maxBackoff(), v.jitter(),
                v.misfire(), v.catchUpLimit(), v.concurrency(), v.enabled(), v.owner(), v.labels(), v.alerts(), v.params(),
                shards);
    }

    private static TaskForm.Values values(TaskType type, String command, String cron, String zone, String timeout,
                                          String url) {
        return new TaskForm.Values("nightly", "default", "", cron, "unix", zone, type, command, "", "MODE=fast", "POST",
                url, "Authorization: Bearer x", "{}", "200, 202", RedirectPolicy.SAME_ORIGIN, timeout, "2", "10s", "2", "5m", "0.1",
                MisfirePolicy.FIRE_ONCE, "10", ConcurrencyPolicy.FORBID, true, "ops", "team=ops", "", "");
    }
}
