package io.redcron.node.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Collects what a child process prints, line by line, on a daemon thread of its own. */
final class ProcessOutput {
    private ProcessOutput() {
    }

    /** Appends each line {@code process} prints to {@code lines} (a synchronized list) until it closes its output. */
    static void follow(Process process, List<String> lines) {
        Thread reader = new Thread(() -> {
            try (BufferedReader output = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = output.readLine()) != null) {
                    lines.add(line);
                }
            } catch (IOException e) {
                lines.add("(output closed: " + e.getMessage() + ")");
            }
        });
        reader.setDaemon(true);
        reader.start();
    }
}
