package io.redcron.node.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import static org.assertj.core.api.Assertions.assertThat;

class HelpTest {

    /**
     * Descriptions and examples are broken by hand; each such line must come out whole, not broken
     * again by the help's width, and every example must fit on one line to be copied.
     */
    @Test
    void everyHandBrokenLineOfEveryCommandsHelpComesOutWhole() {
        List<String> broken = new ArrayList<>();
        walk(RedcronNode.commandLine(), command -> {
            String usage = command.getUsageMessage();
            var message = command.getCommandSpec().usageMessage();
            List<String> lines = new ArrayList<>();
            for (String text : message.description()) {
                lines.addAll(List.of(text.split("%n|\\n")));
            }
            for (String text : message.footer()) {
                lines.addAll(List.of(text.split("%n|\\n")));
            }
            for (String line : lines) {
                boolean example = line.startsWith("  redcron-node ");
                if ((line.length() <= RedcronNode.USAGE_HELP_WIDTH || example) && !usage.contains(line.stripTrailing())) {
                    broken.add(command.getCommandSpec().qualifiedName() + ": " + line);
                }
            }
        });
        assertThat(broken).isEmpty();
    }

    private static void walk(CommandLine command, Consumer<CommandLine> visit) {
        visit.accept(command);
        command.getSubcommands().values().forEach(sub -> walk(sub, visit));
    }

    @Test
    void rootHelpListsEveryCommandAndTheExitCodes() {
        Cli.Result result = Cli.run("--help");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).contains("cron", "migrate", "task", "sandbox", "run", "trigger", "pause", "resume", "cancel",
                "runs", "nodes", "queues", "leader", "maintenance", "calendars", "workflow", "Exit codes:", "REDCRON_MYSQL_PASSWORD");
    }

    @ParameterizedTest
    @ValueSource(strings = {"cron", "cron check", "migrate", "task", "task add", "task list", "task show", "task update",
            "task enable", "task disable", "task delete", "sandbox", "run", "trigger", "pause", "resume", "cancel", "runs",
            "runs list", "runs show", "runs tail", "runs pin", "runs unpin", "runs pinned", "runs purge", "nodes",
            "nodes list", "nodes drain", "nodes undrain", "queues", "leader", "audit", "audit list", "retention",
            "retention show", "retention set", "retention clear",
            "calendars", "calendars list", "calendars show", "calendars import", "calendars set", "calendars delete",
            "calendars blackout", "calendars blackout add", "calendars blackout remove", "calendars bind",
            "calendars unbind", "maintenance", "maintenance pause",
            "maintenance resume", "maintenance list",
            "alerts", "alerts rules", "alerts rules show", "alerts rules set", "alerts rules clear", "alerts silence",
            "alerts silences", "alerts unsilence", "workflow", "workflow add", "workflow list", "workflow show",
            "workflow update", "workflow pause", "workflow resume", "workflow delete", "workflow trigger", "workflow runs",
            "workflow runs show", "workflow cancel", "workflow rerun", "token", "token create", "token list",
            "token revoke"})
    void everyCommandHasHelp(String command) {
        String[] args = (command + " --help").split(" ");

        Cli.Result result = Cli.run(args);

        assertThat(result.exitCode()).as(result.toString()).isZero();
        assertThat(result.out()).startsWith("Usage: redcron-node " + command);
        assertThat(result.err()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"migrate", "task add", "task list", "task show", "task update", "task enable", "task disable",
            "task delete", "run", "trigger", "pause", "resume", "cancel", "runs list", "runs show", "runs tail",
            "nodes list", "nodes drain", "nodes undrain", "queues", "leader", "audit list", "runs pin", "runs unpin",
            "runs pinned", "runs purge", "retention show", "retention set", "retention clear",
            "calendars list", "calendars show", "calendars import", "calendars set", "calendars delete",
            "calendars blackout add", "calendars blackout remove", "calendars bind", "calendars unbind", "cron check",
            "maintenance pause", "maintenance resume", "maintenance list",
            "alerts rules show", "alerts rules set", "alerts rules clear", "alerts silence", "alerts silences",
            "alerts unsilence", "workflow add", "workflow list", "workflow show", "workflow update", "workflow pause",
            "workflow resume", "workflow delete", "workflow trigger", "workflow runs", "workflow runs show",
            "workflow cancel", "workflow rerun", "token create", "token list", "token revoke"})
    void everyStoreCommandTakesTheConnectionOptions(String command) {
        Cli.Result result = Cli.run((command + " --help").split(" "));

        assertThat(result.out()).contains("--config=FILE", "--redis=URI", "--jdbc=URL", "--db-user=USER", "--namespace=NS")
                .doesNotContain("--password");
    }

    @ParameterizedTest
    @ValueSource(strings = {"help task", "help runs list", "help cron check"})
    void helpSubcommand(String command) {
        Cli.Result result = Cli.run(command.split(" "));

        assertThat(result.exitCode()).as(result.toString()).isZero();
        assertThat(result.out()).startsWith("Usage: redcron-node ");
    }

    @Test
    void taskAddHelpSaysExecGoesLast() {
        Cli.Result result = Cli.run("task", "add", "--help");

        assertThat(result.out()).contains("--exec=ARGV", "Put it last", "Exit codes:");
    }

    @Test
    void workflowCommandsShowExamplesAndExitCodes() {
        assertThat(Cli.run("workflow", "add", "--help").out()).contains("-f, --file=FILE", "Examples:", "Exit codes:");
        assertThat(Cli.run("workflow", "trigger", "--help").out())
                .contains("--wait", "-p, --param=NAME=VALUE", "5  with --wait: the workflow run ended, but did not succeed");
        assertThat(Cli.run("workflow", "--help").out()).contains("docs/WORKFLOWS.md");
    }

    @Test
    void unknownOptionIsOneLineWithExitTwo() {
        Cli.Result result = Cli.run("task", "list", "--bogus");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err().strip()).contains("--bogus").doesNotContain("\n");
    }

    @Test
    void unknownCommandIsOneLineWithExitTwo() {
        Cli.Result result = Cli.run("tasks", "list");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err().strip()).contains("tasks").doesNotContain("\n");
    }

    @Test
    void missingArgumentIsOneLineWithExitTwo() {
        Cli.Result result = Cli.run("trigger");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.err().strip()).contains("NAME").doesNotContain("\n");
    }

    @Test
    void versionIsPrinted() {
        Cli.Result result = Cli.run("--version");

        assertThat(result.exitCode()).isZero();
        assertThat(result.out()).startsWith("redcron-node ");
    }
}
