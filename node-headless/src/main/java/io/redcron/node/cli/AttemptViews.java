package io.redcron.node.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.domain.Durations;
import io.redcron.domain.PastAttempt;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;

/**
 * How {@code runs show} lists a run's earlier attempts (those a retry, a lost lease or a drain
 * ended): the run's own fields are its latest attempt.
 */
final class AttemptViews {
    private AttemptViews() {
    }

    static ArrayNode json(List<PastAttempt> attempts) {
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        for (PastAttempt attempt : attempts) {
            ObjectNode doc = array.addObject();
            doc.put("attempt", attempt.attempt());
            doc.put("node", attempt.node());
            doc.put("startedAt", RunViews.time(attempt.startedAt()));
            doc.put("finishedAt", RunViews.time(attempt.finishedAt()));
            doc.put("ended", attempt.ending().name());
            if (attempt.exitCode() == null) {
                doc.putNull("exitCode");
            } else {
                doc.put("exitCode", attempt.exitCode());
            }
            doc.put("error", attempt.error());
            doc.put("outputTail", attempt.outputTail());
            doc.put("nextAttemptAt", RunViews.time(attempt.nextAttemptAt()));
        }
        return array;
    }

    /** A table of the earlier attempts, then each one's error; nothing when there were none. */
    static void text(PrintWriter out, List<PastAttempt> attempts) {
        if (attempts.isEmpty()) {
            return;
        }
        out.println("Earlier attempts:");
        Table table = new Table("#", "NODE", "STARTED", "ENDED", "HOW", "EXIT", "NEXT AFTER");
        for (PastAttempt attempt : attempts) {
            table.row(Integer.toString(attempt.attempt()), attempt.node(), RunViews.time(attempt.startedAt()),
                    RunViews.time(attempt.finishedAt()), attempt.ending().name(),
                    attempt.exitCode() == null ? null : attempt.exitCode().toString(), backoff(attempt));
        }
        table.print(out);
        for (PastAttempt attempt : attempts) {
            if (attempt.error() != null && !attempt.error().isEmpty()) {
                out.println("Attempt " + attempt.attempt() + " error: " + TerminalText.cell(attempt.error()));
            }
        }
    }

    /** The wait between the attempt's end and the next one's due time. */
    private static String backoff(PastAttempt attempt) {
        if (attempt.nextAttemptAt() == null) {
            return null;
        }
        Duration wait = Duration.between(attempt.finishedAt(), attempt.nextAttemptAt());
        return wait.isNegative() || wait.isZero() ? "at once" : Durations.format(wait);
    }
}
