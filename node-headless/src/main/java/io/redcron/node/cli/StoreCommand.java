package io.redcron.node.cli;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * A command that works on the stores: it finds them (config, flags or the sandbox), opens them,
 * runs, and closes them. Subclasses only say what to do with them, and print through a writer
 * that keeps store text from acting on the terminal ({@link TerminalText}).
 */
abstract class StoreCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ConnectionOptions connection;

    final Clock clock = Clock.systemUTC();

    @Override
    public final Integer call() throws Exception {
        check();
        PrintWriter out = TerminalText.writer(spec.commandLine().getOut());
        try (CliStores stores = CliStores.open(connection.resolve(System.getenv(), settings()), clock)) {
            run(stores, out);
        } finally {
            out.flush();
        }
        return exitCode();
    }

    /** The exit code of a run that threw nothing; a command whose outcome it reports overrides it. */
    Integer exitCode() {
        return ExitCode.OK;
    }

    /** Checks the command's own arguments before anything is opened; throws on bad input. */
    void check() {
    }

    /** Configuration settings given by the command's own flags. */
    Map<String, String> settings() {
        return Map.of();
    }

    abstract void run(CliStores stores, PrintWriter out) throws Exception;
}
