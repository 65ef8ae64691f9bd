package io.redcron.domain;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AlertTargetTest {

    @Test
    void readsWebhooksAndAddresses() {
        assertThat(AlertTarget.parse("https://hooks.example.com/services/T1/B2/secretpart"))
                .isInstanceOf(AlertTarget.Webhook.class);
        assertThat(AlertTarget.parse("http://alerts.internal:8080/redcron")).isInstanceOf(AlertTarget.Webhook.class);
        assertThat(AlertTarget.parse("mailto:ops+cron@example.com"))
                .isEqualTo(new AlertTarget.Email("ops+cron@example.com"));
    }

    @Test
    void aWebhookShowsOnlyItsHostWhereItCouldBeLogged() {
        AlertTarget target = AlertTarget.parse("https://hooks.example.com/services/T1/B2/secretpart?token=abc");

        assertThat(target.toString()).isEqualTo("https://hooks.example.com/…").doesNotContain("secretpart", "abc");
        assertThat(target.text()).endsWith("?token=abc");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "ops@example.com | 'ops@example.com' is neither a webhook URL (https://…), a chat webhook (dingtalk+https://…, feishu+https://…, lark+https://…, wecom+https://…, slack+https://…, teams+https://…) nor an e-mail address (mailto:ops@example.com)",
            "ftp://example.com/x | 'ftp://example.com/x' is neither a webhook URL (https://…), a chat webhook (dingtalk+https://…, feishu+https://…, lark+https://…, wecom+https://…, slack+https://…, teams+https://…) nor an e-mail address (mailto:ops@example.com)",
            "mailto:a@b.com,c@d.com | 'mailto:a@b.com,c@d.com' is not one plain e-mail address (write mailto:ops@example.com, one address per target)",
            "mailto:Ops <ops@example.com> | 'mailto:Ops <ops@example.com>' is not one plain e-mail address (write mailto:ops@example.com, one address per target)",
            "https://user:pw@example.com/hook | the webhook URL must not carry a user or password (sign webhooks with alerts.webhook.secret-file instead)",
            "https:///nohost | the webhook URL has no host name",
            "https://example.com/a b | a webhook URL is malformed at character 21 (Illegal character in path)",
    })
    void refusesWhatItCannotDeliverNamingTheField(String text, String problem) {
        assertThatThrownBy(() -> AlertTarget.parse(text)).isInstanceOf(InvalidTaskException.class)
                .hasMessage("alerts: " + problem);
    }

    @Test
    void aTaskRefusesABadTarget() {
        Task.Builder task = Task.builder().name("t").cron("* * * * *").payload(new ShellPayload("true", null, Map.of()));

        assertThat(task.alertTargets(List.of("mailto:ops@example.com", "https://x.example/h")).build().alertTargets())
                .hasSize(2);
        assertThatThrownBy(() -> task.alertTargets(List.of("pager")).build())
                .hasMessageStartingWith("alerts: 'pager' is neither");
    }
}
