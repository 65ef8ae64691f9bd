package io.redcron.node.cli;

import io.redcron.config.RedcronConfig;
import io.redcron.domain.CredentialRedaction;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Clock;
import java.util.concurrent.Callable;

@Command(name = "migrate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Creates or upgrades the database schema. Safe to run again: applied migrations are skipped.",
                "Nodes also migrate on start; run this first when nodes must not hold DDL rights."})
final class MigrateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ConnectionOptions connection;

    @Override
    public Integer call() throws Exception {
        RedcronConfig config = connection.resolve(System.getenv());
        PrintWriter out = spec.commandLine().getOut();
        out.println("Migrating " + CredentialRedaction.urls(config.mysql().jdbcUrl()) + " …");
        out.flush();
        try (CliStores stores = CliStores.open(config, Clock.systemUTC())) {
            CliStores.Schema result = stores.migrate();
            out.println(result.applied() == 0
                    ? "Schema is up to date (version " + result.version() + ")."
                    : "Applied " + result.applied() + " migration(s); schema is at version " + result.version() + ".");
        }
        out.flush();
        return ExitCode.OK;
    }
}
