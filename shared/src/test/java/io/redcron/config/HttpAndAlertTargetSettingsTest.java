package io.redcron.config;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** worker.allow-urls, worker.http-max-response, alerts.allow-targets and the clear-text SMTP password. */
class HttpAndAlertTargetSettingsTest {
    private static final Map<String, String> SMTP = Map.of("alerts.smtp.host", "mail.example.com",
            "alerts.smtp.from", "redcron@example.com", "alerts.smtp.user", "redcron");

    @TempDir
    Path dir;

    @Test
    void byDefaultNoUrlPatternsAMebibyteOfResponseAndNoTaskTargets() {
        RedcronConfig config = ConfigLoader.load(null, Map.of(), Map.of());

        assertThat(config.worker().allowUrls()).isEmpty();
        assertThat(config.worker().httpMaxResponse()).isEqualTo(1_048_576);
        assertThat(config.alerts().allowTargets()).isEmpty();
    }

    @Test
    void patternsAndTheCapAreRead() throws IOException {
        Path file = Files.writeString(dir.resolve("redcron.yaml"), """
                worker:
                  allow-urls: ['https://api\\.example\\.com/.*', 'http://127\\.0\\.0\\.1:9000/health']
                  http-max-response: 65536
                alerts:
                  allow-targets: ['https://hooks\\.example\\.com/.*', 'mailto:[a-z]+@example\\.com']
                """);

        RedcronConfig config = ConfigLoader.load(file, Map.of(), Map.of());

        assertThat(config.worker().allowUrls()).extracting(Pattern::pattern)
                .containsExactly("https://api\\.example\\.com/.*", "http://127\\.0\\.0\\.1:9000/health");
        assertThat(config.worker().httpMaxResponse()).isEqualTo(65_536);
        assertThat(config.alerts().allowTargets()).extracting(Pattern::pattern)
                .containsExactly("https://hooks\\.example\\.com/.*", "mailto:[a-z]+@example\\.com");
    }

    @Test
    void badValuesNameTheirKeyAndNothingElse() {
        assertBad(Map.of("worker.allow-urls", "https://(unclosed"),
                "worker.allow-urls: 'https://(unclosed' is not a regular expression: Unclosed group");
        assertBad(Map.of("alerts.allow-targets", "mailto:[a-z"),
                "alerts.allow-targets: 'mailto:[a-z' is not a regular expression: Unclosed character class");
        assertBad(Map.of("worker.http-max-response", "1MiB"), "worker.http-max-response: '1MiB' is not a whole number");
        assertBad(Map.of("worker.http-max-response", "-1"), "worker.http-max-response: -1 is out of range 0-1073741824");
        assertBad(Map.of("worker.http-max-response", "2147483647"),
                "worker.http-max-response: 2147483647 is out of range 0-1073741824");
    }

    @Test
    void anSmtpPasswordIsNeverSentInClearText() throws IOException {
        Path passwordFile = Files.writeString(dir.resolve("smtp.pass"), "mail-pw\n");
        String refusal = "alerts.smtp.tls: is none while a password is set (alerts.smtp.password-file or"
                + " REDCRON_ALERTS_SMTP_PASSWORD): it would travel in clear text; use starttls or tls";

        assertThatThrownBy(() -> ConfigLoader.load(null, Map.of("REDCRON_ALERTS_SMTP_PASSWORD", "mail-pw"),
                smtp("alerts.smtp.tls", "none"))).isInstanceOf(ConfigException.class).hasMessage(refusal);
        assertThatThrownBy(() -> ConfigLoader.load(null, Map.of(),
                smtp("alerts.smtp.tls", "none", "alerts.smtp.password-file", passwordFile.toString())))
                .isInstanceOf(ConfigException.class).hasMessage(refusal).hasMessageNotContaining("mail-pw");

        // Without a password, or with TLS, the same server is fine.
        assertThat(ConfigLoader.load(null, Map.of(), smtp("alerts.smtp.tls", "none")).alerts().smtp()).isPresent();
        assertThat(ConfigLoader.load(null, Map.of("REDCRON_ALERTS_SMTP_PASSWORD", "mail-pw"),
                smtp("alerts.smtp.tls", "starttls")).alerts().smtp()).isPresent();
    }

    private static Map<String, String> smtp(String... pairs) {
        Map<String, String> overrides = new HashMap<>(SMTP);
        for (int i = 0; i < pairs.length; i += 2) {
            overrides.put(pairs[i], pairs[i + 1]);
        }
        return overrides;
    }

    private static void assertBad(Map<String, String> overrides, String message) {
        assertThatThrownBy(() -> ConfigLoader.load(null, Map.of(), overrides)).isInstanceOf(ConfigException.class)
                .hasMessage(message);
    }
}
