package io.redcron.chaos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.TimeUnit;

/** POSIX signals to processes the suite started (Java itself can send only TERM and KILL). */
final class Signals {
    private Signals() {
    }

    static void send(long pid, String signal) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).redirectErrorStream(true).start();
            if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new IllegalStateException("kill -" + signal + " " + pid + " failed: "
                        + new String(kill.getInputStream().readAllBytes()).trim());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while signalling " + pid, e);
        }
    }
}
