package io.redcron.config;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CommandPatternTest {
    @Test
    void eachWordIsOneArgumentMatchedWhole() {
        CommandPattern pattern = CommandPattern.compile("/usr/bin/pg_dump --format=custom [a-z]+");

        assertThat(pattern.allowsArgv(List.of("/usr/bin/pg_dump", "--format=custom", "sales"))).isTrue();
        assertThat(pattern.allowsArgv(List.of("/usr/bin/pg_dump", "--format=custom sales"))).isFalse();
        assertThat(pattern.allowsArgv(List.of("/usr/bin/pg_dump", "--format=custom", "sales", "x"))).isFalse();
        assertThat(pattern.allowsArgv(List.of("/usr/bin/pg_dump", "--format=custom", "Sales"))).isFalse();
        assertThat(pattern.allowsShellLine("/usr/bin/pg_dump --format=custom sales")).isTrue();
        assertThat(pattern.limitation()).isEmpty();
    }

    @Test
    void threeDotsAreForExecOnly() {
        CommandPattern pattern = CommandPattern.compile("/opt/jobs/run ...");

        assertThat(pattern.allowsArgv(List.of("/opt/jobs/run"))).isTrue();
        assertThat(pattern.allowsArgv(List.of("/opt/jobs/run", "a", "b c"))).isTrue();
        assertThat(pattern.allowsShellLine("/opt/jobs/run ...")).isFalse();
        assertThat(pattern.allowsShellLine("/opt/jobs/run abc")).isFalse();
        assertThat(pattern.limitation()).hasValueSatisfying(text -> assertThat(text).contains("exec tasks only"));
    }

    @Test
    void anEntryThatCannotBeSplitServesShellLinesOnlyAndSaysSo() {
        CommandPattern pattern = CommandPattern.compile("/opt/jobs/report\\.sh( [a-z]+)?");

        assertThat(pattern.allowsShellLine("/opt/jobs/report.sh daily")).isTrue();
        assertThat(pattern.allowsArgv(List.of("/opt/jobs/report.sh", "daily"))).isFalse();
        assertThat(pattern.limitation()).hasValueSatisfying(text -> assertThat(text).contains("shell lines only"));
    }

    @Test
    void anInvalidEntryIsRefusedWithTheReason() {
        assertThatThrownBy(() -> CommandPattern.compile("/opt/[a-z"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'/opt/[a-z' is not a regular expression");
    }
}
