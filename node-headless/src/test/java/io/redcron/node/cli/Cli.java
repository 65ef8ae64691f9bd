package io.redcron.node.cli;

import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;

/** Runs the real command line in-process and keeps what it printed. */
final class Cli {
    static {
        // A command given no stores looks for a sandbox in Redcron's home; never the user's real one.
        if (System.getProperty("redcron.home") == null) {
            try {
                System.setProperty("redcron.home", Files.createTempDirectory("redcron-home").toString());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    private Cli() {
    }

    record Result(int exitCode, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exitCode + "\n--- out\n" + out + "--- err\n" + err;
        }
    }

    static Result run(String... args) {
        CommandLine cli = RedcronNode.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int code = cli.execute(args);
        return new Result(code, out.toString(), err.toString());
    }
}
