package io.redcron.node.worker.execution;

import io.redcron.config.ConfigException;
import io.redcron.config.Setting;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The system user that exec and shell tasks run as ({@code worker.run-as}): a user of its own, so
 * that a task can read neither the node's files (its password files, its configuration) nor the
 * node process itself ({@code /proc/PID/environ} and {@code /proc/PID/mem} belong to the node's
 * user). The node starts each program through {@code setpriv}, which takes the user's identity and
 * drops every capability before the program runs; the node itself therefore needs
 * {@code CAP_SETUID} and {@code CAP_SETGID} (the packaged unit grants them as ambient capabilities,
 * with {@code CAP_KILL} to stop the task's processes), or to run as root.
 */
record TaskUser(String name, long uid, long gid, String home) {
    static final String SETPRIV = "/usr/bin/setpriv";

    /** Looks the user up and proves this node can start a program as it, once, at start. */
    static TaskUser resolve(String name) {
        TaskUser user = lookup(name);
        List<String> probe = new ArrayList<>(user.switchCommand());
        probe.add("/bin/true");
        String failure = run(probe);
        if (failure != null) {
            throw new ConfigException(Setting.WORKER_RUN_AS.key(), "cannot start programs as '" + name + "': "
                    + failure + " (the node needs CAP_SETUID and CAP_SETGID, as the packaged unit grants)");
        }
        return user;
    }

    /** The command prefix that runs what follows as this user, with no capabilities left. */
    List<String> switchCommand() {
        return List.of(SETPRIV, "--reuid=" + uid, "--regid=" + gid, "--init-groups", "--inh-caps=-all",
                "--ambient-caps=-all", "--");
    }

    private static TaskUser lookup(String name) {
        if (!Files.isExecutable(Path.of(SETPRIV))) {
            throw new ConfigException(Setting.WORKER_RUN_AS.key(), SETPRIV + " is missing (Debian: util-linux)");
        }
        Path passwd = Path.of("/etc/passwd");
        String entry = null;
        try {
            for (String line : Files.readAllLines(passwd, StandardCharsets.UTF_8)) {
                if (line.startsWith(name + ":")) {
                    entry = line;
                    break;
                }
            }
        } catch (IOException e) {
            throw new ConfigException(Setting.WORKER_RUN_AS.key(), "cannot read " + passwd + ": " + e.getMessage());
        }
        if (entry == null) {
            entry = getent(name);
        }
        if (entry == null) {
            throw new ConfigException(Setting.WORKER_RUN_AS.key(), "user '" + name + "' does not exist on this machine");
        }
        String[] fields = entry.split(":", -1);
        if (fields.length < 7) {
            throw new ConfigException(Setting.WORKER_RUN_AS.key(), "user '" + name + "' has a malformed passwd entry");
        }
        long uid = Long.parseLong(fields[2]);
        if (uid == 0) {
            throw new ConfigException(Setting.WORKER_RUN_AS.key(), "'" + name + "' is root: tasks would run with root's rights");
        }
        return new TaskUser(name, uid, Long.parseLong(fields[3]), fields[5].isEmpty() ? "/" : fields[5]);
    }

    /** Users from LDAP or other NSS sources. */
    private static String getent(String name) {
        try {
            Process process = new ProcessBuilder("getent", "passwd", name).redirectErrorStream(true).start();
            process.getOutputStream().close();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            return process.waitFor(10, TimeUnit.SECONDS) && process.exitValue() == 0 && !out.isEmpty() ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** Null when the command succeeded, else its first line of output. */
    private static String run(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getOutputStream().close();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return "setpriv did not finish";
            }
            if (process.exitValue() == 0) {
                return null;
            }
            return out.isEmpty() ? "exit code " + process.exitValue() : out.lines().findFirst().orElse(out);
        } catch (IOException e) {
            return e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }
}
