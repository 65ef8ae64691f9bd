package io.redcron.desktop.workflows;

import io.redcron.desktop.ui.Messages;
import org.junit.jupiter.api.Test;

import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ParamLinesTest {
    private final Messages messages = new Messages(Locale.ENGLISH);

    @Test
    void readsOneParameterALineKeepingEqualsSignsInValuesAndLeavingOutBlanksAndComments() {
        ParamLines.Parsed parsed = ParamLines.parse("region = eu-west\n\n# a note\nquery=a=b\r\nEMPTY=\n", messages);

        assertThat(parsed.ok()).isTrue();
        assertThat(parsed.params()).containsExactly(Map.entry("region", "eu-west"), Map.entry("query", "a=b"),
                Map.entry("EMPTY", ""));
    }

    @Test
    void namesTheLineThatIsNotAParameter() {
        assertThat(ParamLines.parse("a=1\njust words", messages).error())
                .isEqualTo("line 2: 'just words' is not key=value");
        assertThat(ParamLines.parse("2fast=1", messages).error()).startsWith("line 1: '2fast' is not a parameter name");
        assertThat(ParamLines.parse("a=1\na=2", messages).error()).isEqualTo("line 2: 'a' is given twice");
    }

    @Test
    void nothingTypedIsNoParameters() {
        assertThat(ParamLines.parse("  \n", messages).params()).isEmpty();
        assertThat(ParamLines.parse(null, messages).ok()).isTrue();
    }

    @Test
    void formatsByNameAndReadsBackTheSame() {
        String text = ParamLines.format(Map.of("b", "2", "a", "x=y"));

        assertThat(text).isEqualTo("a=x=y\nb=2");
        assertThat(ParamLines.parse(text, messages).params()).isEqualTo(Map.of("a", "x=y", "b", "2"));
    }
}
