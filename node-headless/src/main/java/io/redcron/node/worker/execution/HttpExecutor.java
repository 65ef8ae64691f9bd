package io.redcron.node.worker.execution;

import io.redcron.domain.Durations;
import io.redcron.domain.HttpPayload;
import io.redcron.domain.InvalidTaskException;
import io.redcron.domain.TaskType;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.StandardCharsets;
import java.text.NumberFormat;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs {@code http} tasks with one shared {@link HttpClient}. The response body is streamed
 * through the output tail and read up to {@code worker.http-max-response} bytes, so a huge
 * response costs no more memory than the tail. The task's timeout bounds the whole exchange,
 * redirects and body included (the client's own request timeout stops at the response headers).
 *
 * <p>The client follows no redirect itself: {@link Redirects} decides each one, and the node's
 * {@link UrlGuard} judges every URL before it is requested, the first one included.
 */
final class HttpExecutor implements Executor {
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    /** Task headers that still go along after a redirect to another origin: they carry no credentials. */
    static final Set<String> HARMLESS_HEADERS = Set.of("accept", "content-type", "user-agent");

    private final HttpClient client;
    private final UrlGuard guard;
    private final ExecutorService lookups;
    private final int tailBytes;
    private final int maxResponseBytes;
    private final SecretStore secrets;
    private final HelperThreads helpers;

    HttpExecutor(int tailBytes, int maxResponseBytes, UrlGuard guard) {
        this(tailBytes, maxResponseBytes, guard, SecretStore.NONE, new HelperThreads("redcron-http-body"));
    }

    /** @param helpers where response bodies are read, beside the calling thread */
    HttpExecutor(int tailBytes, int maxResponseBytes, UrlGuard guard, SecretStore secrets, HelperThreads helpers) {
        // HTTP/1.1: a plain-http endpoint then never sees an h2c upgrade attempt it may mishandle.
        // A task timeout shorter than the connect timeout still bounds the connect: the executor's
        // own deadline covers the whole exchange.
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(CONNECT_TIMEOUT)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
        this.guard = guard;
        // Host names are resolved for the guard on threads of their own, so that a slow DNS
        // answer still yields to the run's timeout and to a cancel. Idle threads end on their own.
        AtomicInteger threads = new AtomicInteger();
        this.lookups = Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable, "redcron-http-lookup-" + threads.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        this.tailBytes = tailBytes;
        this.maxResponseBytes = maxResponseBytes;
        this.secrets = secrets;
        this.helpers = helpers;
    }

    @Override
    public TaskType type() {
        return TaskType.HTTP;
    }

    @Override
    public ExecutionResult execute(ExecutionRequest request, OutputListener output, Cancellation cancellation) {
        long started = System.nanoTime();
        long deadline = started + request.timeout().toNanos();
        HttpPayload stored = (HttpPayload) request.payload();
        Map<String, String> secretValues;
        HttpPayload payload;
        try {
            List<String> texts = new ArrayList<>(stored.headers().values());
            texts.add(stored.body());
            secretValues = secrets.resolveAll(texts);
            payload = secretValues.isEmpty() ? stored : stored.withSecretsResolved(secretValues::get);
        } catch (SecretStore.MissingSecretException | InvalidTaskException e) {
            return ExecutionResult.failedBeforeStart(e.getMessage());
        }
        OutputSink sink = new OutputSink(tailBytes, output, new SecretMask(secretValues.values()));
        CompletableFuture<String> stop = new CompletableFuture<>();
        Outcome outcome;
        Cancellation.Registration registration = cancellation.onCancel(() -> stop.complete(cancellation.reason()));
        try {
            outcome = run(request, payload, new Deadline(request.timeout(), deadline, stop), sink);
        } finally {
            registration.close();
        }
        sink.finish();
        sink.detach();
        return new ExecutionResult(outcome.status, null, sink.text(), outcome.error,
                Duration.ofNanos(System.nanoTime() - started));
    }

    private record Outcome(ExecutionStatus status, String error) {
        static Outcome failed(String error) {
            return new Outcome(ExecutionStatus.FAILED, error);
        }
    }

    /** The run's timeout and its cancel, which every wait of the run gives way to. */
    private record Deadline(Duration timeout, long nanos, CompletableFuture<String> stop) {
    }

    /** Requests hop after hop until an answer that is not a followed redirect. */
    private Outcome run(ExecutionRequest request, HttpPayload payload, Deadline deadline, OutputSink sink) {
        HttpHop hop = HttpHop.first(payload);
        for (int followed = 0; ; followed++) {
            Outcome refused = judge(hop.url(), deadline);
            if (refused != null) {
                return refused;
            }
            HttpRequest httpRequest;
            try {
                httpRequest = httpRequest(request, payload, hop);
            } catch (IllegalArgumentException e) {
                return Outcome.failed("cannot send the request: " + Texts.oneLine(e.getMessage(), 200));
            }
            HttpSend sent = HttpSend.start(client, httpRequest, helpers);
            Outcome interruption = awaitFirst(sent.response(), deadline);
            if (interruption != null) {
                sent.abandon();
                return interruption;
            }
            HttpResponse<InputStream> response;
            try {
                response = sent.response().join();
            } catch (CompletionException | java.util.concurrent.CancellationException e) {
                return failure(e.getCause() != null ? e.getCause() : e, hop.url(), deadline.timeout());
            }
            int status = response.statusCode();
            Optional<String> location = response.headers().firstValue("Location");
            String notFollowed = null;
            if (Redirects.isRedirect(status) && location.isPresent()) {
                Redirects.Decision decision = Redirects.decide(payload.redirects(), hop, status, location.get(), followed);
                if (decision.followed()) {
                    sink.writeText("HTTP " + status + " -> " + decision.next().origin() + "\n");
                    discard(response.body());
                    hop = decision.next();
                    continue;
                }
                notFollowed = decision.refusal();
            }
            return answer(payload, response, notFollowed, deadline, sink);
        }
    }

    /** Null when the node lets the run request {@code url}, else the failed outcome. */
    private Outcome judge(URI url, Deadline deadline) {
        if (!guard.looksUpHosts()) {
            // Judged by the node's patterns alone: nothing to wait for, so no thread to wait on.
            try {
                return guard.refusal(url).map(Outcome::failed).orElse(null);
            } catch (UnknownHostException e) {
                throw new IllegalStateException("a judgement without a lookup resolved a host", e);
            }
        }
        CompletableFuture<Optional<String>> judged = CompletableFuture.supplyAsync(() -> {
            try {
                return guard.refusal(url);
            } catch (UnknownHostException e) {
                throw new CompletionException(e);
            }
        }, lookups);
        Outcome interruption = awaitFirst(judged, deadline);
        if (interruption != null) {
            judged.cancel(true);
            return interruption;
        }
        try {
            return judged.join().map(Outcome::failed).orElse(null);
        } catch (CompletionException e) {
            return Outcome.failed("cannot connect to " + hostPort(url) + ": " + reason(e.getCause()));
        }
    }

    /** Records the final answer's status and body; the status decides, unless a redirect was refused. */
    private Outcome answer(HttpPayload payload, HttpResponse<InputStream> response, String notFollowed,
                           Deadline deadline, OutputSink sink) {
        int status = response.statusCode();
        sink.writeText("HTTP " + status + "\n");
        OutputPump pump = new OutputPump(response.body(), sink, maxResponseBytes).start(helpers);
        Outcome interruption = awaitFirst(pump.ended(), deadline);
        if (interruption != null) {
            pump.abort();
            return interruption;
        }
        if (pump.cut()) {
            sink.writeText("\n[response cut after " + NumberFormat.getIntegerInstance(Locale.ROOT).format(maxResponseBytes)
                    + " bytes: worker.http-max-response]\n");
        }
        // A task that names a redirect status among its accepted ones asked for exactly that answer.
        if (notFollowed != null && !payload.acceptedStatuses().contains(status)) {
            return Outcome.failed(notFollowed);
        }
        return payload.accepts(status)
                ? new Outcome(ExecutionStatus.SUCCEEDED, null)
                : Outcome.failed("HTTP " + status + " is not an accepted status");
    }

    /** A redirect's own body is not output; closing the stream unread gives up its connection. */
    private static void discard(InputStream body) {
        try {
            body.close();
        } catch (IOException e) {
            // Nothing of it was wanted.
        }
    }

    /**
     * Waits for {@code work} until the deadline; null when it completed (normally or not),
     * otherwise the outcome that stopped the wait: cancelled, interrupted or timed out.
     */
    private static Outcome awaitFirst(CompletableFuture<?> work, Deadline deadline) {
        CompletableFuture<String> stop = deadline.stop();
        try {
            CompletableFuture.anyOf(work, stop).get(deadline.nanos() - System.nanoTime(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            // Checked below, in case the work completed at the same moment.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop.complete("interrupted: the node is stopping");
        } catch (ExecutionException e) {
            // The work failed; the caller reads why from the work itself.
        }
        if (work.isDone()) {
            return null;
        }
        if (stop.isDone()) {
            return new Outcome(ExecutionStatus.CANCELLED, stop.join());
        }
        return timedOut(deadline.timeout());
    }

    private static Outcome timedOut(Duration timeout) {
        return new Outcome(ExecutionStatus.TIMED_OUT, "timed out after " + Durations.format(timeout));
    }

    private static Outcome failure(Throwable cause, URI url, Duration timeout) {
        if (cause instanceof HttpConnectTimeoutException || cause instanceof ConnectException) {
            return Outcome.failed("cannot connect to " + hostPort(url) + ": " + reason(cause));
        }
        if (cause instanceof HttpTimeoutException) {
            return timedOut(timeout);
        }
        return Outcome.failed("request to " + hostPort(url) + " failed: " + reason(cause));
    }

    private static String reason(Throwable cause) {
        // JDK 17 reports a failed connect as a message-less ConnectException around the channel's
        // own exception, which names no reason; translate the two that mean something to people.
        Throwable root = cause;
        while ((root.getMessage() == null || root.getMessage().isBlank()) && root.getCause() != null) {
            root = root.getCause();
        }
        if (root instanceof UnresolvedAddressException || root instanceof UnknownHostException) {
            return "unknown host";
        }
        if (cause instanceof ConnectException && root instanceof ClosedChannelException) {
            return "connection refused";
        }
        String message = root.getMessage();
        return Texts.oneLine(message == null || message.isBlank() ? root.getClass().getSimpleName() : message, 200);
    }

    private static String hostPort(URI url) {
        String host = url.getHost() != null ? url.getHost() : UrlGuard.host(url);
        return host + ":" + HttpHop.Origin.of(url).port();
    }

    private static HttpRequest httpRequest(ExecutionRequest request, HttpPayload payload, HttpHop hop) {
        HttpRequest.BodyPublisher body = hop.body().isEmpty()
                ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(hop.body(), StandardCharsets.UTF_8);
        HttpRequest.Builder builder = HttpRequest.newBuilder(hop.url())
                .timeout(request.timeout())
                .method(hop.method(), body);
        payload.headers().forEach((name, value) -> {
            if (hop.withTaskHeaders() || HARMLESS_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                builder.setHeader(name, value);
            }
        });
        for (Map.Entry<String, String> header : RunVariables.headers(request).entrySet()) {
            try {
                builder.setHeader(header.getKey(), header.getValue());
            } catch (IllegalArgumentException e) {
                // Header values are Latin-1 without line breaks; say which parameter does not fit.
                throw new IllegalArgumentException("header " + header.getKey()
                        + " has a value HTTP cannot carry (line breaks or characters outside ISO-8859-1)", e);
            }
        }
        return builder.build();
    }
}
