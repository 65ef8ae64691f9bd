package io.redcron.node.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.redcron.domain.ApiScope;
import io.redcron.domain.ApiToken;
import io.redcron.node.Node;
import io.redcron.node.engine.TestCluster;
import io.redcron.store.mysql.MysqlApiTokenStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The curl examples of docs/API.md work: each {@code sh} block is run, in order, by the machine's
 * bash and curl against a node with the api role, and every request in it must succeed, with an
 * answer that the OpenAPI document describes ({@link OpenApiResponses}).
 */
class ApiDocsIT {
    private static final Pattern SH_BLOCK = Pattern.compile("```sh\\n(.*?)```", Pattern.DOTALL);

    @RegisterExtension
    final TestCluster cluster = new TestCluster();

    @Test
    void everyCurlExampleSucceeds() throws Exception {
        Node node = cluster.start("docs-node", Map.of("node.roles", "scheduler,worker,api", "api.port", "0"));
        String ns = cluster.namespace();
        String secret = ApiToken.newSecret();
        ApiToken token = new MysqlApiTokenStore(cluster.dataSource()).create(ApiToken.draft("docs-" + ns, secret,
                ApiScope.ADMIN, List.of(ns), Map.of(), Instant.now(), "test", null), "test");
        String url = "http://127.0.0.1:" + node.apiPort();
        ApiClient api = new ApiClient(url, ApiToken.presented(token.id(), secret));
        String prefix = "/api/v1/namespaces/" + ns;
        api.post(prefix + "/tasks", "{\"name\":\"hello\",\"cron\":\"0 0 1 1 *\",\"type\":\"shell\","
                + "\"shell\":{\"command\":\"echo hello\"}}");
        long runId = api.post(prefix + "/tasks/hello/runs", "{}").body().path("run").path("id").asLong();
        await().atMost(Duration.ofSeconds(30)).until(() -> api.get(prefix + "/runs/" + runId).body().path("status")
                .asText().equals("SUCCEEDED"));
        // A failed workflow run for the examples that cancel and rerun one.
        api.post(prefix + "/tasks", "{\"name\":\"broken\",\"cron\":\"0 0 1 1 *\",\"type\":\"shell\","
                + "\"shell\":{\"command\":\"exit 1\"}}");
        api.post(prefix + "/workflows", "{\"name\":\"hello-flow\",\"steps\":[{\"name\":\"hello\",\"task\":\"broken\"}]}");
        long workflowRunId = api.post(prefix + "/workflows/hello-flow/runs", "{}").body().path("id").asLong();
        await().atMost(Duration.ofSeconds(30)).until(() -> api.get(prefix + "/workflow-runs/" + workflowRunId).body()
                .path("status").asText().equals("FAILED"));

        List<String> blocks = blocks();
        assertThat(blocks).hasSizeGreaterThanOrEqualTo(8);
        Path answers = Files.createTempDirectory("api-docs");
        int checked = 0;
        for (String block : blocks) {
            Path index = answers.resolve("index");
            Files.deleteIfExists(index);
            ProcessBuilder bash = new ProcessBuilder("bash", "-e", "-o", "pipefail", "-c", CURL + block)
                    .redirectErrorStream(true);
            bash.environment().putAll(Map.of("REDCRON_URL", url, "TOKEN", ApiToken.presented(token.id(), secret),
                    "NS", ns, "RUN_ID", Long.toString(runId), "WORKFLOW_RUN_ID", Long.toString(workflowRunId),
                    "ANSWERS", answers.toString()));
            Process process = bash.start();
            process.getOutputStream().close();
            byte[] out = process.getInputStream().readAllBytes();
            assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(process.exitValue()).as(block + "\n" + new String(out, StandardCharsets.UTF_8)).isZero();
            for (String line : Files.readAllLines(index)) {
                // METHOD URL STATUS BODY-FILE [CONTENT-TYPE]
                String[] answer = line.split(" ", 5);
                String type = answer.length > 4 ? answer[4].strip() : null;
                Path body = Path.of(answer[3]);
                boolean stream = type != null && type.startsWith("text/event-stream");
                OpenApiResponses.DOCUMENT.check(answer[0], answer[1].substring(url.length()),
                        Integer.parseInt(answer[2]), type, stream || !Files.exists(body) ? null : Files.readString(body));
                checked++;
            }
        }
        assertThat(checked).as("answers checked against the OpenAPI document").isGreaterThan(blocks.size());
    }

    /**
     * The Python example runs a task now and follows its output to the end. Skipped where the
     * machine's {@code python3} lacks {@code requests} (the example's one dependency).
     */
    @Test
    void thePythonExampleRunsATaskAndFollowsItsOutput() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(succeeds("python3", "-c", "import requests"),
                "python3 with requests");
        Example example = example("python", "python3", ApiScope.OPERATE);

