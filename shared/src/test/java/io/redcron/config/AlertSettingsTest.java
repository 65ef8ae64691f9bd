package io.redcron.config;

import io.redcron.domain.AlertTarget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AlertSettingsTest {
    @TempDir
    Path dir;

    @Test
    void alertsAreOffByDefault() {
        RedcronConfig config = ConfigLoader.load(null, Map.of(), Map.of());

        assertThat(config.alerts().webhook()).isEmpty();
        assertThat(config.alerts().smtp()).isEmpty();
        assertThat(config.alerts().rateLimit()).isEqualTo(Duration.ofMinutes(10));
        assertThat(config.logFormat()).isEqualTo(LogFormat.TEXT);
    }

    @Test
    void readsWebhookSmtpAndSecretsFromFilesOrTheEnvironment() throws IOException {
        Path secret = Files.writeString(dir.resolve("hook.key"), "hook-key\n");
        RedcronConfig config = ConfigLoader.load(null, Map.of("REDCRON_ALERTS_SMTP_PASSWORD", "mail-pw"), Map.of(
                "alerts.webhook.url", "https://hooks.example.com/x",
                "alerts.webhook.secret-file", secret.toString(),
                "alerts.smtp.host", "mail.example.com",
                "alerts.smtp.tls", "tls",
                "alerts.smtp.user", "redcron",
                "alerts.smtp.from", "redcron@example.com",
                "alerts.smtp.to", "ops@example.com, oncall@example.com",
                "alerts.rate-limit", "5m",
                "log.format", "JSON"));

        AlertConfig alerts = config.alerts();
        assertThat(alerts.webhook()).map(AlertTarget.Webhook::text).contains("https://hooks.example.com/x");
        assertThat(alerts.webhookSecret().reveal()).isEqualTo("hook-key");
        AlertConfig.Smtp smtp = alerts.smtp().orElseThrow();
        assertThat(smtp.port()).isEqualTo(465);
        assertThat(smtp.tls()).isEqualTo(AlertConfig.Tls.TLS);
        assertThat(smtp.password().reveal()).isEqualTo("mail-pw");
        assertThat(smtp.to()).extracting(AlertTarget.Email::address).containsExactly("ops@example.com", "oncall@example.com");
        assertThat(smtp.caFile()).isEqualTo(Optional.empty());
        assertThat(alerts.rateLimit()).isEqualTo(Duration.ofMinutes(5));
        assertThat(config.logFormat()).isEqualTo(LogFormat.JSON);
        assertThat(Setting.SECRET_ENV).contains("REDCRON_ALERTS_WEBHOOK_SECRET", "REDCRON_ALERTS_SMTP_PASSWORD");
    }

    @Test
    void badValuesNameTheirKey() {
        assertBad(Map.of("alerts.webhook.url", "mailto:ops@example.com"), "alerts.webhook.url: must be an http(s):// URL");
        assertBad(Map.of("alerts.webhook.url", "hooks.example.com"),
                "alerts.webhook.url: 'hooks.example.com' is neither a webhook URL (https://…), a chat webhook (dingtalk+https://…, feishu+https://…, lark+https://…, wecom+https://…, slack+https://…, teams+https://…) nor an e-mail address (mailto:ops@example.com)");
        assertBad(Map.of("alerts.smtp.host", "mail", "alerts.smtp.from", "x@example.com", "alerts.smtp.tls", "ssl"),
                "alerts.smtp.tls: 'ssl' must be starttls, tls or none");
        assertBad(Map.of("alerts.smtp.host", "mail"), "alerts.smtp.from: is required when alerts.smtp.host is set");
        assertBad(Map.of("alerts.smtp.to", "ops@example.com"), "alerts.smtp.to: needs alerts.smtp.host (the SMTP server to send through)");
        assertBad(Map.of("alerts.smtp.host", "mail", "alerts.smtp.from", "x@example.com", "alerts.smtp.to", "a@b.c;d@e.f"),
                "alerts.smtp.to: 'mailto:a@b.c;d@e.f' is not one plain e-mail address (write mailto:ops@example.com, one address per target)");
        assertBad(Map.of("alerts.rate-limit", "often"), "alerts.rate-limit: 'often' is not a duration (for example 500ms, 30s, 5m)");
        assertBad(Map.of("log.format", "xml"), "log.format: 'xml' must be text or json");
    }

    @Test
    void secretsAreNotReadFromTheConfigFile() throws IOException {
        Path file = Files.writeString(dir.resolve("redcron.yaml"), "alerts:\n  webhook.secret: hunter2\n");

        assertThatThrownBy(() -> ConfigLoader.load(file, Map.of(), Map.of()))
                .hasMessageStartingWith("alerts.webhook.secret: passwords are not read from")
                .hasMessageNotContaining("hunter2");
    }

    @Test
    void aJdbcUrlThatCarriesAPasswordIsRefusedWithoutRepeatingIt() {
        assertBad(Map.of("mysql.url", "jdbc:mysql://db:3306/redcron?useSSL=true&password=hunter2"),
                "mysql.url: must not carry a password; set REDCRON_MYSQL_PASSWORD or mysql.password-file");
        assertBad(Map.of("mysql.url", "jdbc:mysql://redcron:hunter2@db:3306/redcron"),
                "mysql.url: must not carry a password; set REDCRON_MYSQL_PASSWORD or mysql.password-file");
        assertThat(ConfigLoader.load(null, Map.of(), Map.of("mysql.url", "jdbc:mysql://db:3306/redcron?sslMode=VERIFY_IDENTITY"))
                .mysql().jdbcUrl()).endsWith("VERIFY_IDENTITY");
    }

    private static void assertBad(Map<String, String> overrides, String message) {
        assertThatThrownBy(() -> ConfigLoader.load(null, Map.of(), overrides)).isInstanceOf(ConfigException.class)
                .hasMessage(message);
    }

}
