package io.redcron.chaos;

import java.util.ArrayList;
import java.util.List;

/** Every server and node the suite started, killed when the test JVM exits however it exits. */
final class ChildProcesses {
    private static final List<Process> PROCESSES = new ArrayList<>();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(ChildProcesses::killAll, "chaos-children"));
    }

    private ChildProcesses() {
    }

    static synchronized void register(Process process) {
        PROCESSES.add(process);
    }

    private static synchronized void killAll() {
        for (Process process : PROCESSES) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }
}
