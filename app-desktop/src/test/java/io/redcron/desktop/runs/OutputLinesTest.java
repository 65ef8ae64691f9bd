package io.redcron.desktop.runs;

import javafx.collections.ListChangeListener;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Output as lines: chunks that split lines anywhere, and the oldest lines going past the limit. */
class OutputLinesTest {
    private final OutputLines output = new OutputLines(1000);

    @Test
    void chunksThatEndMidLineCompleteThatLineLater() {
        output.append("first li");
        assertThat(output.lines()).containsExactly("first li");

        OutputLines.Appended change = output.append("ne\nsecond\nthi");

        assertThat(output.lines()).containsExactly("first line", "second", "thi");
        assertThat(change).isEqualTo(new OutputLines.Appended(0, 0));
        output.append("rd\n");
        assertThat(output.lines()).containsExactly("first line", "second", "third");
        assertThat(output.text()).isEqualTo("first line\nsecond\nthird\n");
    }

    @Test
    void theTextIsTheOutputAsItCameWithOrWithoutAFinalLineBreak() {
        output.append("a\n\nb");
        assertThat(output.lines()).containsExactly("a", "", "b");
        assertThat(output.text()).isEqualTo("a\n\nb");

        output.append("\n");
        assertThat(output.text()).isEqualTo("a\n\nb\n");
    }

    @Test
    void anAppendTouchesOnlyTheLinesItBrought() {
        output.append("one\ntwo\n");
        List<String> added = new ArrayList<>();
        List<String> removed = new ArrayList<>();
        output.lines().addListener((ListChangeListener<String>) change -> {
            while (change.next()) {
                added.addAll(change.getAddedSubList());
                removed.addAll(change.getRemoved());
            }
        });

        OutputLines.Appended change = output.append("three\nfour\n");

        assertThat(added).containsExactly("three", "four");
        assertThat(removed).isEmpty();
        assertThat(change.firstChanged()).isEqualTo(2);
    }

    @Test
    void pastTheLimitAQuarterOfTheOldestLinesGoAtOnce() {
        String line = "x".repeat(99);
        for (int i = 0; i < 10; i++) {
            output.append(i + line.substring(1) + "\n");
        }
        assertThat(output.lines()).hasSize(10);

        OutputLines.Appended change = output.append("10" + line.substring(2) + "\n");

        assertThat(change.dropped()).isEqualTo(4);
        assertThat(output.lines()).hasSize(7);
        assertThat(output.lines().get(0)).startsWith("4x");
        assertThat(change.firstChanged()).isEqualTo(6);
        assertThat(output.text().length()).isLessThanOrEqualTo(750);
    }

    @Test
    void aLaterAttemptReplacesTheOutput() {
        output.append("attempt one\npartial");

        output.replace("attempt two\n");

        assertThat(output.lines()).containsExactly("attempt two");
        assertThat(output.text()).isEqualTo("attempt two\n");
    }

    @Test
    void chosenLinesAreCopiedInOrderEachWithItsLineBreak() {
        output.append("a\nb\nc\nd");

        assertThat(output.text(List.of(3, 1))).isEqualTo("b\nd\n");
    }
}
