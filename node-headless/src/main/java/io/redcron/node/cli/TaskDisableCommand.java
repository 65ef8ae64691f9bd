package io.redcron.node.cli;

import picocli.CommandLine.Command;

@Command(name = "disable", mixinStandardHelpOptions = true,
        description = "Disables a task: it stops firing; runs in flight finish.", footer = {"", ExitCode.HELP})
final class TaskDisableCommand extends TaskToggle {
    TaskDisableCommand() {
        super(false);
    }
}
