package io.redcron.node;

import io.redcron.domain.NodeRole;

import java.util.OptionalLong;
import java.util.Set;

/**
 * Whether a node may start as the current user. As root, every exec and shell task would run with
 * root's rights, and a task definition in the shared stores would be enough to own the machine.
 */
public final class RootGuard {
    private static final String OVERRIDE = " Run the node as an unprivileged user (the packaged service uses 'redcron'),"
            + " or, if you mean it, pass --allow-root (node.allow-root: true, REDCRON_NODE_ALLOW_ROOT=true)";
    private static final String TASKS_AS_ROOT = "every task would run with root's rights on this machine";
    private static final String NOTHING_NEEDS_ROOT = "this node runs no task, but nothing it does needs root's rights,"
            + " and as root any flaw in it would have them";

    /** What to do, given the process's user id (empty when it cannot be told) and {@code node.allow-root}. */
    public enum Verdict { GO, WARN, REFUSE }

    private RootGuard() {
    }

    public static Verdict forNode(OptionalLong uid, boolean allowRoot) {
        if (!isRoot(uid)) {
            return Verdict.GO;
        }
        return allowRoot ? Verdict.WARN : Verdict.REFUSE;
    }

    /** The sandbox is the developer's quick start on their own machine: it only warns. */
    public static Verdict forSandbox(OptionalLong uid) {
        return isRoot(uid) ? Verdict.WARN : Verdict.GO;
    }

    /**
     * The one line that refuses a node with {@code roles} as root: a worker runs tasks with the
     * node's rights; a node without the worker role runs none, yet needs no root either.
     */
    public static String refusal(Set<NodeRole> roles) {
        return "refusing to run as root: " + (roles.contains(NodeRole.WORKER) ? TASKS_AS_ROOT : NOTHING_NEEDS_ROOT)
                + "." + OVERRIDE;
    }

    /** What a node with {@code roles} allowed to run as root logs. */
    public static String warning(Set<NodeRole> roles) {
        return roles.contains(NodeRole.WORKER) ? "running as root: every task runs with root's rights on this machine"
                : "running as root, which nothing this node does needs";
    }

    private static boolean isRoot(OptionalLong uid) {
        return uid.isPresent() && uid.getAsLong() == 0;
    }

    /** The real user id of this process on Unix-like systems; empty elsewhere. */
    public static OptionalLong currentUid() {
        try {
            Object uid = java.nio.file.Files.getAttribute(java.nio.file.Path.of("/proc/self"), "unix:uid");
            return OptionalLong.of(((Number) uid).longValue());
        } catch (Exception | LinkageError e) {
            // No /proc (macOS) or no unix view (Windows): fall back to the user name.
            return "root".equals(System.getProperty("user.name")) ? OptionalLong.of(0) : OptionalLong.empty();
        }
    }
}
