package io.redcron.node.security;

import io.redcron.domain.HttpPayload;
import io.redcron.domain.RedirectPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.node.engine.TestCluster;
import io.redcron.node.worker.execution.HttpTestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Tasks written to attack the node's own network, run by a real node. Anyone who can write the
 * task table can make a worker run such a task; the node must not be turned into their proxy:
 * no credentials carried to a host a redirect names, no loopback or metadata address reached
 * without the operator's pattern, no response read without bound.
 *
 * <p>One node serves the group {@code open} with no URL patterns; another serves {@code allowing}
 * with a pattern that allows the local test servers (which, being on loopback, are refused
 * otherwise).
 */
class HttpTaskAttacksIT {
    private static final String SECRET = "Bearer attack-7c1f";
    private static final long SEVERAL_MIB = 8L << 20;
    private static final AtomicInteger NAMES = new AtomicInteger();

    @RegisterExtension
    static final TestCluster cluster = new TestCluster();
    private static HttpTestServer victim;
    private static HttpTestServer elsewhere;

    @BeforeAll
    static void start() {
        victim = new HttpTestServer();
        elsewhere = new HttpTestServer();
        victim.echo("/api").big("/huge", SEVERAL_MIB).redirect("/bounce", 302, elsewhere.origin() + "/collect");
        elsewhere.echo("/collect");
        cluster.start("open-node", Map.of("node.groups", "open"));
        cluster.start("allowing-node", Map.of("node.groups", "allowing",
                "worker.allow-urls", "http://127\\.0\\.0\\.1:[0-9]+/.*"));
    }

    @AfterAll
    static void stop() {
        victim.close();
        elsewhere.close();
    }

    @Test
    void aRedirectToAnotherOriginNeverCarriesTheTasksAuthorization() {
        Run none = run("allowing", bounce(RedirectPolicy.NONE));
        Run sameOrigin = run("allowing", bounce(RedirectPolicy.SAME_ORIGIN));
        assertThat(elsewhere.received()).as("not followed at all").isEmpty();
        Run any = run("allowing", bounce(RedirectPolicy.ANY));

        assertThat(none.status()).isEqualTo(RunStatus.FAILED);
        assertThat(none.error()).isEqualTo("redirected (302) to " + elsewhere.origin() + "; not followed (redirects: none)");
        assertThat(sameOrigin.status()).isEqualTo(RunStatus.FAILED);
        assertThat(sameOrigin.error()).isEqualTo("redirected (302) to " + elsewhere.origin()
                + "; not followed (redirects: same-origin)");
        assertThat(any.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(victim.received()).filteredOn(request -> request.path().equals("/bounce"))
                .hasSize(3).allSatisfy(request -> assertThat(request.header("Authorization")).isEqualTo(SECRET));
        assertThat(elsewhere.received()).singleElement().satisfies(request -> {
            assertThat(request.hasHeader("Authorization")).isFalse();
            assertThat(request.hasHeader("X-Api-Key")).isFalse();
            assertThat(request.body()).isEmpty();
            assertThat(request.header("X-Redcron-Run-Id")).isEqualTo(Long.toString(any.id()));
        });
        assertThat(any.output()).doesNotContain("attack-7c1f");
    }

    @Test
    void loopbackMetadataAndOddSpellingsAreRefusedWithoutAPatternAndNeverReached() {
        int port = victim.port();
        int before = victim.received().size();

        Run loopback = run("open", get("http://127.0.0.1:" + port + "/api"));
        Run metadata = run("open", get("http://169.254.169.254/latest/meta-data/iam/security-credentials/"));
        Run decimal = run("open", get("http://2130706433:" + port + "/api"));
        Run mapped = run("open", get("http://[::ffff:127.0.0.1]:" + port + "/api"));

        assertThat(loopback.status()).isEqualTo(RunStatus.FAILED);
        assertThat(loopback.error()).isEqualTo("node open-node refuses URL 'http://127.0.0.1:" + port + "/api': 127.0.0.1"
                + " is a loopback address (only a worker.allow-urls pattern can allow it)");
        assertThat(metadata.status()).isEqualTo(RunStatus.FAILED);
        assertThat(metadata.error()).isEqualTo("node open-node refuses URL"
                + " 'http://169.254.169.254/latest/meta-data/iam/security-credentials/': 169.254.169.254 is a cloud"
                + " metadata address (only a worker.allow-urls pattern can allow it)");
        assertThat(decimal.status()).isEqualTo(RunStatus.FAILED);
        assertThat(decimal.error()).isEqualTo("node open-node refuses URL 'http://2130706433:" + port + "/api':"
                + " 2130706433 is 127.0.0.1, a loopback address (only a worker.allow-urls pattern can allow it)");
        assertThat(mapped.status()).isEqualTo(RunStatus.FAILED);
        assertThat(mapped.error()).contains("::ffff:127.0.0.1 is 127.0.0.1, a loopback address");
        assertThat(victim.received()).hasSize(before);
    }

    @Test
    void aPatternThatAllowsTheLocalServerLetsTheRunThroughAndOnlyAsWritten() {
        int port = victim.port();

        Run allowed = run("allowing", get("http://127.0.0.1:" + port + "/api"));
        Run respelled = run("allowing", get("http://2130706433:" + port + "/api"));

        assertThat(allowed.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(allowed.output()).startsWith("HTTP 200\nGET\n");
        assertThat(respelled.status()).isEqualTo(RunStatus.FAILED);
        assertThat(respelled.error()).isEqualTo("node allowing-node refuses URL 'http://2130706433:" + port + "/api':"
                + " it matches no worker.allow-urls pattern");
    }

    @Test
    void aResponseOfSeveralMebibytesIsCutAndTheRecordedOutputStaysBounded() {
        Run huge = run("allowing", get(victim.origin() + "/huge"));

        assertThat(huge.status()).isEqualTo(RunStatus.SUCCEEDED);
        assertThat(huge.output()).hasSizeLessThanOrEqualTo(65_536)
                .endsWith("yyyy\n[response cut after 1,048,576 bytes: worker.http-max-response]\n");
    }

    private static HttpPayload bounce(RedirectPolicy redirects) {
        return new HttpPayload("POST", victim.url("/bounce"), Map.of("Authorization", SECRET, "X-Api-Key", "k-91"),
                "{\"steal\":true}", Set.of(), redirects);
    }

    private static HttpPayload get(String url) {
        return new HttpPayload("GET", URI.create(url), Map.of("Authorization", SECRET), "", Set.of());
    }

    /** Adds a task with this payload for the group, triggers it once and waits for the run's end. */
    private static Run run(String group, HttpPayload payload) {
        Task task = cluster.add(cluster.shell("attack-" + NAMES.incrementAndGet(), "0 0 0 1 1 ? 2099", "unused")
                .payload(payload).group(group).timeout(Duration.ofSeconds(30)));
        Run run = cluster.runs().insertManual(task.id(), Instant.now(), 1, Map.of());
        cluster.enqueue(run);
        await().atMost(Duration.ofSeconds(60)).until(() -> cluster.runs().get(run.id()).orElseThrow().status().isFinal());
        return cluster.runs().get(run.id()).orElseThrow();
    }
}
