package io.redcron.node.cli;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class HelpTest {

    @Test
    void rootHelpListsEveryCommandAndTheExitCodes() {
        Cli.Result result = Cli.run("--help");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).contains("cron", "migrate", "task", "sandbox", "Exit codes:", "REDCRON_MYSQL_PASSWORD");
    }

    @ParameterizedTest
    @ValueSource(strings = {"cron check", "migrate", "task add", "task list", "task show", "task update", "task enable",
            "task disable", "task delete", "sandbox"})
    void everyCommandHasHelp(String command) {
        String[] args = (command + " --help").split(" ");

        Cli.Result result = Cli.run(args);

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).startsWith("Usage: redcron-node " + command);
    }

    @Test
    void unknownOptionIsOneLineWithExitTwo() {
        Cli.Result result = Cli.run("task", "list", "--bogus");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err().strip()).contains("--bogus").doesNotContain("\n");
    }

    @Test
    void versionIsPrinted() {
        Cli.Result result = Cli.run("--version");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).startsWith("redcron-node ");
    }
}
