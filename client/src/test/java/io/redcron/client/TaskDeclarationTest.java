package io.redcron.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.ExecPayload;
import io.redcron.domain.HttpPayload;
import io.redcron.domain.JavaPayload;
import io.redcron.domain.MisfirePolicy;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.format.TaskDocument;
import io.redcron.schedule.CronDialect;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;

/**
 * Declarations make the task document the node reads: each document is read here with the node's
 * own reader ({@link TaskDocument#read}) into a task, which must be the task declared.
 */
class TaskDeclarationTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Task read(TaskDeclaration declaration) {
        return TaskDocument.read(JSON.valueToTree(declaration.document()), Task.builder()).build();
    }

    private static void assertRefused(Runnable making, String field, String problem) {
        assertThatThrownBy(making::run).isInstanceOfSatisfying(RedcronClientException.class, e -> {
            assertThat(e.field()).isEqualTo(field);
            assertThat(e.getMessage()).startsWith(field + ": ").contains(problem).doesNotContain("\n");
        });
    }

    @Test
    void everyFieldReachesTheTaskTheNodeReads() {
        Task task = read(TaskDeclaration.named("expire-carts").cron("0 0/15 * * * ?").dialect("Quartz")
                .zone("Europe/Berlin").group("shop").description("Drops carts left for two hours")
                .command("bin/expire-carts", "--older-than", "2h").timeout(Duration.ofMinutes(90).plusMillis(250))
                .attempts(3).concurrency("replace").misfire("catch_up").label("team", "shop").label("tier", "1")
                .param("OLDER_THAN", "2h"));

        assertThat(task.name()).isEqualTo("expire-carts");
        assertThat(task.cron()).isEqualTo("0 0/15 * * * ?");
        assertThat(task.dialect()).isEqualTo(CronDialect.QUARTZ);
        assertThat(task.zone()).isEqualTo(ZoneId.of("Europe/Berlin"));
        assertThat(task.group()).isEqualTo("shop");
        assertThat(task.description()).isEqualTo("Drops carts left for two hours");
        assertThat(task.payload()).isEqualTo(new ExecPayload(List.of("bin/expire-carts", "--older-than", "2h"), null,
                Map.of()));
        assertThat(task.timeout()).isEqualTo(Duration.ofMinutes(90).plusMillis(250));
        assertThat(task.retry().maxAttempts()).isEqualTo(3);
        assertThat(task.concurrencyPolicy()).isEqualTo(ConcurrencyPolicy.REPLACE);
        assertThat(task.misfirePolicy()).isEqualTo(MisfirePolicy.CATCH_UP);
        assertThat(task.labels()).isEqualTo(Map.of("team", "shop", "tier", "1"));
        assertThat(task.params()).isEqualTo(Map.of("OLDER_THAN", "2h"));
    }

    @Test
    void theDocumentHoldsOnlyWhatIsDeclaredInTheNodesSpelling() {
        Map<String, Object> doc = TaskDeclaration.named("nightly").cron("0 3 * * *").shell("echo hi")
                .misfire("FIRE_ONCE").timeout(Duration.ofDays(1).plusHours(2)).attempts(1).document();

        assertThat(doc).containsExactly(Map.entry("name", "nightly"), Map.entry("cron", "0 3 * * *"),
                Map.entry("type", "shell"), Map.entry("shell", Map.of("command", "echo hi")),
                Map.entry("timeout", "1d2h"), Map.entry("retries", Map.of("maxAttempts", 1)),
                Map.entry("misfire", "fire-once"));
        assertThatThrownBy(() -> doc.put("enabled", false)).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void eachPayloadKindIsReadAsItsType() {
        Task call = read(TaskDeclaration.named("ping").cron("* * * * *").http("post", "https://shop.example.com/ping")
                .header("X-Shop", "1").header("Content-Type", "application/json").body("{\"deep\":true}"));
        assertThat(call.payload()).isEqualTo(new HttpPayload("POST", URI.create("https://shop.example.com/ping"),
                Map.of("X-Shop", "1", "Content-Type", "application/json"), "{\"deep\":true}", java.util.Set.of()));

        assertThat(read(TaskDeclaration.named("j").cron("* * * * *").java("com.example.Expire")).payload())
                .isEqualTo(new JavaPayload("com.example.Expire", Map.of()));
        assertThat(read(TaskDeclaration.named("s").cron("* * * * *").shell("a | b")).payload())
                .isEqualTo(new ShellPayload("a | b", null, Map.of()));
    }

    @Test
    void aDeclarationIsImmutable() {
        TaskDeclaration base = TaskDeclaration.named("base").cron("0 3 * * *");

        TaskDeclaration withShell = base.shell("true");
        TaskDeclaration withJava = base.java("com.example.Job");

        assertThat(withShell.document()).containsEntry("type", "shell");
        assertThat(withJava.document()).containsEntry("type", "java");
        assertThat(base).isNotEqualTo(withShell).isEqualTo(TaskDeclaration.named("base").cron("0 3 * * *"));
        assertThat(base.label("a", "1")).isNotEqualTo(base.label("a", "2"));
        assertThat(base.label("a", "1").label("b", "2").hashCode()).isEqualTo(base.label("b", "2").label("a", "1")
                .hashCode());
    }

    @Test
    void theDocumentNeedsACronAndSomethingToRun() {
        assertRefused(() -> TaskDeclaration.named("x").shell("true").document(), "cron", "no cron expression");
        assertRefused(() -> TaskDeclaration.named("x").cron("* * * * *").document(), "type", "nothing to run");
        assertRefused(() -> TaskDeclaration.named("x").shell("true").java("com.example.Job"), "type",
                "already runs shell");
    }

    @Test
    void badInputNamesItsField() {
        TaskDeclaration task = TaskDeclaration.named("t");
        assertRefused(() -> TaskDeclaration.named(" "), "name", "required");
        assertRefused(() -> TaskDeclaration.named("n".repeat(201)), "name", "at most 200");
        assertRefused(() -> TaskDeclaration.named("a\nb"), "name", "control characters");
        assertRefused(() -> task.cron(""), "cron", "required");
        assertRefused(() -> task.dialect("cronie"), "dialect", "not one of unix, quartz, spring");
        assertRefused(() -> task.zone("Mars/Base"), "zone", "not a time zone");
        assertRefused(() -> task.zone(null), "zone", "not a time zone");
        assertRefused(() -> task.group("no spaces"), "group", "1-64 letters");
        assertRefused(() -> task.description("d".repeat(2001)), "description", "at most 2000");
        assertRefused(() -> task.description(null), "description", "must not be null");
        assertRefused(task::command, "exec", "a program to run is required");
        assertRefused(() -> task.command("ls", null), "exec", "null");
        assertRefused(() -> task.shell(" "), "shell", "required");
        assertRefused(() -> task.http("FETCH", "https://example.com"), "http-method", "'FETCH' is not one of");
        assertRefused(() -> task.http("GET", "ftp://example.com"), "url", "http:// or https://");
        assertRefused(() -> task.http("GET", "not a url"), "url", "not a URL");
        assertRefused(() -> task.header("X-A", "1"), "http-header", "call http(method, url) first");
        assertRefused(() -> task.body("{}"), "http-body", "call http(method, url) first");
        assertRefused(() -> task.http("GET", "https://example.com").header("Bad Name", "1"), "http-header",
                "not a valid header name");
        assertRefused(() -> task.http("GET", "https://example.com").header("X-A", "1\r\nX-B: 2"), "http-header",
                "line break");
        assertRefused(() -> task.java(""), "java", "handler class name is required");
        assertRefused(() -> task.timeout(Duration.ZERO), "timeout", "must be positive");
        assertRefused(() -> task.timeout(Duration.ofDays(8)), "timeout", "at most 7d");
        assertRefused(() -> task.timeout(Duration.ofNanos(1500)), "timeout", "whole milliseconds");
        assertRefused(() -> task.attempts(0), "retries", "1-100");
        assertRefused(() -> task.attempts(101), "retries", "1-100");
        assertRefused(() -> task.concurrency("queue"), "concurrency", "not one of allow, forbid, replace");
        assertRefused(() -> task.misfire("later"), "misfire", "not one of fire-once, skip, catch-up");
        assertRefused(() -> task.label("-team", "x"), "labels", "not a label key");
        assertRefused(() -> task.label("team", "v".repeat(201)), "labels", "at most 200");
        assertRefused(() -> task.param("ORDER-ID", "1"), "params", "must match");
        assertRefused(() -> task.param("ORDER_ID", "a\0b"), "params", "NUL");
    }

    @Test
    void toStringShowsNoHeaderBodyOrParameterValues() {
        String text = TaskDeclaration.named("call").cron("* * * * *").http("GET", "https://example.com")
                .header("Authorization", "Bearer s3cret").body("password=hunter2").param("KEY", "k3y").toString();

        assertThat(text).contains("call", "http").doesNotContain("s3cret", "hunter2", "k3y");
    }
}