        String out = example.run();

        assertThat(out).containsPattern("run \\d+ scheduled at ").contains("backing up db1")
                .containsPattern("ended: \\{.*\"status\":\"SUCCEEDED\"");
    }

    /**
     * The PHP example starts a run once per idempotency key and lists the task's runs: run twice,
     * it names the same run, the second time as already started. Skipped where the machine has no
     * {@code php} with its curl extension.
     */
    @Test
    void thePhpExampleStartsARunOncePerKeyAndListsTheTasksRuns() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(
                succeeds("php", "-r", "exit(function_exists('curl_init') ? 0 : 1);"), "php with curl");
        Example example = example("php", "php", ApiScope.OPERATE);

        String first = example.run();
        Matcher started = Pattern.compile("^started run (\\d+)$", Pattern.MULTILINE).matcher(first);
        assertThat(started.find()).as(first).isTrue();
        String runId = started.group(1);
        assertThat(first).containsPattern("(?m)^" + runId + " [A-Z]+$");

        assertThat(example.run()).contains("already started run " + runId + "\n")
                .containsPattern("(?m)^" + runId + " [A-Z]+$");
    }

    /** A docs example as a script, with a node, a task {@code backup} and a token in its environment. */
    private record Example(List<String> command, Map<String, String> environment) {
        String run() throws IOException, InterruptedException {
            ProcessBuilder run = new ProcessBuilder(command).redirectErrorStream(true);
            run.environment().putAll(environment);
            Process process = run.start();
            process.getOutputStream().close();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(process.exitValue()).as(out).isZero();
            return out;
        }
    }

    private Example example(String language, String interpreter, ApiScope scope) throws IOException {
        Node node = cluster.start(language + "-node", Map.of("node.roles", "scheduler,worker,api", "api.port", "0"));
        String ns = cluster.namespace();
        String secret = ApiToken.newSecret();
        ApiToken token = new MysqlApiTokenStore(cluster.dataSource()).create(ApiToken.draft(language + "-" + ns, secret,
                scope, List.of(ns), Map.of(), Instant.now(), "test", null), "test");
        String url = "http://127.0.0.1:" + node.apiPort();
        new ApiClient(url, ApiToken.presented(token.id(), secret)).as(admin(cluster, ns))
                .post("/api/v1/namespaces/" + ns + "/tasks", "{\"name\":\"backup\",\"cron\":\"0 0 1 1 *\","
                        + "\"type\":\"shell\",\"params\":{\"target\":\"none\"},\"shell\":{\"command\":\"echo backing up $REDCRON_PARAM_TARGET\"}}");
        Matcher block = Pattern.compile("```" + language + "\\n(.*?)```", Pattern.DOTALL)
                .matcher(Files.readString(Path.of("..", "docs", "API.md")));
        assertThat(block.find()).as("a " + language + " block in API.md").isTrue();
        Path script = Files.writeString(Files.createTempFile("api-example", "." + language), block.group(1));
        return new Example(List.of(interpreter, script.toString()),
                Map.of("REDCRON_URL", url, "TOKEN", ApiToken.presented(token.id(), secret), "NS", ns));
    }

    private static String admin(TestCluster cluster, String ns) {
        String secret = ApiToken.newSecret();
        ApiToken token = new MysqlApiTokenStore(cluster.dataSource()).create(ApiToken.draft("admin-" + ns, secret,
                ApiScope.ADMIN, List.of(ns), Map.of(), Instant.now(), "test", null), "test");
        return ApiToken.presented(token.id(), secret);
    }

    /** Whether the machine runs {@code command} to a zero exit: the probe for an example's interpreter. */
    private static boolean succeeds(String... command) {
        try {
            Process probe = new ProcessBuilder(command).redirectErrorStream(true).start();
            probe.getOutputStream().close();
            probe.getInputStream().readAllBytes();
            return probe.waitFor(30, TimeUnit.SECONDS) && probe.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** curl as the examples call it, failing on an error status, each answer kept for the check. */
    private static final String CURL = """
            curl() {
              n=$((n + 1))
              local body="$ANSWERS/$n.body"
              rm -f "$body"
              command curl --fail-with-body --max-time 30 -o "$body" \\
                -w "%{method} %{url_effective} %{response_code} $body %{content_type}\\n" "$@" >> "$ANSWERS/index" \\
                || { status=$?; cat "$body" 2>/dev/null; return $status; }
              cat "$body" 2>/dev/null || true
            }
            """;

    private static List<String> blocks() throws IOException {
        Matcher matcher = SH_BLOCK.matcher(Files.readString(Path.of("..", "docs", "API.md")));
        List<String> blocks = new ArrayList<>();
        while (matcher.find()) {
            blocks.add(matcher.group(1));
        }
        return blocks;
    }
}
