package io.redcron.node.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.redcron.port.Page;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Collections;
import java.util.List;

class PageFooterTest {

    @Test
    void aLastPageHasNoFooter() {
        assertThat(footer(new Page<>(items(3), 53, 50, 50))).isEmpty();
    }

    @Test
    void anExactTotalIsShownAsItIs() {
        assertThat(footer(new Page<>(items(50), 120, 0, 50))).isEqualTo("(50 of 120; next page: --offset 50)\n");
    }

    @Test
    void aTotalCountedOnlySoFarIsShownAsALowerBound() {
        assertThat(footer(new Page<>(items(50), 10_000, 50, 50, true)))
                .isEqualTo("(50 of at least 10000; next page: --offset 100)\n");
    }

    private static List<String> items(int count) {
        return Collections.nCopies(count, "run");
    }

    private static String footer(Page<?> page) {
        StringWriter out = new StringWriter();
        PageFooter.print(new PrintWriter(out, true), page);
        return out.toString();
    }
}
