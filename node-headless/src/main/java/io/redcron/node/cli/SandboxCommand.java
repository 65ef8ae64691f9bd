package io.redcron.node.cli;

import io.redcron.config.ConfigLoader;
import io.redcron.config.RedcronConfig;
import io.redcron.domain.NodeRole;
import io.redcron.node.Node;
import io.redcron.node.RootGuard;
import io.redcron.node.sandbox.DemoTasks;
import io.redcron.node.sandbox.SandboxConfig;
import io.redcron.node.sandbox.SandboxServers;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

@Command(name = "sandbox", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Starts a complete Redcron on this machine, with nothing to install: embedded Redis (AOF on)",
                "and MariaDB servers in a data folder, the schema, a few demo tasks on first start, and a node",
                "running both roles. Other commands find it without options. Ctrl-C or SIGTERM stops it; a",
                "restart keeps the data. Taken ports are replaced by free ones. Listens on 127.0.0.1 only, with",
                "passwords only you can read (in ~/.redcron/sandbox.properties), new at every start."},
        footer = {"", ExitCode.HELP})
final class SandboxCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--data", paramLabel = "DIR", description = "Data folder. Default: ~/.redcron/sandbox.")
    Path data;

    @Option(names = "--redis-port", paramLabel = "P", description = "Preferred Redis port. Default: " + SandboxConfig.DEFAULT_REDIS_PORT + ".")
    Integer redisPort;

    @Option(names = "--mysql-port", paramLabel = "P", description = "Preferred MariaDB port. Default: " + SandboxConfig.DEFAULT_MARIADB_PORT + ".")
    Integer mysqlPort;

    @Option(names = "--no-node", description = "Start only the servers, without the scheduler and worker.")
    boolean noNode;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (RootGuard.forSandbox(RootGuard.currentUid()) == RootGuard.Verdict.WARN) {
            // The sandbox's node works: it runs the demo tasks.
            out.println("Warning: " + RootGuard.warning(Set.of(NodeRole.WORKER))
                    + ". Fine for a quick try; 'run' refuses this without --allow-root.");
        }
        // This command stops the servers itself, after the node has drained.
        SandboxConfig config = SandboxConfig.defaults().stoppedByCaller();
        if (data != null) {
            config = config.withDataDir(data.toAbsolutePath());
        }
        if (redisPort != null || mysqlPort != null) {
            config = config.withPorts(redisPort != null ? redisPort : config.redisPort(),
                    mysqlPort != null ? mysqlPort : config.mariaDbPort());
        }
        SandboxServers servers = SandboxServers.start(config, line -> {
            out.println(line);
            out.flush();
        });
        Node node = null;
        try {
            RedcronConfig nodeConfig = ConfigLoader.load(null, Map.of("REDCRON_REDIS_PASSWORD",
                    servers.redisPassword().reveal(), "REDCRON_MYSQL_PASSWORD", servers.dbPassword().reveal()),
                    Map.of("redis.uri", servers.redisUri(),
                    "mysql.url", servers.jdbcUrl(), "mysql.user", servers.dbUser(), "node.id", "sandbox",
                    "node.slots", "4", "node.drain-grace", "5s"));
            prepare(servers, nodeConfig, out);
            if (!noNode) {
                node = new Node(nodeConfig, Clock.systemUTC()).start();
            }
            printReady(out, servers, node != null);
        } catch (RuntimeException e) {
            servers.close();
            throw e;
        }
        CountDownLatch stop = new CountDownLatch(1);
        OrderedShutdown.onSignal(stop::countDown);
        stop.await();
        out.println("Stopping the sandbox …");
        out.flush();
        if (node != null) {
            node.close();
        }
        servers.close();
        out.println("Sandbox stopped; its data stays in " + servers.dataDir() + ".");
        out.flush();
        return ExitCode.OK;
    }

    /** Migrates and, on the first start only, seeds the demo tasks. */
    private static void prepare(SandboxServers servers, RedcronConfig config, PrintWriter out) throws Exception {
        try (CliStores stores = CliStores.open(config, Clock.systemUTC())) {
            CliStores.Schema result = stores.migrate();
            out.println("Schema at version " + result.version() + (result.applied() > 0 ? " (" + result.applied()
                    + " migration(s) applied)" : "") + ".");
            Path seeded = servers.dataDir().resolve("demo-tasks-seeded");
            if (!Files.exists(seeded)) {
                int added = DemoTasks.seed(stores.tasks(), config.node().namespace());
                Files.writeString(seeded, "The demo tasks were added on the first start; delete them as you like.\n");
                out.println("Added " + added + " demo tasks (hello fires every 10 seconds).");
            }
        }
        out.flush();
    }

    private static void printReady(PrintWriter out, SandboxServers servers, boolean withNode) {
        out.println();
        out.println("Redcron sandbox is up" + (withNode ? ", running the scheduler and a worker with 4 slots." : "."));
        out.println("  Redis:     " + servers.redisUri());
        out.println("  MariaDB:   " + servers.jdbcUrl() + " (user " + servers.dbUser() + ")");
        out.println("  Passwords: " + servers.connectionFile() + " (yours only; new at every start)");
        out.println("  Data:      " + servers.dataDir());
        out.println();
        out.println("In another terminal (other commands find this sandbox by themselves):");
        out.println("  java -jar node-headless/target/redcron-node.jar task list");
        out.println("  java -jar node-headless/target/redcron-node.jar runs list --task hello");
        out.println("  java -jar node-headless/target/redcron-node.jar task add --name tick --cron \"*/2 * * * * ?\" \\");
        out.println("      --dialect quartz --shell 'echo tick-$REDCRON_RUN_ID'");
        out.println();
        out.println("Stop with Ctrl-C.");
        out.flush();
    }
}
