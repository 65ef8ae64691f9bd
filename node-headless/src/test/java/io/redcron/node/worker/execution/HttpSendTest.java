package io.redcron.node.worker.execution;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class HttpSendTest {
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final CountDownLatch answer = new CountDownLatch(1);
    private final HttpTestServer server = new HttpTestServer().route("/held", exchange -> {
        try {
            answer.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        exchange.sendResponseHeaders(204, -1);
        exchange.close();
    });
    private final ExecutorService oneThread = Executors.newSingleThreadExecutor();

    @AfterEach
    void stop() {
        answer.countDown();
        oneThread.shutdownNow();
        server.close();
    }

    @Test
    void theResponseArrivesThroughItsFuture() {
        HttpSend send = HttpSend.start(client, HttpRequest.newBuilder(server.url("/")).build(), oneThread);

        assertThat(send.response().orTimeout(30, TimeUnit.SECONDS).join().statusCode()).isEqualTo(200);
    }

    @Test
    void anAbandonedRequestFreesItsHelperWithoutLeavingItInterrupted() throws Exception {
        HttpSend send = HttpSend.start(client, HttpRequest.newBuilder(server.url("/held")).build(), oneThread);
        await().atMost(Duration.ofSeconds(10)).until(() -> server.received().size() == 1);

        send.abandon();

        assertThat(send.response()).isCancelled();
        // The helper is free again (the exchange was aborted, not waited out) and carries no interrupt.
        assertThat(oneThread.submit(() -> Thread.currentThread().isInterrupted()).get(30, TimeUnit.SECONDS)).isFalse();
    }

    @Test
    void aRequestAbandonedBeforeItsTurnIsNeverSent() throws Exception {
        CountDownLatch busy = new CountDownLatch(1);
        oneThread.execute(() -> {
            try {
                busy.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        HttpSend send = HttpSend.start(client, HttpRequest.newBuilder(server.url("/")).build(), oneThread);

        send.abandon();
        busy.countDown();

        assertThat(oneThread.submit(() -> server.received().size()).get(30, TimeUnit.SECONDS)).isZero();
        assertThat(send.response()).isCancelled();
    }
}
