package io.redcron.domain;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.redcron.domain.CredentialRedaction.MASK;
import static org.assertj.core.api.Assertions.assertThat;

class CredentialRedactionTest {

    @ParameterizedTest
    @ValueSource(strings = {"Authorization", "Proxy-Authorization", "Cookie", "set-cookie", "X-Api-Key", "API_TOKEN",
            "DB_PASSWORD", "MYSQL_PWD", "PGPASSWD", "CLIENT_SECRET", "aws_credentials", "X-Auth", "SESSION_ID",
            "PRIVATE_KEY_PEM", "KeyFile"})
    void namesThatSayCredentialAreMasked(String name) {
        assertThat(CredentialRedaction.isCredentialName(name)).isTrue();
        assertThat(CredentialRedaction.value(name, "hunter2")).isEqualTo(MASK);
    }

    @ParameterizedTest
    @ValueSource(strings = {"Accept", "Content-Type", "PATH", "MODE", "LANG", "Cookies-Allowed-Region", "X-Request-Id"})
    void otherNamesAreShownAsTheyAre(String name) {
        assertThat(CredentialRedaction.isCredentialName(name)).isFalse();
        assertThat(CredentialRedaction.value(name, "plain value")).isEqualTo("plain value");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "${secret:API_TOKEN}",
            "Bearer ${secret:API_TOKEN}",
            "${secret:USER}:${secret:PASSWORD}"})
    void aValueThatRefersToSecretsHoldsNoneAndIsShown(String value) {
        assertThat(CredentialRedaction.value("Authorization", value)).isEqualTo(value);
    }

    @Test
    void anEmptyCredentialIsShownEmpty() {
        assertThat(CredentialRedaction.value("API_TOKEN", "")).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "https://user:hunter2@example.com/path?q=1 | https://user:******@example.com/path?q=1",
            "postgres://app:p@ss:w0rd@db.internal:5432/app | postgres://app:******@db.internal:5432/app",
            "https://ghp_abcdef@github.com/org/repo.git | https://******@github.com/org/repo.git",
            "https://sk_live_123:@api.stripe.com | https://******:@api.stripe.com",
            "--source=https://u:one@a.example --target=ftp://v:two@b.example/x | --source=https://u:******@a.example --target=ftp://v:******@b.example/x",
            "https://u:${secret:PW}@example.com | https://u:${secret:PW}@example.com",
            "https://example.com/users/@me | https://example.com/users/@me",
            "mailto:ops@example.com | mailto:ops@example.com",
            "no url here | no url here"})
    void urlUserinfoIsMasked(String text, String shown) {
        assertThat(CredentialRedaction.urls(text)).isEqualTo(shown);
        assertThat(CredentialRedaction.value("DATABASE_URL", text)).isEqualTo(shown);
    }

    @Test
    void aTaskIsShownWithItsCredentialsMaskedAndEverythingElseAsStored() {
        Task http = Task.builder().name("call").cron("0 * * * *")
                .payload(new HttpPayload("POST", URI.create("https://svc:pw1@api.example.com/hook"),
                        Map.of("Authorization", "Bearer abc", "Accept", "application/json",
                                "X-Signature", "${secret:SIGNING}"), "{\"a\":1}", Set.of(200)))
                .params(Map.of("API_TOKEN", "t0k", "DAY", "mon")).build();

        Task shown = CredentialRedaction.task(http);

        HttpPayload payload = (HttpPayload) shown.payload();
        assertThat(payload.url()).hasToString("https://svc:******@api.example.com/hook");
        assertThat(payload.headers()).containsExactlyInAnyOrderEntriesOf(Map.of("Authorization", MASK,
                "Accept", "application/json", "X-Signature", "${secret:SIGNING}"));
        assertThat(payload.body()).isEqualTo("{\"a\":1}");
        assertThat(shown.params()).containsExactlyInAnyOrderEntriesOf(Map.of("API_TOKEN", MASK, "DAY", "mon"));
        assertThat(shown.toBuilder().payload(http.payload()).params(http.params()).build()).isEqualTo(http);
    }

    @Test
    void environmentOfExecAndShellTasksAndHandlerSettingsAreMasked() {
        Map<String, String> env = Map.of("DB_PASSWORD", "s3cret", "BACKUP_URL", "s3://key:sec@bucket", "MODE", "full");
        Map<String, String> shownEnv = Map.of("DB_PASSWORD", MASK, "BACKUP_URL", "s3://key:******@bucket", "MODE", "full");

        assertThat(((ExecPayload) CredentialRedaction.payload(new ExecPayload(List.of("/bin/backup"), null, env))).env())
                .isEqualTo(shownEnv);
        assertThat(((ShellPayload) CredentialRedaction.payload(new ShellPayload("backup", null, env))).env())
                .isEqualTo(shownEnv);
        assertThat(((JavaPayload) CredentialRedaction.payload(new JavaPayload("com.example.Report",
                Map.of("privateKey", "k", "format", "pdf")))).settings()).isEqualTo(Map.of("privateKey", MASK, "format", "pdf"));
    }

    @Test
    void aTaskWithoutCredentialsIsTheSameTask() {
        Task plain = Task.builder().name("plain").cron("0 * * * *")
                .payload(new ShellPayload("echo hi", null, Map.of("MODE", "x"))).build();

        assertThat(CredentialRedaction.task(plain)).isSameAs(plain);
    }
}
