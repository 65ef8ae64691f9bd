package io.redcron.node.alert;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.TreeMap;

/**
 * The JSON body of a webhook request and the text of an alert e-mail. The format is documented
 * in docs/ALERTS.md and versioned: fields are only ever added.
 */
public final class AlertPayload {
    public static final int VERSION = 1;
    private static final ObjectMapper JSON = new ObjectMapper();

    private AlertPayload() {
    }

    /**
     * @param suppressed alerts of the same kind and subject held back for this target since the
     *                   previous one (by the rate limit); this one sums them up when greater than 0
     */
    public static String json(Alert alert, String namespace, String reportedBy, int suppressed) {
        ObjectNode root = JSON.createObjectNode();
        root.put("version", VERSION);
        root.put("kind", alert.kind().name());
        root.put("title", title(alert, namespace));
        root.put("namespace", namespace);
        root.put("at", alert.at().toString());
        root.put("reportedBy", reportedBy);
        if (alert.taskId() != null) {
            root.putObject("task").put("id", alert.taskId()).put("name", alert.taskName());
        }
        if (alert.runId() != null) {
            root.put("runId", alert.runId());
        }
        if (alert.node() != null) {
            root.put("node", alert.node());
        }
        root.put("message", alert.message());
        ObjectNode details = root.putObject("details");
        new TreeMap<>(alert.details()).forEach(details::put);
        root.put("suppressed", suppressed);
        return root.toString();
    }

    /** One line, e.g. {@code [redcron default] run failed: backup (run 42)}. */
    public static String title(Alert alert, String namespace) {
        String about = alert.taskId() != null ? alert.taskName() + (alert.runId() == null ? "" : " (run " + alert.runId() + ")")
                : alert.node();
        return "[redcron " + namespace + "] " + alert.kind().title() + ": " + about;
    }

    public static String text(Alert alert, String namespace, String reportedBy, int suppressed) {
        StringBuilder out = new StringBuilder();
        out.append(title(alert, namespace)).append("\n\n").append(alert.message()).append("\n\n");
        out.append("when:        ").append(DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(alert.at().atOffset(ZoneOffset.UTC))).append('\n');
        out.append("namespace:   ").append(namespace).append('\n');
        out.append("reported by: ").append(reportedBy).append('\n');
        new TreeMap<>(alert.details()).forEach((key, value) -> out.append(key).append(": ").append(value).append('\n'));
        if (suppressed > 0) {
            out.append('\n').append(suppressed).append(" more alert(s) like this one were held back by the rate limit.\n");
        }
        return out.toString();
    }
}
