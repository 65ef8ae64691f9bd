package io.redcron.node.worker.execution;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.redcron.domain.HttpPayload;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.nio.file.Path;
import java.nio.file.Files;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

import static io.redcron.node.worker.execution.Fixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

class HttpExecutorTest {
    private static final int BIG = 50_000_000;
    private static final int CAP = 300_000;
    /** The local test servers are loopback addresses, which a node reaches only by a pattern's leave. */
    private static final Pattern LOCAL = Pattern.compile("http://127\\.0\\.0\\.1:[0-9]+/.*");

    private final ExecutorRegistry registry = registry(List.of(LOCAL));
    private final CountDownLatch release = new CountDownLatch(1);
    private final CountDownLatch slowRequestArrived = new CountDownLatch(1);
    private HttpServer server;
    private ExecutorService serverThreads;

    @BeforeEach
    void startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        serverThreads = java.util.concurrent.Executors.newCachedThreadPool();
        server.setExecutor(serverThreads);
        server.createContext("/echo", exchange -> {
            StringBuilder out = new StringBuilder(exchange.getRequestMethod()).append('\n');
            new TreeMap<>(exchange.getRequestHeaders()).forEach((name, values) -> {
                String lower = name.toLowerCase(Locale.ROOT);
                if (lower.startsWith("x-")) {
                    out.append(lower).append(": ").append(String.join(",", values)).append('\n');
                }
            });
            out.append(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            respond(exchange, 200, out.toString());
        });
        server.createContext("/unavailable", exchange -> respond(exchange, 503, "try later\n"));
        server.createContext("/moved", exchange -> {
            exchange.getResponseHeaders().add("Location", "/echo");
            respond(exchange, 302, "");
        });
        server.createContext("/slow", exchange -> {
            slowRequestArrived.countDown();
            awaitRelease();
            respond(exchange, 200, "late\n");
        });
        server.createContext("/slow-body", exchange -> {
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream body = exchange.getResponseBody()) {
                body.write("partial\n".getBytes(StandardCharsets.UTF_8));
                body.flush();
                slowRequestArrived.countDown();
                awaitRelease();
            } catch (IOException e) {
                // the client gave up: that is the point of the test
            }
        });
        server.createContext("/big", exchange -> {
            exchange.sendResponseHeaders(200, 0);
            byte[] chunk = new byte[64 * 1024];
            Arrays.fill(chunk, (byte) 'y');
            try (OutputStream body = exchange.getResponseBody()) {
                for (int sent = 0; sent < BIG; sent += chunk.length) {
                    body.write(chunk, 0, Math.min(chunk.length, BIG - sent));
                }
            }
        });
        server.start();
    }

    @AfterEach
    void stopServer() {
        release.countDown();
        server.stop(0);
        serverThreads.shutdownNow();
    }

    @Test
    void sendsTheRequestWithTheRunIdentityAndParametersAsHeaders() {
        HttpPayload payload = new HttpPayload("POST", url("/echo"), Map.of("X-Api-Key", "k-123"), "{\"full\":true}",
                Set.of());

        ExecutionResult result = registry.execute(
                request(payload, Map.of("region", "eu; rm -rf /"), Duration.ofSeconds(20)), OutputListener.NONE,
                new Cancellation());

        assertThat(result.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(result.exitCode()).isNull();
        assertThat(result.output()).isEqualTo("""
                HTTP 200
                POST
                x-api-key: k-123
                x-redcron-attempt: 2
                x-redcron-param-region: eu; rm -rf /
                x-redcron-run-id: 42
                x-redcron-scheduled-at: 2024-03-01T02:30:00Z
                x-redcron-task-id: 7
                {"full":true}""");
    }

    @Test
    void aStatusOutsideTheAcceptedOnesFails() {
        ExecutionResult failed = run(get("/unavailable", Set.of()), Duration.ofSeconds(20));
        ExecutionResult accepted = run(get("/unavailable", Set.of(503)), Duration.ofSeconds(20));

        assertThat(failed.status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(failed.error()).isEqualTo("HTTP 503 is not an accepted status");
        assertThat(failed.output()).isEqualTo("HTTP 503\ntry later\n");
        assertThat(accepted.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
    }

    @Test
    void aRedirectIsNotFollowedByDefault() {
        ExecutionResult result = run(get("/moved", Set.of()), Duration.ofSeconds(20));

        assertThat(result.status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(result.error()).isEqualTo("redirected (302) to http://127.0.0.1:" + server.getAddress().getPort()
                + "; not followed (redirects: none)");
        assertThat(result.output()).isEqualTo("HTTP 302\n");
    }

    @Test
    void aTaskThatAcceptsTheRedirectStatusGetsItAsItsAnswer() {
        ExecutionResult result = run(get("/moved", Set.of(302)), Duration.ofSeconds(20));

        assertThat(result.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(result.output()).isEqualTo("HTTP 302\n");
    }

    @Test
    void aLoopbackUrlIsRefusedWithoutAPatternAndNeverRequested() {
        AtomicInteger requests = new AtomicInteger();
        server.createContext("/counted", exchange -> {
            requests.incrementAndGet();
            respond(exchange, 200, "reached\n");
        });

        ExecutionResult result = registry(List.of()).execute(request(get("/counted", Set.of()), Map.of(),
                Duration.ofSeconds(20)), OutputListener.NONE, new Cancellation());

        assertThat(result.status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(result.error()).isEqualTo("node n1 refuses URL '" + url("/counted") + "': 127.0.0.1 is a loopback"
                + " address (only a worker.allow-urls pattern can allow it)");
        assertThat(result.output()).isEmpty();
        assertThat(requests).hasValue(0);
    }

    @Test
    void aRefusedConnectionFailsNamingTheHost() throws IOException {
        int port;
        try (ServerSocket unused = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = unused.getLocalPort();
        }
        HttpPayload payload = new HttpPayload("GET", URI.create("http://127.0.0.1:" + port + "/x"), Map.of(), "",
                Set.of());

        ExecutionResult result = run(payload, Duration.ofSeconds(20));

        assertThat(result.status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(result.error()).isEqualTo("cannot connect to 127.0.0.1:" + port + ": connection refused");
    }

    @Test
    void anUnknownHostFailsNamingIt() {
        HttpPayload payload = new HttpPayload("GET", URI.create("http://no-such-host.invalid:8080/x"), Map.of(), "",
                Set.of());

        ExecutionResult result = registry(List.of()).execute(request(payload, Map.of(), Duration.ofSeconds(20)),
                OutputListener.NONE, new Cancellation());

        assertThat(result.status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(result.error()).isEqualTo("cannot connect to no-such-host.invalid:8080: unknown host");
    }

    @Test
    void aSlowResponseTimesOut() {
        ExecutionResult result = run(get("/slow", Set.of()), Duration.ofSeconds(1));

        assertThat(result.status()).isEqualTo(ExecutionStatus.TIMED_OUT);
        assertThat(result.error()).isEqualTo("timed out after 1s");
        assertThat(result.elapsed()).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void theTimeoutAlsoCoversASlowBody() {
        ExecutionResult result = run(get("/slow-body", Set.of()), Duration.ofSeconds(1));

        assertThat(result.status()).isEqualTo(ExecutionStatus.TIMED_OUT);
        assertThat(result.output()).isEqualTo("HTTP 200\npartial\n");
        assertThat(result.elapsed()).isLessThan(Duration.ofSeconds(5));
    }

    @Test
    void cancellingMidRequestStopsIt() throws InterruptedException {
        Cancellation cancellation = new Cancellation();
        CompletableFuture<ExecutionResult> running = CompletableFuture.supplyAsync(() -> registry.execute(
                request(get("/slow", Set.of()), Map.of(), Duration.ofMinutes(5)), OutputListener.NONE, cancellation));

        assertThat(slowRequestArrived.await(10, TimeUnit.SECONDS)).isTrue();
        cancellation.cancel("cancelled by alice");
        ExecutionResult result = running.orTimeout(10, TimeUnit.SECONDS).join();

        assertThat(result.status()).isEqualTo(ExecutionStatus.CANCELLED);
        assertThat(result.error()).isEqualTo("cancelled by alice");
    }

    @Test
    void aHugeBodyIsReadOnlyUpToTheCapAndTheOutputSaysSo() {
        Fixtures.Recording live = new Fixtures.Recording();
        String cut = "\n[response cut after 300,000 bytes: worker.http-max-response]\n";

        ExecutionResult result = capped(CAP).execute(request(get("/big", Set.of()), Map.of(), Duration.ofSeconds(60)),
                live, new Cancellation());

        assertThat(result.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(result.output()).hasSizeLessThanOrEqualTo(64 * 1024).startsWith("[… ").endsWith("yyyy" + cut);
        assertThat(live.total()).isEqualTo("HTTP 200\n".length() + CAP + cut.length());
    }

    @Test
    void theStatusStillDecidesACutResponse() {
        server.createContext("/big-error", exchange -> {
            byte[] body = new byte[CAP * 2];
            Arrays.fill(body, (byte) 'e');
            exchange.sendResponseHeaders(500, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            } catch (IOException e) {
                // the capped reader stopped
            }
        });

        ExecutionResult result = capped(CAP).execute(request(get("/big-error", Set.of()), Map.of(),
                Duration.ofSeconds(60)), OutputListener.NONE, new Cancellation());

        assertThat(result.status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(result.error()).isEqualTo("HTTP 500 is not an accepted status");
        assertThat(result.output()).endsWith("eee\n[response cut after 300,000 bytes: worker.http-max-response]\n");
    }

    @Test
    void aBodyOfExactlyTheCapIsNotReportedCut() {
        server.createContext("/exact", exchange -> respond(exchange, 200, "x".repeat(1000)));

        ExecutionResult result = capped(1000).execute(request(get("/exact", Set.of()), Map.of(),
                Duration.ofSeconds(20)), OutputListener.NONE, new Cancellation());

        assertThat(result.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(result.output()).isEqualTo("HTTP 200\n" + "x".repeat(1000));
    }

    @Test
    void aParameterThatCannotBeAHeaderFailsClearly() {
        ExecutionResult result = registry.execute(
                request(get("/echo", Set.of()), Map.of("note", "two\nlines"), Duration.ofSeconds(20)),
                OutputListener.NONE, new Cancellation());

        assertThat(result.status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(result.error()).startsWith("cannot send the request: header X-Redcron-Param-note has a value");
    }

    @Test
    void secretReferencesInHeadersAndBodyAreSentResolvedAndMaskedInTheOutput(@TempDir Path secrets) throws IOException {
        Files.writeString(secrets.resolve("api-key"), "k-7731-live\n");
        ExecutorRegistry withSecrets = new ExecutorRegistry(Fixtures.config(64 * 1024).withAllowUrls(List.of(LOCAL))
                .withSecretsDir(Optional.of(secrets)), Fixtures.NODE, Fixtures.GRACE);
        HttpPayload payload = new HttpPayload("POST", url("/echo"), Map.of("X-Api-Key", "${secret:api-key}"),
                "{\"key\":\"${secret:api-key}\"}", Set.of());

        ExecutionResult result = withSecrets.execute(request(payload, Map.of(), Duration.ofSeconds(20)),
                OutputListener.NONE, new Cancellation());

        // The echo server answered with what it received: the value went out, the output hides it.
        assertThat(result.status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        assertThat(result.output()).contains("x-api-key: ******").contains("{\"key\":\"******\"}")
                .doesNotContain("k-7731-live");
        ExecutionResult missing = registry.execute(request(payload, Map.of(), Duration.ofSeconds(20)),
                OutputListener.NONE, new Cancellation());
        assertThat(missing.status()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(missing.error()).isEqualTo("secret 'api-key' cannot be resolved: this node has no worker.secrets-dir");
    }

    @Test
    void anAttemptStartsNoThreadOfItsOwn() {
        run(get("/echo", Set.of()), Duration.ofSeconds(20)); // the client's, helper and server threads now exist
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long before = threads.getTotalStartedThreadCount();

        for (int i = 0; i < 30; i++) {
            assertThat(run(get("/echo", Set.of()), Duration.ofSeconds(20)).status()).isEqualTo(ExecutionStatus.SUCCEEDED);
        }

        // HttpClient.sendAsync handed each response to a new thread on a machine of two cores: 30.
        assertThat(threads.getTotalStartedThreadCount() - before).isLessThan(10);
    }

    private static ExecutorRegistry registry(List<Pattern> allowUrls) {
        return new ExecutorRegistry(Fixtures.config(64 * 1024).withAllowUrls(allowUrls), Fixtures.NODE, Fixtures.GRACE);
    }

    private static ExecutorRegistry capped(int maxResponse) {
        return new ExecutorRegistry(Fixtures.config(64 * 1024).withAllowUrls(List.of(LOCAL)).withHttpMaxResponse(maxResponse),
                Fixtures.NODE, Fixtures.GRACE);
    }

    private ExecutionResult run(HttpPayload payload, Duration timeout) {
        return registry.execute(request(payload, Map.of(), timeout), OutputListener.NONE, new Cancellation());
    }

    private HttpPayload get(String path, Set<Integer> accepted) {
        return new HttpPayload("GET", url(path), Map.of(), "", accepted);
    }

    private URI url(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    private void awaitRelease() {
        try {
            release.await(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void respond(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
