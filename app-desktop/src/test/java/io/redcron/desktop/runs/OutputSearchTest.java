package io.redcron.desktop.runs;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Finding a text in output lines, moving between occurrences, and output that comes later. */
class OutputSearchTest {
    private final OutputLines output = new OutputLines(1000);
    private final OutputSearch search = new OutputSearch();

    @Test
    void findsEveryOccurrenceIgnoringCaseAndStartsAtTheFirst() {
        output.append("Error one\nfine\nerror two, ERROR three\n");

        search.search("error", output.lines());

        assertThat(search.count()).isEqualTo(3);
        assertThat(search.position()).isEqualTo(1);
        assertThat(search.current()).isEqualTo(new OutputSearch.Match(0, 0, 5));
        search.next();
        assertThat(search.current()).isEqualTo(new OutputSearch.Match(2, 0, 5));
        search.next();
        assertThat(search.current()).isEqualTo(new OutputSearch.Match(2, 11, 16));
    }

    @Test
    void nextAndPreviousGoRoundFromEitherEnd() {
        output.append("a\na\na\n");
        search.search("a", output.lines());

        search.previous();
        assertThat(search.position()).isEqualTo(3);
        search.next();
        assertThat(search.position()).isEqualTo(1);
    }

    @Test
    void aBlankOrMissingTextFindsNothing() {
        output.append("abc\n");

        search.search("  ", output.lines());
        assertThat(search.isSearching()).isFalse();
        assertThat(search.current()).isNull();

        search.search("xyz", output.lines());
        assertThat(search.isSearching()).isTrue();
        assertThat(search.count()).isZero();
        assertThat(search.position()).isZero();
        search.next();
        assertThat(search.current()).isNull();
    }

    @Test
    void outputThatComesLaterIsSearchedAndTheCurrentOccurrenceStays() {
        output.append("warn 1\nwar");
        search.search("warn", output.lines());
        assertThat(search.count()).isEqualTo(1);

        search.linesChanged(output.append("n 2\nwarn 3\n"), output.lines());

        assertThat(search.count()).isEqualTo(3);
        assertThat(search.current()).isEqualTo(new OutputSearch.Match(0, 0, 4));
        search.next();
        search.linesChanged(output.append("warn 4\n"), output.lines());
        assertThat(search.current()).isEqualTo(new OutputSearch.Match(1, 0, 4));
        assertThat(search.position()).isEqualTo(2);
    }

    @Test
    void linesThatGoTakeTheirOccurrencesWithThem() {
        OutputLines small = new OutputLines(100);
        small.append("hit 1" + ".".repeat(30) + "\nhit 2\n");
        search.search("hit", small.lines());
        search.next();
        assertThat(search.current()).isEqualTo(new OutputSearch.Match(1, 0, 3));

        OutputLines.Appended change = small.append("hit 3" + ".".repeat(59) + "\n");

        assertThat(change.dropped()).isEqualTo(1);
        search.linesChanged(change, small.lines());
        assertThat(search.count()).isEqualTo(2);
        assertThat(search.current()).as("the same occurrence, on its line's new index")
                .isEqualTo(new OutputSearch.Match(0, 0, 3));
        assertThat(search.position()).isEqualTo(1);
    }

    @Test
    void aNewSearchStartsAgainAtTheFirstOccurrence() {
        output.append("a b a\n");
        search.search("a", output.lines());
        search.next();

        search.search("b", List.of("a b a"));

        assertThat(search.current()).isEqualTo(new OutputSearch.Match(0, 2, 3));
    }
}
