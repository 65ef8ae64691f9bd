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
        org.junit.jupiter.api.Assumptions.assumeTrue(pythonWithRequests(), "python3 with requests");
        Node node = cluster.start("python-node", Map.of("node.roles", "scheduler,worker,api", "api.port", "0"));
        String ns = cluster.namespace();
        String secret = ApiToken.newSecret();
        ApiToken token = new MysqlApiTokenStore(cluster.dataSource()).create(ApiToken.draft("python-" + ns, secret,
                ApiScope.OPERATE, List.of(ns), Map.of(), Instant.now(), "test", null), "test");
        String url = "http://127.0.0.1:" + node.apiPort();
        new ApiClient(url, ApiToken.presented(token.id(), secret)).as(admin(cluster, ns))
                .post("/api/v1/namespaces/" + ns + "/tasks", "{\"name\":\"backup\",\"cron\":\"0 0 1 1 *\","
                        + "\"type\":\"shell\",\"params\":{\"target\":\"none\"},\"shell\":{\"command\":\"echo backing up $REDCRON_PARAM_TARGET\"}}");
        Matcher python = Pattern.compile("```python\\n(.*?)```", Pattern.DOTALL)
                .matcher(Files.readString(Path.of("..", "docs", "API.md")));
        assertThat(python.find()).isTrue();
        Path script = Files.writeString(Files.createTempFile("api-example", ".py"), python.group(1));

        ProcessBuilder run = new ProcessBuilder("python3", script.toString()).redirectErrorStream(true);
        run.environment().putAll(Map.of("REDCRON_URL", url, "TOKEN", ApiToken.presented(token.id(), secret), "NS", ns));
        Process process = run.start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(process.exitValue()).as(out).isZero();
        assertThat(out).containsPattern("run \\d+ scheduled at ").contains("backing up db1")
                .containsPattern("ended: \\{.*\"status\":\"SUCCEEDED\"");
    }

    private static String admin(TestCluster cluster, String ns) {
        String secret = ApiToken.newSecret();
        ApiToken token = new MysqlApiTokenStore(cluster.dataSource()).create(ApiToken.draft("python-admin-" + ns, secret,
                ApiScope.ADMIN, List.of(ns), Map.of(), Instant.now(), "test", null), "test");
        return ApiToken.presented(token.id(), secret);
    }

    private static boolean pythonWithRequests() {
        try {
            Process probe = new ProcessBuilder("python3", "-c", "import requests").redirectErrorStream(true).start();
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
