package io.redcron.node.cli;

import io.redcron.config.ConfigException;
import io.redcron.domain.InvalidTaskException;
import io.redcron.ops.OperationException;
import io.redcron.port.DuplicateTaskException;
import io.redcron.port.StaleTaskException;
import io.redcron.port.StoreException;
import io.redcron.port.TaskNotFoundException;
import io.redcron.schedule.InvalidCronException;
import picocli.CommandLine;

import java.io.PrintWriter;

/**
 * Turns every failure into one line on stderr and a meaningful exit code; stack traces only with
 * {@code REDCRON_DEBUG=1}. The line often quotes store text or input, so it is shown without
 * control characters.
 */
final class CliErrors implements CommandLine.IExecutionExceptionHandler, CommandLine.IParameterExceptionHandler {

    @Override
    public int handleExecutionException(Exception e, CommandLine command, CommandLine.ParseResult parseResult) {
        print(command.getErr(), e);
        return exitCode(e);
    }

    @Override
    public int handleParseException(CommandLine.ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        command.getErr().println("redcron-node: " + TerminalText.cell(oneLine(e.getMessage())) + " (see '"
                + command.getCommandSpec().qualifiedName() + " --help')");
        return ExitCode.INVALID;
    }

    static int exitCode(Throwable e) {
        if (e instanceof OperationException operation) {
            return switch (operation.kind()) {
                case NO_SUCH_TASK, NO_SUCH_WORKFLOW, NO_SUCH_RUN, NO_SUCH_DEAD_RUN, TASK_GONE -> ExitCode.NOT_FOUND;
                case RUN_NOT_ENDED, MANAGED -> ExitCode.CONFLICT;
                case BAD_INPUT -> ExitCode.INVALID;
            };
        }
        if (e instanceof NotFoundException || e instanceof TaskNotFoundException
                || e instanceof io.redcron.calendar.UnknownCalendarException) {
            return ExitCode.NOT_FOUND;
        }
        if (e instanceof StaleTaskException || e instanceof DuplicateTaskException
                || e instanceof io.redcron.port.StaleWorkflowException
                || e instanceof io.redcron.port.DuplicateWorkflowException
                || e instanceof io.redcron.port.DuplicateTokenException
                || e instanceof io.redcron.calendar.CalendarInUseException) {
            return ExitCode.CONFLICT;
        }
        if (e instanceof InvalidTaskException || e instanceof io.redcron.workflow.InvalidWorkflowException
                || e instanceof InvalidCronException || e instanceof ConfigException
                || e instanceof UsageException || e instanceof io.redcron.calendar.InvalidCalendarException) {
            return ExitCode.INVALID;
        }
        return ExitCode.FAILURE;
    }

    static void print(PrintWriter err, Throwable e) {
        err.println("redcron-node: " + TerminalText.cell(oneLine(message(e))));
        if ("1".equals(System.getenv("REDCRON_DEBUG"))) {
            e.printStackTrace(err);
        }
        err.flush();
    }

    private static String message(Throwable e) {
        if (e instanceof StoreException && CliStores.missingTable(e)) {
            return oneLine(e.getMessage()) + " (is the schema there? run 'redcron-node migrate')";
        }
        if (e instanceof StoreException || e instanceof IllegalArgumentException || e instanceof UsageException
                || e instanceof NotFoundException || e instanceof OperationException
                || e instanceof io.redcron.node.sandbox.SandboxException
                || e instanceof io.redcron.calendar.UnknownCalendarException
                || e instanceof io.redcron.calendar.CalendarInUseException) {
            return e.getMessage();
        }
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String text = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        return "unexpected error: " + text;
    }

    static String oneLine(String message) {
        if (message == null) {
            return "";
        }
        String line = message.strip();
        int newline = line.indexOf('\n');
        return newline < 0 ? line : line.substring(0, newline).strip();
    }

    /** Bad input found by a command itself (rather than by picocli). */
    static final class UsageException extends RuntimeException {
        UsageException(String message) {
            super(message);
        }
    }

    /** A task or run that a command was asked about does not exist. */
    static final class NotFoundException extends RuntimeException {
        NotFoundException(String message) {
            super(message);
        }
    }
}
