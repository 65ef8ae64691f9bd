package io.redcron.node.cli;

import picocli.CommandLine.Command;

@Command(name = "pause", mixinStandardHelpOptions = true,
        description = "Pauses a task: it stops firing until resumed; runs in flight finish (same as 'task disable').",
        footer = {"", ExitCode.HELP})
final class PauseCommand extends TaskToggle {
    PauseCommand() {
        super(false);
    }
}
