package io.redcron.node.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class JsonTest {

    @Test
    void noCharacterThatActsOnATerminalIsWrittenRawAndTheTextReadsBackExactly() throws Exception {
        String hostile = "\u001B[2J\u0007\r\b\u007F\u0085\u009B31m 名前 😀";
        ObjectNode doc = Json.object().put("text", hostile);

        String written = Json.write(doc);

        assertThat(written).contains("\\u001B[2J\\u0007\\r\\b\\u007F\\u0085\\u009B31m 名前 😀")
                .doesNotContain("\u001B", "\u0007", "\r", "\b", "\u007F", "\u0085", "\u009B");
        assertThat(Json.MAPPER.readTree(written).get("text").asText()).isEqualTo(hostile);
    }
}
