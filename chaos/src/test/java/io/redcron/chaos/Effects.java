package io.redcron.chaos;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The side effects the workload's executions left: per run, who started and ended which attempt. */
final class Effects {
    /** One line of the effects file. */
    record Line(long runId, int attempt, String node, boolean start) {
    }

    private final List<Line> inOrder;
    private final Map<Long, List<Line>> byRun = new HashMap<>();

    Effects(List<Line> lines) {
        this.inOrder = List.copyOf(lines);
        for (Line line : lines) {
            byRun.computeIfAbsent(line.runId(), id -> new ArrayList<>()).add(line);
        }
    }

    static Effects read(Path file) {
        if (!Files.exists(file)) {
            return new Effects(List.of());
        }
        try {
            return parse(Files.readAllLines(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Lines as "{@code <run id> <attempt> <node> start|end}"; anything else is a broken append and fails the check. */
    static Effects parse(List<String> text) {
        List<Line> lines = new ArrayList<>();
        for (String row : text) {
            String[] parts = row.trim().split(" ");
            if (parts.length != 4 || !(parts[3].equals("start") || parts[3].equals("end"))) {
                throw new IllegalStateException("effects file: unreadable line '" + row + "'");
            }
            lines.add(new Line(Long.parseLong(parts[0]), Integer.parseInt(parts[1]), parts[2], parts[3].equals("start")));
        }
        return new Effects(lines);
    }

    List<Line> starts(long runId) {
        return byRun.getOrDefault(runId, List.of()).stream().filter(Line::start).toList();
    }

    List<Line> ends(long runId) {
        return byRun.getOrDefault(runId, List.of()).stream().filter(line -> !line.start()).toList();
    }

    /** Every line in the order the executions appended them: starts and ends as they happened. */
    List<Line> inOrder() {
        return inOrder;
    }

    java.util.Set<Long> runIds() {
        return byRun.keySet();
    }
}
