package io.redcron.node.cli;

import sun.misc.Signal;

/**
 * Catches SIGTERM and SIGINT before the JVM starts its shutdown hooks. Those hooks all run at
 * once, in no order; the sandbox must stop its node (which drains runs into the stores) before
 * the embedded servers, whose libraries register hooks of their own. So the command handles the
 * signal itself, stops everything in order, and only then lets the JVM exit.
 */
final class OrderedShutdown {
    private OrderedShutdown() {
    }

    static void onSignal(Runnable stop) {
        for (String name : new String[] {"TERM", "INT"}) {
            try {
                Signal.handle(new Signal(name), signal -> stop.run());
            } catch (IllegalArgumentException e) {
                // The signal does not exist on this platform; the JVM's default handling stays.
            }
        }
    }
}
