package io.redcron.node.worker.execution;

import io.redcron.domain.Durations;
import io.redcron.domain.HttpPayload;
import io.redcron.domain.TaskType;

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
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs {@code http} tasks with one shared {@link HttpClient}. The response body is streamed
 * through the output tail, so a huge response costs no more memory than the tail. The task's
 * timeout bounds the whole exchange, body included (the client's own request timeout stops at
 * the response headers).
 */
final class HttpExecutor implements Executor {
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

    private final HttpClient client;
    private final int tailBytes;

    HttpExecutor(int tailBytes) {
        // HTTP/1.1: a plain-http endpoint then never sees an h2c upgrade attempt it may mishandle.
        // A task timeout shorter than the connect timeout still bounds the connect: the executor's
        // own deadline covers the whole exchange.
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(CONNECT_TIMEOUT)
                .followRedirects(HttpClient.Redirect.NORMAL)
                .build();
        this.tailBytes = tailBytes;
    }

    @Override
    public TaskType type() {
        return TaskType.HTTP;
    }

    @Override
    public ExecutionResult execute(ExecutionRequest request, OutputListener output, Cancellation cancellation) {
        long started = System.nanoTime();
        HttpPayload payload = (HttpPayload) request.payload();
        HttpRequest httpRequest;
        try {
            httpRequest = httpRequest(request, payload);
        } catch (IllegalArgumentException e) {
            return ExecutionResult.failedBeforeStart("cannot send the request: " + Texts.oneLine(e.getMessage(), 200));
        }
        long deadline = started + request.timeout().toNanos();
        OutputSink sink = new OutputSink(tailBytes, output);
        CompletableFuture<String> stop = new CompletableFuture<>();
        Outcome outcome;
        Cancellation.Registration registration = cancellation.onCancel(() -> stop.complete(cancellation.reason()));
        try {
            outcome = exchange(request, httpRequest, payload, deadline, sink, stop);
        } finally {
            registration.close();
        }
        sink.detach();
        return new ExecutionResult(outcome.status, null, sink.text(), outcome.error,
                Duration.ofNanos(System.nanoTime() - started));
    }

    private record Outcome(ExecutionStatus status, String error) {
    }

    private Outcome exchange(ExecutionRequest request, HttpRequest httpRequest, HttpPayload payload, long deadline,
                             OutputSink sink, CompletableFuture<String> stop) {
        Duration timeout = request.timeout();
        CompletableFuture<HttpResponse<InputStream>> sent =
                client.sendAsync(httpRequest, HttpResponse.BodyHandlers.ofInputStream());
        Outcome interruption = awaitFirst(sent, stop, timeout, deadline);
        if (interruption != null) {
            sent.cancel(true);
            return interruption;
        }
        HttpResponse<InputStream> response;
        try {
            response = sent.join();
        } catch (CompletionException | java.util.concurrent.CancellationException e) {
            return failure(e.getCause() != null ? e.getCause() : e, payload.url(), timeout);
        }
        int status = response.statusCode();
        byte[] statusLine = ("HTTP " + status + "\n").getBytes(StandardCharsets.US_ASCII);
        sink.write(statusLine, 0, statusLine.length);

        OutputPump pump = new OutputPump(response.body(), sink, "redcron-http-" + request.runId()).start();
        interruption = awaitFirst(pump.ended(), stop, timeout, deadline);
        if (interruption != null) {
            pump.abort();
            return interruption;
        }
        return payload.accepts(status)
                ? new Outcome(ExecutionStatus.SUCCEEDED, null)
                : new Outcome(ExecutionStatus.FAILED, "HTTP " + status + " is not an accepted status");
    }

    /**
     * Waits for {@code work} until the deadline; null when it completed (normally or not),
     * otherwise the outcome that stopped the wait: cancelled, interrupted or timed out.
     */
    private static Outcome awaitFirst(CompletableFuture<?> work, CompletableFuture<String> stop, Duration timeout,
                                      long deadline) {
        try {
            CompletableFuture.anyOf(work, stop).get(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
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
        return timedOut(timeout);
    }

    private static Outcome timedOut(Duration timeout) {
        return new Outcome(ExecutionStatus.TIMED_OUT, "timed out after " + Durations.format(timeout));
    }

    private static Outcome failure(Throwable cause, URI url, Duration timeout) {
        if (cause instanceof HttpConnectTimeoutException || cause instanceof ConnectException) {
            return new Outcome(ExecutionStatus.FAILED, "cannot connect to " + hostPort(url) + ": " + reason(cause));
        }
        if (cause instanceof HttpTimeoutException) {
            return timedOut(timeout);
        }
        return new Outcome(ExecutionStatus.FAILED, "request to " + hostPort(url) + " failed: " + reason(cause));
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
        int port = url.getPort() != -1 ? url.getPort() : "https".equalsIgnoreCase(url.getScheme()) ? 443 : 80;
        return url.getHost() + ":" + port;
    }

    private static HttpRequest httpRequest(ExecutionRequest request, HttpPayload payload) {
        HttpRequest.BodyPublisher body = payload.body().isEmpty()
                ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(payload.body(), StandardCharsets.UTF_8);
        HttpRequest.Builder builder = HttpRequest.newBuilder(payload.url())
                .timeout(request.timeout())
                .method(payload.method(), body);
        payload.headers().forEach(builder::setHeader);
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
