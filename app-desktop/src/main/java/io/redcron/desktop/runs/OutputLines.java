package io.redcron.desktop.runs;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.ArrayList;
import java.util.List;

/**
 * A run's output as lines, for a view that shows only the lines in sight. Output arrives in
 * chunks that need not end at a line break: each chunk completes the open last line and adds the
 * lines after it, so a poll costs the size of what came, never the size of what is shown. Past
 * {@code limit} characters the oldest lines go, a quarter of the limit at once so that it happens
 * rarely.
 */
final class OutputLines {
    private final ObservableList<String> lines = FXCollections.observableArrayList();
    private final int limit;
    /** Whether the last line still waits for its line break. */
    private boolean lastOpen;
    private long characters;

    OutputLines(int limit) {
        this.limit = limit;
    }

    /** What an append changed: the lines from {@code firstChanged} on are new or grew; {@code dropped} went from the top. */
    record Appended(int firstChanged, int dropped) {
    }

    Appended append(String text) {
        if (text.isEmpty()) {
            return new Appended(lines.size(), 0);
        }
        List<String> pieces = split(text);
        int firstChanged = lines.size();
        if (lastOpen) {
            // The first piece completes the open line; set keeps a selection of it.
            firstChanged--;
            lines.set(firstChanged, lines.get(firstChanged) + pieces.remove(0));
        }
        lastOpen = !text.endsWith("\n");
        if (!lastOpen) {
            pieces.remove(pieces.size() - 1);
        }
        lines.addAll(pieces);
        characters += text.length();
        int dropped = trim();
        return new Appended(firstChanged - dropped, dropped);
    }

    /** Starts again with {@code text} (a later attempt's output replaces the earlier one's). */
    void replace(String text) {
        lines.clear();
        lastOpen = false;
        characters = 0;
        append(text);
    }

    private int trim() {
        if (characters <= limit) {
            return 0;
        }
        long keep = limit - limit / 4L;
        int drop = 0;
        while (characters > keep && drop < lines.size() - 1) {
            characters -= lines.get(drop).length() + 1L;
            drop++;
        }
        lines.remove(0, drop);
        return drop;
    }

    /** The line breaks of {@code text}, as pieces between them; the last piece is what follows the last break. */
    private static List<String> split(String text) {
        List<String> pieces = new ArrayList<>();
        int start = 0;
        for (int end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
            pieces.add(text.substring(start, end));
            start = end + 1;
        }
        pieces.add(text.substring(start));
        return pieces;
    }

    ObservableList<String> lines() {
        return lines;
    }

    /** The output as it came, line breaks included. */
    String text() {
        StringBuilder text = new StringBuilder((int) Math.min(Integer.MAX_VALUE - 8, characters));
        for (int i = 0; i < lines.size(); i++) {
            text.append(lines.get(i));
            if (i < lines.size() - 1 || !lastOpen) {
                text.append('\n');
            }
        }
        return text.toString();
    }

    /** The lines at {@code indexes}, in order, each ended by a line break. */
    String text(List<Integer> indexes) {
        StringBuilder text = new StringBuilder();
        indexes.stream().sorted().filter(i -> i >= 0 && i < lines.size()).forEach(i -> text.append(lines.get(i)).append('\n'));
        return text.toString();
    }

    boolean isEmpty() {
        return lines.isEmpty();
    }
}
