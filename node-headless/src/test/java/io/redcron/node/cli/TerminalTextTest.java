package io.redcron.node.cli;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TerminalTextTest {

    @Test
    void plainTextLineFeedsAndTabsAreLeftAlone() {
        String text = "line one\n\tindented 😀 名前 \"quoted\" $(not run)\n";

        assertThat(TerminalText.safe(text)).isSameAs(text);
    }

    @Test
    void controlCharactersAreShownAsPicturesInsteadOfActingOnTheTerminal() {
        assertThat(TerminalText.safe("\u001B[2Jred\u0000\r\n\u0007\u007F\u009B"))
                .isEqualTo("\u241B[2Jred\u2400\u240D\n\u2407\u2421\uFFFD");
    }

    @Test
    void nullStaysNull() {
        assertThat(TerminalText.safe(null)).isNull();
    }
}
