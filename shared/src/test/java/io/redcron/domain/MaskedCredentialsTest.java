package io.redcron.domain;

import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.redcron.domain.CredentialRedaction.MASK;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MaskedCredentialsTest {
    private static final Task STORED = Task.builder().name("call").cron("0 * * * *")
            .payload(new HttpPayload("POST", URI.create("https://svc:pw1@api.example.com/hook"),
                    Map.of("Authorization", "Bearer abc", "Accept", "application/json"), "", Set.of()))
            .params(Map.of("API_TOKEN", "t0k")).build();

    @Test
    void aDefinitionSavedAsItWasShownKeepsEveryStoredCredential() {
        Task shown = CredentialRedaction.task(STORED);

        assertThat(MaskedCredentials.restore(shown, STORED)).isEqualTo(STORED);
    }

    @Test
    void maskingAndRestoringKeepTheRedirectChoice() {
        Task following = STORED.toBuilder()
                .payload(((HttpPayload) STORED.payload()).withRedirects(RedirectPolicy.SAME_ORIGIN)).build();

        assertThat(((HttpPayload) CredentialRedaction.task(following).payload()).redirects())
                .isEqualTo(RedirectPolicy.SAME_ORIGIN);
        assertThat(MaskedCredentials.restore(CredentialRedaction.task(following), following)).isEqualTo(following);
    }

    @Test
    void aCredentialTypedAnewReplacesTheStoredOneAndTheOthersStay() {
        Task edited = CredentialRedaction.task(STORED).toBuilder()
                .payload(new HttpPayload("POST", URI.create("https://svc:******@api.example.com/v2/hook"),
                        Map.of("Authorization", "Bearer new", "accept", "text/plain"), "", Set.of())).build();

        Task restored = MaskedCredentials.restore(edited, STORED);

        HttpPayload payload = (HttpPayload) restored.payload();
        assertThat(payload.url()).hasToString("https://svc:pw1@api.example.com/v2/hook");
        assertThat(payload.headers()).isEqualTo(Map.of("Authorization", "Bearer new", "accept", "text/plain"));
        assertThat(restored.params()).isEqualTo(Map.of("API_TOKEN", "t0k"));
    }

    @Test
    void headerNamesMatchWhateverTheirCase() {
        Task edited = STORED.toBuilder().payload(new HttpPayload("POST", URI.create("https://api.example.com/hook"),
                Map.of("authorization", MASK), "", Set.of())).build();

        assertThat(((HttpPayload) MaskedCredentials.restore(edited, STORED).payload()).headers())
                .isEqualTo(Map.of("authorization", "Bearer abc"));
    }

    @Test
    void aMaskedUrlPasswordStaysOnlyWithItsUserAndHost() {
        Task moved = STORED.toBuilder().payload(new HttpPayload("POST", URI.create("https://svc:******@elsewhere.example/hook"),
                Map.of(), "", Set.of())).build();

        assertThatThrownBy(() -> MaskedCredentials.restore(moved, STORED))
                .isInstanceOf(InvalidTaskException.class)
                .hasMessage("url: the credentials of https://svc:******@elsewhere.example are ******, which stands for"
                        + " hidden ones, but none are stored for that URL: give them");
    }

    @Test
    void environmentValuesKeepTheirUrlPasswordsAcrossATypeChange() {
        Task exec = Task.builder().name("backup").cron("0 3 * * *")
                .payload(new ExecPayload(List.of("/bin/backup"), null,
                        Map.of("DB_PASSWORD", "s3cret", "TARGET", "s3://key:sec@bucket/x"))).build();
        Task editedAsShell = CredentialRedaction.task(exec).toBuilder()
                .payload(new ShellPayload("/bin/backup --all", null,
                        Map.of("DB_PASSWORD", MASK, "TARGET", "s3://key:******@bucket/y"))).build();

        assertThat(((ShellPayload) MaskedCredentials.restore(editedAsShell, exec).payload()).env())
                .isEqualTo(Map.of("DB_PASSWORD", "s3cret", "TARGET", "s3://key:sec@bucket/y"));
    }

    @Test
    void aMaskWithNothingStoredBehindItIsRefusedNamingTheField() {
        Task copied = CredentialRedaction.task(STORED).toBuilder().id(null).build();

        assertThatThrownBy(() -> MaskedCredentials.refuse(copied))
                .isInstanceOf(InvalidTaskException.class)
                .hasMessageStartingWith("url: the credentials of https://svc:******@api.example.com are ******");
        Task header = STORED.toBuilder().payload(new HttpPayload("GET", URI.create("https://api.example.com"),
                Map.of("X-Api-Key", MASK), "", Set.of())).build();
        assertThatThrownBy(() -> MaskedCredentials.refuse(header))
                .isInstanceOf(InvalidTaskException.class)
                .hasMessage("http-header: 'X-Api-Key' is ******, which stands for a hidden value, but none is stored"
                        + " for it: give the value itself");
    }

    @Test
    void aTaskWithoutMasksIsLeftAsItIs() {
        MaskedCredentials.refuse(STORED);

        assertThat(MaskedCredentials.restore(STORED, null)).isSameAs(STORED);
    }
}
