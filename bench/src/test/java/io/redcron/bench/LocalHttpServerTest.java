package io.redcron.bench;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

class LocalHttpServerTest {

    @Test
    void answersPingOnLoopbackAndTheCeilingCountsItsAnswers() throws Exception {
        try (LocalHttpServer server = LocalHttpServer.start(2)) {
            HttpResponse<String> response = HttpClient.newHttpClient()
                    .send(HttpRequest.newBuilder(server.url()).build(), HttpResponse.BodyHandlers.ofString());

            assertThat(server.url().getHost()).isEqualTo("127.0.0.1");
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).isEqualTo("pong\n");

            HttpClient client = HttpClient.newHttpClient();
            double perSecond = Ceilings.perSecond(2, Duration.ofMillis(200), () ->
                    client.send(HttpRequest.newBuilder(server.url()).build(), HttpResponse.BodyHandlers.discarding()));
            assertThat(perSecond).isPositive();
            assertThat(server.answered()).isGreaterThan(1);
        }
    }

    @Test
    void theNodeIsAllowedThatUrlAndNoOther() {
        try (LocalHttpServer server = LocalHttpServer.start(1)) {
            Pattern allowed = Pattern.compile(HttpScenario.allowing(server));
            URI url = server.url();

            assertThat(allowed.matcher(url.toString()).matches()).isTrue();
            assertThat(allowed.matcher(url + "x").matches()).isFalse();
            assertThat(allowed.matcher(url.toString().replace("127.0.0.1", "127x0x0x1")).matches()).isFalse();
            assertThat(HttpScenario.allowing(server)).doesNotContain(",");
        }
    }
}
