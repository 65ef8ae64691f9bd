package io.redcron.store.mysql;

import io.redcron.domain.HttpPayload;
import io.redcron.domain.RedirectPolicy;
import io.redcron.domain.TaskType;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class PayloadJsonTest {

    @Test
    void anHttpPayloadStoredBeforeRedirectsExistedFollowsNone() {
        HttpPayload stored = (HttpPayload) Json.payload(TaskType.HTTP, """
                {"acceptedStatuses":[200],"body":"","headers":{"Authorization":"Bearer x"},"method":"GET",\
                "url":"https://example.com/hook"}""");

        assertThat(stored.redirects()).isEqualTo(RedirectPolicy.NONE);
        assertThat(stored.headers()).containsEntry("Authorization", "Bearer x");
    }

    @Test
    void theRedirectsChoiceIsStoredWithThePayload() {
        HttpPayload payload = new HttpPayload("POST", URI.create("https://example.com/"), Map.of(), "{}", Set.of(),
                RedirectPolicy.ANY);

        assertThat(Json.payload(TaskType.HTTP, Json.write(payload))).isEqualTo(payload);
    }
}
