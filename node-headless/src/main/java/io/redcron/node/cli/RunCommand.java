package io.redcron.node.cli;

import io.redcron.config.RedcronConfig;
import io.redcron.node.Node;
import io.redcron.node.RootGuard;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs a node: the scheduler role (one active leader per namespace), the worker role and the api role",
                "(the HTTP API, off unless named), in any combination.",
                "SIGTERM drains it: no new runs are taken, running ones may finish within node.drain-grace,",
                "the rest are handed back to other nodes; then it exits 0."},
        footer = {"", "Examples:", "  redcron-node run --config /etc/redcron/redcron.yaml --roles worker --groups etl --slots 4",
                "  redcron-node run --config /etc/redcron/redcron.yaml -n team-a,team-b   (one node, two namespaces)",
                "", ExitCode.HELP})
final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ConnectionOptions connection;

    @Option(names = "--roles", paramLabel = "ROLES", description = "scheduler, worker and/or api (comma-separated). Default: node.roles.")
    String roles;

    @Option(names = "--groups", paramLabel = "GROUPS", description = "Routing groups this worker serves (comma-separated). Default: node.groups.")
    String groups;

    @Option(names = "--slots", paramLabel = "N", description = "Runs executed at once. Default: node.slots.")
    Integer slots;

    @Option(names = "--node-id", paramLabel = "ID", description = "Unique node name. Default: host name and process id.")
    String nodeId;

    @Option(names = "--log-format", paramLabel = "FORMAT", description = "Log lines as text or json. Default: log.format.")
    String logFormat;

    @Option(names = "--allow-root", description = "Start even as root (refused otherwise: tasks would run with root's rights). Default: node.allow-root.")
    boolean allowRoot;

    @Override
    public Integer call() throws Exception {
        Map<String, String> overrides = new LinkedHashMap<>();
        if (roles != null) {
            overrides.put("node.roles", roles);
        }
        if (groups != null) {
            overrides.put("node.groups", groups);
        }
        if (slots != null) {
            overrides.put("node.slots", slots.toString());
        }
        if (nodeId != null) {
            overrides.put("node.id", nodeId);
        }
        if (logFormat != null) {
            overrides.put("log.format", logFormat);
        }
        if (allowRoot) {
            overrides.put("node.allow-root", "true");
        }
        RedcronConfig config = connection.resolve(System.getenv(), overrides);
        io.redcron.node.logging.LogOutput.use(config.logFormat());
        switch (RootGuard.forNode(RootGuard.currentUid(), config.node().allowRoot())) {
            case REFUSE -> throw new CliErrors.UsageException(RootGuard.refusal(config.node().roles()));
            case WARN -> LoggerFactory.getLogger(RunCommand.class).warn("Node {} is {}", config.node().nodeId(),
                    RootGuard.warning(config.node().roles()));
            case GO -> { }
        }
        Node node = new Node(config, Clock.systemUTC()).start();
        // SIGTERM and SIGINT are handled here, not by a shutdown hook: a JVM ended by a signal exits
        // 128 + signal whatever the hook does, and a drained node is a clean stop (exit 0).
        CountDownLatch stop = new CountDownLatch(1);
        OrderedShutdown.onSignal(stop::countDown);
        Thread hook = new Thread(node::close, "redcron-shutdown"); // any other way out still drains
        Runtime.getRuntime().addShutdownHook(hook);
        spec.commandLine().getOut().println("Node " + config.node().nodeId() + " running (namespace"
                + (config.node().namespaces().size() > 1 ? "s '" : " '") + String.join("', '", config.node().namespaces())
                + "', roles " + config.node().roles() + "). Stop with Ctrl-C or SIGTERM.");
        spec.commandLine().getOut().flush();
        stop.await();
        Runtime.getRuntime().removeShutdownHook(hook);
        node.close();
        return ExitCode.OK;
    }
}
