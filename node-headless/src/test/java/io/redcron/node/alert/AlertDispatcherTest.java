package io.redcron.node.alert;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.redcron.config.AlertConfig;
import io.redcron.config.Secret;
import io.redcron.domain.AlertTarget;
import io.redcron.store.mysql.MutableClock;
import io.redcron.testkit.InMemoryAlertOutbox;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class AlertDispatcherTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SECRET = "whsec-7f3a9c";
    /** Retries 20 ms apart (on the test's clock), the outbox looked at every 20 ms. */
    private static final AlertDispatcher.Timing TIMING = new AlertDispatcher.Timing(Duration.ofMillis(20),
            Duration.ofMillis(20), Duration.ofMinutes(1));

    private final WebhookReceiver receiver = new WebhookReceiver();
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final MutableClock clock = new MutableClock(Instant.parse("2026-03-01T12:00:00Z"));
    private final InMemoryAlertOutbox outbox = new InMemoryAlertOutbox();
    private final List<ListAppender<ILoggingEvent>> appenders = new java.util.ArrayList<>();
    private AlertDispatcher dispatcher;

    @AfterEach
    void stop() {
        if (dispatcher != null) {
            dispatcher.close();
        }
        receiver.close();
        appenders.forEach(((Logger) LoggerFactory.getLogger(AlertDispatcher.class.getPackageName()))::detachAppender);
    }

    @Test
    void sendsSignedJsonToTheGlobalWebhookAndTheTasksOwn() throws Exception {
        dispatcher = dispatcher(config(Duration.ofMinutes(10), 100));

        dispatcher.raise(failure(7L, 42L, List.of(receiver.url("/team-hook"), "mailto:ignored@example.com")));

        await().untilAsserted(() -> assertThat(receiver.received()).hasSize(2));
        assertThat(receiver.received()).extracting(WebhookReceiver.Received::path)
                .containsExactlyInAnyOrder("/global", "/team-hook");
        WebhookReceiver.Received request = receiver.received().get(0);
        String timestamp = request.header("X-Redcron-Timestamp");
        assertThat(timestamp).isEqualTo(Long.toString(clock.instant().getEpochSecond()));
        assertThat(request.header("X-Redcron-Signature")).isEqualTo("sha256=" + hmac(timestamp + "." + request.body()));
        assertThat(request.header("Content-Type")).startsWith("application/json");
        assertThat(request.header("X-Redcron-Event")).isEqualTo("RUN_FAILED");
        JsonNode body = JSON.readTree(request.body());
        assertThat(body.get("version").asInt()).isEqualTo(1);
        assertThat(body.get("kind").asText()).isEqualTo("RUN_FAILED");
        assertThat(body.get("namespace").asText()).isEqualTo("prod");
        assertThat(body.get("reportedBy").asText()).isEqualTo("node-a");
        assertThat(body.at("/task/name").asText()).isEqualTo("backup");
        assertThat(body.get("runId").asLong()).isEqualTo(42);
        assertThat(body.at("/details/exitCode").asText()).isEqualTo("3");
        assertThat(body.get("suppressed").asInt()).isZero();
        assertThat(body.get("title").asText()).isEqualTo("[redcron prod] run failed: backup (run 42)");
        // No SMTP server is configured: the mailto: target is counted as failed, the webhooks were not held up.
        await().untilAsserted(() -> assertThat(meters.counter("redcron.alerts.failed", "channel", "email").count()).isEqualTo(1));
    }

    @Test
    void retriesAFailingWebhookWithBackoffUntilItAnswers() {
        receiver.answer(503, 500);
        dispatcher = dispatcher(config(Duration.ofMinutes(10), 100));

        dispatcher.raise(failure(7L, 1L, List.of()));

        await().untilAsserted(() -> assertThat(receiver.received()).hasSize(1));
        clock.advance(Duration.ofMillis(20));
        await().untilAsserted(() -> assertThat(receiver.received()).hasSize(2));
        clock.advance(Duration.ofMillis(40));
        await().untilAsserted(() -> assertThat(meters.counter("redcron.alerts.sent", "channel", "webhook").count()).isEqualTo(1));
        assertThat(receiver.received()).hasSize(3);
        assertThat(receiver.received()).extracting(WebhookReceiver.Received::body).containsOnly(receiver.received().get(0).body());
        assertThat(outbox.delivered("prod")).isOne();
    }

    @Test
    void aRetryGoesOnlyToTheTargetsThatHaveNotGotTheAlertYet() {
        dispatcher = dispatcher(config(Duration.ofMinutes(10), 100));
        receiver.answer(204, 503);

        dispatcher.raise(failure(7L, 1L, List.of(receiver.url("/team-hook"))));

        await().untilAsserted(() -> assertThat(receiver.received()).hasSize(2));
        clock.advance(Duration.ofMillis(20));
        await().untilAsserted(() -> assertThat(meters.counter("redcron.alerts.sent", "channel", "webhook").count()).isEqualTo(2));
        assertThat(receiver.received()).extracting(WebhookReceiver.Received::path)
                .containsExactly("/global", "/team-hook", "/team-hook");
    }

    @Test
    void theSameOccurrenceRaisedTwiceIsOneAlert() {
        dispatcher = dispatcher(config(Duration.ofMinutes(10), 100));

        dispatcher.raise(failure(7L, 1L, List.of()));
        dispatcher.raise(failure(7L, 1L, List.of()));
        dispatcher.raise(failure(7L, 2L, List.of()));

        assertThat(outbox.size("prod")).isEqualTo(2);
    }

    @Test
    void givesUpAtOnceOnAnAnswerThatRetryingCannotChange() {
        receiver.answer(404);
        dispatcher = dispatcher(config(Duration.ofMinutes(10), 100));

        dispatcher.raise(failure(7L, 1L, List.of()));

        await().untilAsserted(() -> assertThat(meters.counter("redcron.alerts.failed", "channel", "webhook").count()).isEqualTo(1));
        assertThat(receiver.received()).hasSize(1);
    }

    @Test
    void aTaskFailingOverAndOverSendsOneAlertThenASummary() throws Exception {
        dispatcher = dispatcher(config(Duration.ofSeconds(10), 100));

        for (long run = 1; run <= 50; run++) {
            dispatcher.raise(failure(7L, run, List.of()));
        }
        dispatcher.raise(failure(8L, 99L, List.of()));

        await().untilAsserted(() -> {
            assertThat(meters.counter("redcron.alerts.suppressed").count()).isEqualTo(49);
            assertThat(receiver.received()).hasSize(2);
        });
        clock.advance(Duration.ofSeconds(10));
        await().untilAsserted(() -> assertThat(receiver.received()).hasSize(3));
        JsonNode summary = JSON.readTree(receiver.received().get(2).body());
        assertThat(summary.get("suppressed").asInt()).isEqualTo(49);
        assertThat(summary.get("runId").asLong()).as("one of those held back").isBetween(2L, 50L);
    }

    @Test
    void aHangingReceiverNeverBlocksTheCaller() {
        receiver.hold();
        dispatcher = dispatcher(config(Duration.ofMinutes(10), 10));
        dispatcher.raise(failure(1L, 1L, List.of()));
        dispatcher.raise(failure(2L, 2L, List.of()));
        await().untilAsserted(() -> assertThat(receiver.received()).hasSize(2));

        long started = System.nanoTime();
        for (long task = 3; task < 18; task++) {
            dispatcher.raise(failure(task, task, List.of()));
        }
        Duration raising = Duration.ofNanos(System.nanoTime() - started);

        assertThat(raising).isLessThan(Duration.ofMillis(500));
        assertThat(outbox.size("prod")).isEqualTo(17);
        receiver.open();
        await().untilAsserted(() -> assertThat(meters.counter("redcron.alerts.sent", "channel", "webhook").count()).isEqualTo(17));
        assertThat(meters.counter("redcron.alerts.dropped").count()).isZero();
    }

    @Test
    void whileTheOutboxCannotBeWrittenAlertsWaitInMemoryUpToTheQueueSizeAndAreSentOnceItCan() {
        outbox.unreachable(true);
        dispatcher = dispatcher(config(Duration.ofMinutes(10), 10));

        long started = System.nanoTime();
        for (long task = 1; task <= 15; task++) {
            dispatcher.raise(failure(task, task, List.of()));
        }
        Duration raising = Duration.ofNanos(System.nanoTime() - started);

        assertThat(raising).isLessThan(Duration.ofMillis(500));
        assertThat(meters.counter("redcron.alerts.kept.in.memory").count()).isEqualTo(10);
        assertThat(meters.counter("redcron.alerts.dropped").count()).isEqualTo(5);
        assertThat(meters.get("redcron.alerts.waiting.in.memory").tag("namespace", "prod").gauge().value()).isEqualTo(10);
        assertThat(receiver.received()).isEmpty();

        outbox.unreachable(false);

        await().untilAsserted(() -> assertThat(meters.counter("redcron.alerts.sent", "channel", "webhook").count()).isEqualTo(10));
        assertThat(outbox.size("prod")).isEqualTo(10);
        assertThat(meters.get("redcron.alerts.waiting.in.memory").gauge().value()).isZero();
        assertThat(receiver.received()).extracting(request -> parse(request.body()).get("runId").asLong())
                .containsExactlyInAnyOrder(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L);
    }

    @Test
    void aNodeWithoutTargetsKeepsItsAlertsInTheOutboxForANodeThatHasSome() {
        AlertConfig none = new AlertConfig(Optional.empty(), Secret.NONE, 5, Optional.empty(), Duration.ofMinutes(10), 100,
                List.of());
        try (AlertDispatcher worker = new AlertDispatcher(none, outbox, "prod", "worker-1", clock, meters, TaskLookup.NONE,
                TIMING)) {
            worker.raise(failure(7L, 1L, List.of()));
        }
        assertThat(outbox.size("prod")).isOne();
        assertThat(outbox.delivered("prod")).isZero();

        dispatcher = dispatcher(config(Duration.ofMinutes(10), 100));

        await().untilAsserted(() -> assertThat(receiver.received()).hasSize(1));
        JsonNode body = parse(receiver.received().get(0).body());
        assertThat(body.get("runId").asLong()).isEqualTo(1);
        assertThat(body.get("reportedBy").asText()).as("the node that delivered it").isEqualTo("node-a");
        await().untilAsserted(() -> assertThat(outbox.delivered("prod")).isOne());
    }

    @Test
    void aTaskTargetThatNoPatternAllowsGetsNothingIsCountedAndLoggedOncePerWindow() {
        ListAppender<ILoggingEvent> log = capture();
        dispatcher = dispatcher(config(Duration.ofSeconds(10), 100).withAllowTargets(List.of()));
        String sneaky = receiver.url("/task-chosen?token=t0k3n");

        dispatcher.raise(failure(7L, 1L, List.of(sneaky, "mailto:someone@example.com")));
        dispatcher.raise(failure(7L, 2L, List.of(sneaky)));

        await().untilAsserted(() -> assertThat(meters.counter("redcron.alerts.refused", "channel", "webhook").count())
                .isEqualTo(2));
        await().untilAsserted(() -> assertThat(meters.counter("redcron.alerts.refused", "channel", "email").count())
                .isEqualTo(1));
        await().untilAsserted(() -> assertThat(receiver.received()).hasSize(1));
        assertThat(receiver.received()).extracting(WebhookReceiver.Received::path).containsExactly("/global");
        // One line per target, each once: the targets are routed on separate delivery threads, in no set order.
        await().untilAsserted(() -> assertThat(refusals(log)).hasSize(2));
        assertThat(refusals(log)).containsExactlyInAnyOrder(
                "Task 'backup' names alert target " + AlertTarget.parse(sneaky).redacted() + ", which matches no"
                        + " alerts.allow-targets pattern: its alerts are not sent there (add a pattern to"
                        + " alerts.allow-targets to allow it)",
                "Task 'backup' names alert target mailto:someone@example.com, which matches no alerts.allow-targets"
                        + " pattern: its alerts are not sent there (add a pattern to alerts.allow-targets to allow it)");
        assertThat(refusals(log)).noneMatch(line -> line.contains("t0k3n"));

        clock.advance(Duration.ofSeconds(10));
        dispatcher.raise(failure(7L, 3L, List.of(sneaky)));
        await().untilAsserted(() -> assertThat(refusals(log)).hasSize(3));
    }

    @Test
    void aPatternMustMatchTheWholeTarget() {
        dispatcher = dispatcher(config(Duration.ofMinutes(10), 100)
                .withAllowTargets(List.of(Pattern.compile(Pattern.quote(receiver.url("/team")) + "(/.*)?"))));

        dispatcher.raise(failure(7L, 1L, List.of(receiver.url("/team/hook"), receiver.url("/other?next=/team"))));

        await().untilAsserted(() -> assertThat(meters.counter("redcron.alerts.refused", "channel", "webhook").count())
                .isEqualTo(1));
        await().untilAsserted(() -> assertThat(receiver.received()).extracting(WebhookReceiver.Received::path)
                .containsExactlyInAnyOrder("/global", "/team/hook"));
    }

    @Test
    void theNodesOwnTargetsAreAlwaysDeliveredEvenWhenATaskNamesThemToo() {
        dispatcher = dispatcher(config(Duration.ofMinutes(10), 100).withAllowTargets(List.of()));

        dispatcher.raise(failure(7L, 1L, List.of(receiver.url("/global"))));

        await().untilAsserted(() -> assertThat(receiver.received()).hasSize(1));
        assertThat(meters.find("redcron.alerts.refused").counter()).isNull();
    }

    private ListAppender<ILoggingEvent> capture() {
        Logger logger = (Logger) LoggerFactory.getLogger(AlertDispatcher.class.getPackageName());
        ListAppender<ILoggingEvent> appender = new ListAppender<>();
        appender.start();
        logger.addAppender(appender);
        appenders.add(appender);
        return appender;
    }

    private static List<String> refusals(ListAppender<ILoggingEvent> log) {
        synchronized (log) {
            return log.list.stream().map(ILoggingEvent::getFormattedMessage)
                    .filter(line -> line.contains("alerts.allow-targets")).toList();
        }
    }

    private AlertDispatcher dispatcher(AlertConfig config) {
        return new AlertDispatcher(config, outbox, "prod", "node-a", clock, meters, TaskLookup.NONE, TIMING);
    }

    private static JsonNode parse(String body) {
        try {
            return JSON.readTree(body);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The global webhook, and tasks may name this receiver and addresses at example.com. */
    private AlertConfig config(Duration rateLimit, int queueSize) {
        return new AlertConfig(Optional.of((AlertTarget.Webhook) AlertTarget.parse(receiver.url("/global"))),
                Secret.of(SECRET), 5, Optional.empty(), rateLimit, queueSize, List.of(
                        Pattern.compile(Pattern.quote(receiver.url("/")) + ".*"), Pattern.compile("mailto:.*@example\\.com")));
    }

    private Alert failure(long taskId, long runId, List<String> targets) {
        return new Alert(AlertKind.RUN_FAILED, clock.instant(), taskId, taskId == 7L ? "backup" : "task-" + taskId, runId,
                null, "exit code 3", Map.of("exitCode", "3", "attempt", "1"), targets);
    }

    private static String hmac(String data) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return HexFormat.of().formatHex(mac.doFinal(data.getBytes(StandardCharsets.UTF_8)));
    }
}
