package io.redcron.node.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

@Command(name = "redcron-node", mixinStandardHelpOptions = true, versionProvider = RedcronNode.Version.class,
        description = {"Redcron: distributed cron on Redis and MySQL.",
                "Runs the scheduler and worker roles, and manages tasks and schedules from the command line."},
        commandListHeading = "%nCommands:%n",
        subcommands = {SandboxCommand.class, RunCommand.class, CronCommand.class, MigrateCommand.class, TaskCommand.class, TriggerCommand.class,
                PauseCommand.class, ResumeCommand.class, CancelCommand.class, RunsCommand.class, NodesCommand.class,
                QueuesCommand.class, LeaderCommand.class, AuditCommand.class, RetentionCommand.class, MaintenanceCommand.class,
                CalendarsCommand.class, WorkflowCommand.class,
                AlertsCommand.class, TokenCommand.class,
                CommandLine.HelpCommand.class},
        footer = {"", "Stores: every command that talks to the stores takes --config FILE, or --redis URI --jdbc URL",
                "--db-user USER (passwords from $REDCRON_REDIS_PASSWORD / $REDCRON_MYSQL_PASSWORD, never flags), or,",
                "with none of these, uses the sandbox running on this machine ('redcron-node sandbox').",
                "", ExitCode.HELP})
public final class RedcronNode {
    /** Columns of every command's help. */
    static final int USAGE_HELP_WIDTH = 120;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The configured command line, also used by tests to run commands in-process. */
    public static CommandLine commandLine() {
        CliErrors errors = new CliErrors();
        CommandLine cli = new CommandLine(new RedcronNode());
        cli.setExecutionExceptionHandler(errors);
        cli.setParameterExceptionHandler(errors);
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        // A value that happens to be a subcommand's name ('workflow runs --workflow show') is a value.
        cli.setAllowSubcommandsAsOptionParameters(true);
        // The descriptions and examples are broken by hand to this width; picocli's 80 would break them again.
        cli.setUsageHelpWidth(USAGE_HELP_WIDTH);
        return cli;
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = RedcronNode.class.getPackage().getImplementationVersion();
            return new String[] {"redcron-node " + (version == null ? "dev" : version),
                    "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"};
        }
    }
}
