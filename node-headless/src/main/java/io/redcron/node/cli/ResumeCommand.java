package io.redcron.node.cli;

import picocli.CommandLine.Command;

@Command(name = "resume", mixinStandardHelpOptions = true,
        description = "Resumes a paused task: it fires from its next scheduled time on (same as 'task enable').",
        footer = {"", ExitCode.HELP})
final class ResumeCommand extends TaskToggle {
    ResumeCommand() {
        super(true);
    }
}
