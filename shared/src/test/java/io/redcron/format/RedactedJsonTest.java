package io.redcron.format;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class RedactedJsonTest {

    @Test
    void aTaskStateWrittenBeforeStatesWereMaskedIsShownMasked() {
        String legacy = "{\"id\":7,\"name\":\"call\",\"type\":\"http\",\"payload\":{\"method\":\"POST\","
                + "\"url\":\"https://svc:url-pw@api.example.com/hook\",\"headers\":{\"Accept\":\"text/plain\","
                + "\"Authorization\":\"Bearer header-secret\"},\"body\":\"\"},\"labels\":{\"team\":\"ops\"},"
                + "\"params\":{\"API_TOKEN\":\"param-secret\",\"DAY\":\"mon\"}}";

        String shown = RedactedJson.of(legacy);

        assertThat(shown).doesNotContain("url-pw", "header-secret", "param-secret")
                .contains("\"url\":\"https://svc:******@api.example.com/hook\"", "\"Authorization\":\"******\"",
                        "\"Accept\":\"text/plain\"", "\"API_TOKEN\":\"******\"", "\"DAY\":\"mon\"",
                        "\"labels\":{\"team\":\"ops\"}", "\"id\":7");
    }

    @Test
    void environmentOfExecAndShellStatesIsMasked() {
        String legacy = "{\"payload\":{\"argv\":[\"/bin/backup\"],\"env\":{\"DB_PASSWORD\":\"s3cret\","
                + "\"TARGET\":\"s3://key:sec@bucket\",\"REF\":\"${secret:X}\"}}}";

        assertThat(RedactedJson.of(legacy)).isEqualTo("{\"payload\":{\"argv\":[\"/bin/backup\"],\"env\":{"
                + "\"DB_PASSWORD\":\"******\",\"TARGET\":\"s3://key:******@bucket\",\"REF\":\"${secret:X}\"}}}");
    }

    @Test
    void aStateWithoutCredentialsIsTheSameText() {
        String run = "{\n  \"id\" : 3,\n  \"params\" : [ \"TOKEN\" ],\n  \"error\" : \"exit 1\"\n}";

        assertThat(RedactedJson.of(run)).isSameAs(run);
        assertThat(RedactedJson.of(null)).isNull();
    }

    @Test
    void textThatIsNotJsonStillHasItsUrlPasswordsMasked() {
        assertThat(RedactedJson.of("not json https://u:pw@host")).isEqualTo("not json https://u:******@host");
    }
}
