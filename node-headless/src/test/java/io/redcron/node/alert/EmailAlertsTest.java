package io.redcron.node.alert;

import com.icegreen.greenmail.configuration.GreenMailConfiguration;
import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.redcron.config.AlertConfig;
import io.redcron.config.Secret;
import io.redcron.domain.AlertTarget;
import io.redcron.testkit.InMemoryAlertOutbox;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * Against GreenMail, a real SMTP server in a jar: SMTPS with a certificate made here for
 * 127.0.0.1, and plain SMTP (which offers no STARTTLS) to prove the upgrade is never skipped.
 */
class EmailAlertsTest {
    private static final String PASSWORD = "mail-pw-3f9c";

    @TempDir
    static Path dir;
    private static Path caFile;
    private static GreenMail mail;

    @BeforeAll
    static void startMailServer() throws Exception {
        Path keystore = dir.resolve("server.p12");
        caFile = dir.resolve("ca.pem");
        keytool("-genkeypair", "-alias", "smtp", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
                "-dname", "CN=127.0.0.1", "-ext", "san=ip:127.0.0.1", "-keystore", keystore.toString(),
                "-storetype", "PKCS12", "-storepass", "changeit", "-keypass", "changeit");
        keytool("-exportcert", "-rfc", "-alias", "smtp", "-keystore", keystore.toString(), "-storepass", "changeit",
                "-file", caFile.toString());
        System.setProperty("greenmail.tls.keystore.file", keystore.toString());
        System.setProperty("greenmail.tls.keystore.password", "changeit");
        mail = new GreenMail(new ServerSetup[]{
                new ServerSetup(0, "127.0.0.1", ServerSetup.PROTOCOL_SMTPS).dynamicPort(),
                new ServerSetup(0, "127.0.0.1", ServerSetup.PROTOCOL_SMTP).dynamicPort()})
                .withConfiguration(GreenMailConfiguration.aConfig().withUser("redcron@example.com", "redcron", PASSWORD));
        mail.start();
    }

    @AfterAll
    static void stopMailServer() {
        mail.stop();
        System.clearProperty("greenmail.tls.keystore.file");
        System.clearProperty("greenmail.tls.keystore.password");
    }

    @Test
    void sendsOverSmtpsToTheGlobalAndTheTasksAddresses() throws Exception {
        AlertConfig.Smtp smtp = smtp(AlertConfig.Tls.TLS, mail.getSmtps().getPort(), Optional.of(caFile));
        AlertConfig config = new AlertConfig(Optional.empty(), Secret.NONE, 5, Optional.of(smtp), Duration.ofMinutes(10), 100,
                List.of(java.util.regex.Pattern.compile("mailto:[a-z]+@example\\.com")));
        int before = mail.getReceivedMessages().length;

        try (AlertDispatcher dispatcher = new AlertDispatcher(config, new InMemoryAlertOutbox(), "prod", "node-a",
                Clock.systemUTC(), new SimpleMeterRegistry(), TaskLookup.NONE)) {
            dispatcher.raise(new Alert(AlertKind.RUN_TIMED_OUT, Instant.parse("2026-03-01T12:00:00Z"), 7L, "nightly-report",
                    42L, null, "timed out after 1h", Map.of("attempt", "2"), List.of("mailto:team@example.com")));

            await().untilAsserted(() -> assertThat(mail.getReceivedMessages()).hasSize(before + 2));
        }
        MimeMessage received = mail.getReceivedMessages()[before];
        assertThat(received.getSubject()).isEqualTo("[redcron prod] run timed out: nightly-report (run 42)");
        assertThat(received.getFrom()[0].toString()).isEqualTo("redcron@example.com");
        assertThat(received.getHeader("X-Redcron-Event")[0]).isEqualTo("RUN_TIMED_OUT");
        assertThat((String) received.getContent()).contains("timed out after 1h", "attempt: 2", "reported by: node-a");
        assertThat(List.of(mail.getReceivedMessages()).subList(before, before + 2))
                .extracting(message -> message.getAllRecipients()[0].toString())
                .containsExactlyInAnyOrder("ops@example.com", "team@example.com");
    }

    @Test
    void refusesAServerWhoseCertificateItDoesNotTrust() {
        EmailChannel channel = new EmailChannel(smtp(AlertConfig.Tls.TLS, mail.getSmtps().getPort(), Optional.empty()),
                "prod", "node-a");

        assertThatThrownBy(() -> channel.send(AlertTarget.email("ops@example.com"), alert(), 0))
                .isInstanceOf(DeliveryException.class)
                .hasMessageContaining("mailto:ops@example.com via 127.0.0.1:" + mail.getSmtps().getPort())
                .hasMessageContaining("unable to find valid certification path");
    }

    @Test
    void starttlsNeverFallsBackToPlainText() {
        int before = mail.getReceivedMessages().length;
        EmailChannel channel = new EmailChannel(smtp(AlertConfig.Tls.STARTTLS, mail.getSmtp().getPort(), Optional.of(caFile)),
                "prod", "node-a");

        assertThatThrownBy(() -> channel.send(AlertTarget.email("ops@example.com"), alert(), 0))
                .isInstanceOf(DeliveryException.class)
                .hasMessageContaining("STARTTLS");
        assertThat(mail.getReceivedMessages()).hasSize(before);
    }

    @Test
    void theErrorOfAWrongPasswordDoesNotShowAnyPassword() {
        AlertConfig.Smtp good = smtp(AlertConfig.Tls.TLS, mail.getSmtps().getPort(), Optional.of(caFile));
        AlertConfig.Smtp wrong = new AlertConfig.Smtp(good.host(), good.port(), good.user(), Secret.of("wrong-pw-81d2"),
                good.from(), good.to(), good.tls(), good.caFile(), good.timeout());

        assertThatThrownBy(() -> new EmailChannel(wrong, "prod", "node-a").send(AlertTarget.email("ops@example.com"), alert(), 0))
                .isInstanceOf(DeliveryException.class)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("wrong-pw-81d2", PASSWORD));
    }

    private static AlertConfig.Smtp smtp(AlertConfig.Tls tls, int port, Optional<Path> ca) {
        return new AlertConfig.Smtp("127.0.0.1", port, "redcron", Secret.of(PASSWORD), "redcron@example.com",
                List.of(AlertTarget.email("ops@example.com")), tls, ca, Duration.ofSeconds(5));
    }

    private static Alert alert() {
        return new Alert(AlertKind.NODE_LOST, Instant.now(), null, null, null, "node-b", "node-b is silent", Map.of(), List.of());
    }

    private static void keytool(String... args) throws IOException, InterruptedException {
        List<String> command = new java.util.ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        if (process.waitFor() != 0) {
            throw new IOException("keytool failed: " + output);
        }
    }
}
