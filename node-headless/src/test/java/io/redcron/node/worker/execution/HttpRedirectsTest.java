package io.redcron.node.worker.execution;

import io.redcron.domain.HttpPayload;
import io.redcron.domain.RedirectPolicy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import static io.redcron.node.worker.execution.Fixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

/** Redirects as the executor follows them, between two real servers: two origins. */
class HttpRedirectsTest {
    private static final Map<String, String> HEADERS = Map.of("Authorization", "Bearer s3cret", "X-Api-Key", "k-123",
            "Cookie", "session=abc", "X-Redcron-Sneaky", "copied", "Accept", "application/json", "User-Agent", "nightly");

    private final HttpTestServer first = new HttpTestServer();
    private final HttpTestServer second = new HttpTestServer();
    private final ExecutorRegistry registry = new ExecutorRegistry(Fixtures.config(64 * 1024)
            .withAllowUrls(List.of(Pattern.compile("http://127\\.0\\.0\\.1:[0-9]+/.*"))), Fixtures.NODE, Fixtures.GRACE);

    @AfterEach
    void stop() {
        first.close();
        second.close();
    }

    @Test
    void sameOriginFollowsWithTheTasksHeadersAndRefusesAnotherOrigin() {
        first.redirect("/start", 307, "/next").echo("/next").redirect("/away", 302, second.origin() + "/in");
        second.echo("/in");

        ExecutionResult within = run(post("/start", RedirectPolicy.SAME_ORIGIN));
        ExecutionResult away = run(post("/away", RedirectPolicy.SAME_ORIGIN));

        assertThat(within.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(within.output()).startsWith("HTTP 307 -> " + first.origin() + "\nHTTP 200\nPOST\n")
                .contains("authorization: Bearer s3cret").endsWith("{\"job\":1}");
        assertThat(away.status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(away.error()).isEqualTo("redirected (302) to " + second.origin() + "; not followed (redirects: same-origin)");
        assertThat(second.received()).isEmpty();
    }

    @Test
    void anyFollowsToAnotherOriginWithoutTheTasksCredentialsOrBody() {
        first.redirect("/away", 307, second.origin() + "/in");
        second.echo("/in");

        ExecutionResult result = run(post("/away", RedirectPolicy.ANY));

        assertThat(result.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(first.received()).singleElement().satisfies(request -> {
            assertThat(request.header("Authorization")).isEqualTo("Bearer s3cret");
            assertThat(request.body()).isEqualTo("{\"job\":1}");
        });
        HttpTestServer.Received arrived = second.received().get(0);
        assertThat(arrived.method()).isEqualTo("POST");
        assertThat(arrived.body()).isEmpty();
        assertThat(arrived.hasHeader("Authorization")).isFalse();
        assertThat(arrived.hasHeader("X-Api-Key")).isFalse();
        assertThat(arrived.hasHeader("Cookie")).isFalse();
        assertThat(arrived.hasHeader("X-Redcron-Sneaky")).as("a task header named like ours is still the task's").isFalse();
        assertThat(arrived.header("Accept")).isEqualTo("application/json");
        assertThat(arrived.header("User-Agent")).isEqualTo("nightly");
        assertThat(arrived.header("X-Redcron-Run-Id")).isEqualTo("42");
    }

    @Test
    void aSeeOtherTurnsThePostIntoAGetWithoutBody() {
        first.redirect("/form", 303, "/result").echo("/result");

        ExecutionResult result = run(post("/form", RedirectPolicy.SAME_ORIGIN));

        assertThat(result.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        HttpTestServer.Received followed = first.received().get(1);
        assertThat(followed.method()).isEqualTo("GET");
        assertThat(followed.body()).isEmpty();
        assertThat(followed.header("Authorization")).isEqualTo("Bearer s3cret");
    }

    @Test
    void aRedirectLoopEndsAfterFiveHops() {
        first.redirect("/loop", 302, "/loop");

        ExecutionResult result = run(post("/loop", RedirectPolicy.ANY));

        assertThat(result.status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(result.error()).isEqualTo("redirected (302) to " + first.origin() + "; not followed: more than 5 redirects");
        assertThat(first.received()).hasSize(6);
    }

    @Test
    void everyHopIsJudgedByTheNode() {
        first.redirect("/away", 302, second.origin() + "/in");
        second.echo("/in");
        ExecutorRegistry onlyFirst = new ExecutorRegistry(Fixtures.config(64 * 1024)
                .withAllowUrls(List.of(Pattern.compile(Pattern.quote(first.origin()) + "/.*"))), Fixtures.NODE,
                Fixtures.GRACE);

        ExecutionResult result = onlyFirst.execute(request(post("/away", RedirectPolicy.ANY), Map.of(),
                Duration.ofSeconds(20)), OutputListener.NONE, new Cancellation());

        assertThat(result.status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(result.error()).isEqualTo("node n1 refuses URL '" + second.origin() + "/in': it matches no"
                + " worker.allow-urls pattern");
        assertThat(result.output()).isEqualTo("HTTP 302 -> " + second.origin() + "\n");
        assertThat(second.received()).isEmpty();
    }

    @Test
    void withoutPatternsEveryHopIsJudgedByItsAddress() {
        first.redirect("/away", 302, "http://localhost:" + second.port() + "/in");
        second.echo("/in");
        // The first server stands in for a public one: its address is judged as if it were public.
        UrlGuard guard = new UrlGuard("n1", List.of(), host -> host.equals("127.0.0.1")
                ? new InetAddress[] {InetAddress.getByName("93.184.215.14")}
                : InetAddress.getAllByName(host));
        HttpExecutor executor = new HttpExecutor(64 * 1024, 1 << 20, guard);

        ExecutionResult result = executor.execute(request(post("/away", RedirectPolicy.ANY), Map.of(),
                Duration.ofSeconds(20)), OutputListener.NONE, new Cancellation());

        assertThat(result.status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(result.error()).isEqualTo("node n1 refuses URL 'http://localhost:" + second.port() + "/in': localhost is"
                + " 127.0.0.1, a loopback address (only a worker.allow-urls pattern can allow it)");
        assertThat(first.received()).hasSize(1);
        assertThat(second.received()).isEmpty();
    }

    private ExecutionResult run(HttpPayload payload) {
        return registry.execute(request(payload, Map.of(), Duration.ofSeconds(20)), OutputListener.NONE, new Cancellation());
    }

    private HttpPayload post(String path, RedirectPolicy redirects) {
        return new HttpPayload("POST", first.url(path), HEADERS, "{\"job\":1}", Set.of(), redirects);
    }
}
