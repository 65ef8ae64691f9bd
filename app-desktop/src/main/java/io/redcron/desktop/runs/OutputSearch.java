package io.redcron.desktop.runs;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where a text occurs in an output's lines, ignoring case, and which occurrence the operator is
 * at. Output that comes later is searched as it comes, so the count stays right while a run is
 * followed and the occurrence the operator is at stays the same one.
 */
final class OutputSearch {
    /** One occurrence: on line {@code line}, characters {@code start} (inclusive) to {@code end}. */
    record Match(int line, int start, int end) {
    }

    private final List<Match> matches = new ArrayList<>();
    private String query = "";
    private int current = -1;

    /** Searches all of {@code lines} for {@code text} (blank: no search) and goes to the first occurrence. */
    void search(String text, List<String> lines) {
        query = text == null || text.isBlank() ? "" : text.toLowerCase(Locale.ROOT);
        matches.clear();
        find(lines, 0);
        current = matches.isEmpty() ? -1 : 0;
    }

    /** The lines changed as {@code change} says: forget what went, search what is new. */
    void linesChanged(OutputLines.Appended change, List<String> lines) {
        if (query.isEmpty()) {
            return;
        }
        Match at = current();
        matches.removeIf(match -> match.line() < change.dropped());
        matches.replaceAll(match -> new Match(match.line() - change.dropped(), match.start(), match.end()));
        matches.removeIf(match -> match.line() >= change.firstChanged());
        find(lines, change.firstChanged());
        current = at == null ? -1 : matches.indexOf(new Match(at.line() - change.dropped(), at.start(), at.end()));
        if (current < 0 && !matches.isEmpty()) {
            current = 0;
        }
    }

    private void find(List<String> lines, int from) {
        if (query.isEmpty()) {
            return;
        }
        for (int line = from; line < lines.size(); line++) {
            String text = lines.get(line).toLowerCase(Locale.ROOT);
            for (int start = text.indexOf(query); start >= 0; start = text.indexOf(query, start + query.length())) {
                matches.add(new Match(line, start, start + query.length()));
            }
        }
    }

    /** Moves to the next occurrence, from the last back to the first. */
    void next() {
        if (!matches.isEmpty()) {
            current = (current + 1) % matches.size();
        }
    }

    /** Moves to the previous occurrence, from the first back to the last. */
    void previous() {
        if (!matches.isEmpty()) {
            current = (current - 1 + matches.size()) % matches.size();
        }
    }

    /** The occurrence the operator is at, or null. */
    Match current() {
        return current < 0 ? null : matches.get(current);
    }

    /** 1 for the first occurrence; 0 when there is none. */
    int position() {
        return current + 1;
    }

    int count() {
        return matches.size();
    }

    boolean isSearching() {
        return !query.isEmpty();
    }
}
