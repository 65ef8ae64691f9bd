package io.redcron.node.cli;

import picocli.CommandLine.Command;

@Command(name = "enable", mixinStandardHelpOptions = true, description = "Enables a task: it fires on schedule again.",
        footer = {"", ExitCode.HELP})
final class TaskEnableCommand extends TaskToggle {
    TaskEnableCommand() {
        super(true);
    }
}
