package io.redcron.node.cli;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;

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

    @Test
    void aCellKeepsToOneLine() {
        assertThat(TerminalText.cell("ops\nEnabled:  no\tx")).isEqualTo("ops\u240AEnabled:  no\u2409x");
    }

    @Test
    void everythingPrintedThroughTheWriterIsSafeAndPrintlnEndsLinesAsUsual() {
        StringWriter printed = new StringWriter();
        PrintWriter out = TerminalText.writer(new PrintWriter(printed));

        out.print("a\u001B[2J");
        out.printf("%s|", "\u0007b");
        out.write("\rc".toCharArray(), 0, 2);
        out.write(0x9B);
        out.println("d\u007F");
        out.flush();

        assertThat(printed.toString()).isEqualTo("a\u241B[2J\u2407b|\u240Dc\uFFFDd\u2421" + System.lineSeparator());
        assertThat(TerminalText.writer(out)).isSameAs(out);
    }
}
