package io.redcron.domain;

import io.redcron.domain.AlertTarget.Platform;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.net.URI;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AlertTargetChatTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "dingtalk+https://oapi.dingtalk.com/robot/send?access_token=abc123 | DINGTALK | https://oapi.dingtalk.com/robot/send?access_token=abc123",
            "feishu+https://open.feishu.cn/open-apis/bot/v2/hook/abc123 | FEISHU | https://open.feishu.cn/open-apis/bot/v2/hook/abc123",
            "lark+https://open.larksuite.com/open-apis/bot/v2/hook/abc123 | LARK | https://open.larksuite.com/open-apis/bot/v2/hook/abc123",
            "wecom+https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=abc123 | WECOM | https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=abc123",
            "Slack+https://hooks.slack.com/services/T1/B2/abc123 | SLACK | https://hooks.slack.com/services/T1/B2/abc123",
            "teams+https://prod-01.westeurope.logic.azure.com/workflows/abc123/triggers/manual/paths/invoke?sig=abc | TEAMS | https://prod-01.westeurope.logic.azure.com/workflows/abc123/triggers/manual/paths/invoke?sig=abc",
            "wecom+http://robots.internal:8080/send?key=abc123 | WECOM | http://robots.internal:8080/send?key=abc123",
    })
    void readsEachPlatformsWebhook(String text, Platform platform, String url) {
        AlertTarget target = AlertTarget.parse(text);

        assertThat(target).isEqualTo(new AlertTarget.Chat(platform, URI.create(url), null));
        assertThat(AlertTarget.parse(target.text())).isEqualTo(target);
    }

    @Test
    void aSigningKeyIsNamedNeverWritten() {
        AlertTarget.Chat target = (AlertTarget.Chat) AlertTarget.parse(
                "dingtalk+https://oapi.dingtalk.com/robot/send?access_token=abc123#secret=ops-robot");

        assertThat(target.secretName()).isEqualTo("ops-robot");
        assertThat(target.uri().getFragment()).isNull();
        assertThat(target.text()).isEqualTo("dingtalk+https://oapi.dingtalk.com/robot/send?access_token=abc123#secret=ops-robot");
        assertThat(AlertTarget.parse(target.text())).isEqualTo(target);
    }

    @Test
    void logsSeeThePlatformAndHostButNoToken() {
        AlertTarget target = AlertTarget.parse("feishu+https://open.feishu.cn/open-apis/bot/v2/hook/tok3n#secret=ops");
        AlertTarget query = AlertTarget.parse("wecom+https://qyapi.weixin.qq.com:443/cgi-bin/webhook/send?key=tok3n");

        assertThat(target.redacted()).isEqualTo("feishu+https://open.feishu.cn/…");
        assertThat(target.toString()).doesNotContain("tok3n");
        assertThat(query.redacted()).isEqualTo("wecom+https://qyapi.weixin.qq.com:443/…");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "pager+https://x.example/h | 'pager+' names no chat platform Redcron knows (dingtalk, feishu, lark, wecom, slack, teams)",
            "slack+https://hooks.slack.com/services/T1#secret=x | slack does not sign its incoming webhooks: remove #secret=x",
            "dingtalk+https://oapi.dingtalk.com/robot/send?access_token=a#secret=../etc/passwd | a dingtalk target may only end in #secret=NAME, NAME being a file of alerts.chat-secrets-dir (letters, digits, . _ -)",
            "feishu+https://open.feishu.cn/hook/a#top | a feishu target may only end in #secret=NAME, NAME being a file of alerts.chat-secrets-dir (letters, digits, . _ -)",
            "teams+https://user:pw@example.com/hook | the webhook URL must not carry a user or password (sign webhooks with alerts.webhook.secret-file instead)",
            "slack+https:///nohost | the webhook URL has no host name",
            "slack+ftp://example.com/x | 'slack+ftp://example.com/x' is neither a webhook URL (https://…), a chat webhook (dingtalk+https://…, feishu+https://…, lark+https://…, wecom+https://…, slack+https://…, teams+https://…) nor an e-mail address (mailto:ops@example.com)",
    })
    void refusesWhatItCannotDeliverNamingTheField(String text, String problem) {
        assertThatThrownBy(() -> AlertTarget.parse(text)).isInstanceOf(InvalidTaskException.class)
                .hasMessage("alerts: " + problem);
    }
}
