package io.redcron.desktop.workflows;

import io.redcron.desktop.ui.Messages;
import io.redcron.domain.Identifiers;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Parameters as the operator types them: one {@code key=value} per line. Blank lines and lines
 * that start with {@code #} are left out; a value may itself contain {@code =}. A line that is not
 * a parameter is refused, naming its number.
 */
public final class ParamLines {
    private ParamLines() {
    }

    /** What the text comes to: the parameters in the order typed, or the first problem. */
    public record Parsed(Map<String, String> params, String error) {
        public boolean ok() {
            return error == null;
        }
    }

    public static Parsed parse(String text, Messages messages) {
        Map<String, String> params = new LinkedHashMap<>();
        if (text == null || text.isBlank()) {
            return new Parsed(params, null);
        }
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int equals = line.indexOf('=');
            if (equals < 0) {
                return new Parsed(Map.of(), messages.get("workflows.params.error.line", i + 1, line));
            }
            String key = line.substring(0, equals).strip();
            String value = line.substring(equals + 1).strip();
            if (!Identifiers.isParameterName(key)) {
                return new Parsed(Map.of(), messages.get("workflows.params.error.name", i + 1, key));
            }
            if (params.putIfAbsent(key, value) != null) {
                return new Parsed(Map.of(), messages.get("workflows.params.error.twice", i + 1, key));
            }
        }
        return new Parsed(params, null);
    }

    /** The parameters as lines, by name, for a form to show. */
    public static String format(Map<String, String> params) {
        return new TreeMap<>(params).entrySet().stream().map(entry -> entry.getKey() + "=" + entry.getValue())
                .collect(Collectors.joining("\n"));
    }
}
