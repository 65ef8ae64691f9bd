package io.redcron.node.worker.execution;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * One request sent with {@link HttpClient#send} on a {@link HelperThreads helper thread}, its
 * response handed over as a future that the run's deadline and cancel can race.
 *
 * <p>Not {@link HttpClient#sendAsync}: the JDK's client hands every response it completes that way
 * to {@code CompletableFuture}'s default executor, which on a machine of one or two cores is a new
 * thread per task, so every request started a thread. {@code send} completes on the client's own
 * threads. {@link #abandon()} interrupts the helper only while it still sends this request (an
 * interrupted {@code send} aborts its exchange), and the helper clears any interrupt it is left
 * with before it goes back to its pool.
 */
final class HttpSend {
    private final HttpClient client;
    private final HttpRequest request;
    private final CompletableFuture<HttpResponse<InputStream>> response = new CompletableFuture<>();
    /** The thread sending this request; null before it starts and once it ended. */
    private Thread sending;
    private boolean abandoned;

    private HttpSend(HttpClient client, HttpRequest request) {
        this.client = client;
        this.request = request;
    }

    static HttpSend start(HttpClient client, HttpRequest request, Executor helpers) {
        HttpSend send = new HttpSend(client, request);
        helpers.execute(send::send);
        return send;
    }

    /** Completes with the response (headers read, body not yet), or with why there is none. */
    CompletableFuture<HttpResponse<InputStream>> response() {
        return response;
    }

    private void send() {
        if (!began()) {
            return;
        }
        try {
            HttpResponse<InputStream> answer = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
            if (!response.complete(answer)) {
                close(answer.body()); // abandoned meanwhile: give its connection up
            }
        } catch (InterruptedException e) {
            response.cancel(false); // abandoned: the exchange was aborted
        } catch (IOException | RuntimeException e) {
            response.completeExceptionally(e);
        } finally {
            finished();
        }
    }

    private synchronized boolean began() {
        sending = Thread.currentThread();
        return !abandoned;
    }

    private synchronized void finished() {
        sending = null;
        // An abandon that came as the request ended must not reach whatever this thread does next.
        Thread.interrupted();
    }

    /** Gives the request up (timeout, cancel): aborts its exchange, or drops a response that comes anyway. */
    void abandon() {
        response.cancel(false);
        synchronized (this) {
            abandoned = true;
            if (sending != null) {
                sending.interrupt();
            }
        }
    }

    private static void close(InputStream body) {
        try {
            body.close();
        } catch (IOException e) {
            // Nothing of it was wanted.
        }
    }
}
