package io.redcron.domain;

import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * A payload text over {@link TaskPayload#MAX_TEXT} UTF-8 bytes is refused wherever it comes from,
 * with one line naming the field and the limit; one at the limit is accepted.
 */
class PayloadLimitsTest {
    private static final String MEGABYTE = "x".repeat(1024 * 1024);
    private static final String AT_LIMIT = "x".repeat(TaskPayload.MAX_TEXT);
    private static final URI URL = URI.create("http://example.com/");

    @Test
    void oneMegabyteIsRefusedInEveryPayloadField() {
        assertRefused("shell", () -> new ShellPayload(MEGABYTE, null, Map.of()));
        assertRefused("exec", () -> new ExecPayload(List.of("/bin/echo", MEGABYTE), null, Map.of()));
        assertRefused("env", () -> new ShellPayload("true", null, Map.of("BIG", MEGABYTE)));
        assertRefused("env", () -> new ExecPayload(List.of("/bin/true"), null, Map.of("BIG", MEGABYTE)));
        assertRefused("http-body", () -> new HttpPayload("POST", URL, Map.of(), MEGABYTE, Set.of()));
        assertRefused("http-header", () -> new HttpPayload("GET", URL, Map.of("X-Big", MEGABYTE), null, Set.of()));
        assertRefused("settings", () -> new JavaPayload("a.Handler", Map.of("big", MEGABYTE)));
        assertRefused("params", () -> task().params(Map.of("BIG", MEGABYTE)).build());
        assertRefused("alerts", () -> task().alertTargets(Collections.nCopies(300, "x".repeat(400))).build());
    }

    @Test
    void theLimitIsInBytesSoMultiByteTextCannotSlipThrough() {
        // 30,000 characters, 90,000 bytes: more than Linux takes as one argument once doubled.
        String cjk = "日".repeat(30_000);

        InvalidTaskException refused = catchThrowableOfType(InvalidTaskException.class,
                () -> new ShellPayload("echo " + cjk, null, Map.of()));

        assertThat(refused.getMessage()).isEqualTo("shell: is 90005 bytes (UTF-8), at most 65536 allowed");
    }

    @Test
    void textsAtTheLimitAreAccepted() {
        assertThatCode(() -> new ShellPayload(AT_LIMIT, null, Map.of())).doesNotThrowAnyException();
        assertThatCode(() -> new HttpPayload("POST", URL, Map.of(), AT_LIMIT, Set.of())).doesNotThrowAnyException();
        assertThatCode(() -> new ExecPayload(List.of(AT_LIMIT), null, Map.of())).doesNotThrowAnyException();
        assertThatCode(() -> task().params(Map.of("P", "x".repeat(TaskPayload.MAX_TEXT - 1))).build())
                .doesNotThrowAnyException();
    }

    @Test
    void manySmallParametersAddUp() {
        Map<String, String> params = new HashMap<>();
        for (int i = 0; i < 100; i++) {
            params.put("P" + i, "x".repeat(1000));
        }

        assertRefused("params", () -> task().params(params).build());
    }

    private static Task.Builder task() {
        return Task.builder().name("job").cron("* * * * *").payload(new ShellPayload("true", null, Map.of()));
    }

    private static void assertRefused(String field, ThrowingCallable build) {
        InvalidTaskException refused = catchThrowableOfType(InvalidTaskException.class, build);

        assertThat(refused).as(field).isNotNull();
        assertThat(refused.field()).isEqualTo(field);
        assertThat(refused.getMessage()).startsWith(field + ": ").contains("at most 65536 allowed").doesNotContain("\n");
    }
}
