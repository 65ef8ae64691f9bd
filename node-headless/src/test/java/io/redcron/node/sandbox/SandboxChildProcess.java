package io.redcron.node.sandbox;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A sandbox in a JVM of its own, so that a test can kill that JVM as a user's kill -9 would and
 * see what the next start makes of the servers it leaves behind.
 *
 * <p>Arguments: data folder, Redis port, MariaDB port, connection file. Prints
 * {@value #READY} once both servers are up, then runs until killed or until its standard input
 * closes; then it exits without closing the sandbox, as on Ctrl-C, leaving the rest to the
 * shutdown hooks.
 */
public final class SandboxChildProcess {
    static final String READY = "SANDBOX-CHILD-READY";

    private SandboxChildProcess() {
    }

    public static void main(String[] args) throws IOException {
        SandboxConfig config = new SandboxConfig(Path.of(args[0]), Integer.parseInt(args[1]),
                Integer.parseInt(args[2]), Path.of(args[3]));
        SandboxServers servers = SandboxServers.start(config, System.out::println);
        System.out.println(READY + " " + servers.redisPort() + " " + servers.mariaDbPort());
        while (System.in.read() != -1) {
            // wait for the end of input
        }
        System.exit(0);
    }
}
