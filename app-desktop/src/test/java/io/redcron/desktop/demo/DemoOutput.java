package io.redcron.desktop.demo;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** The output a long run prints as it goes: a search reindex, batch after batch, with a few warnings. */
final class DemoOutput {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneOffset.UTC);
    private static final int BATCHES = 121;

    private DemoOutput() {
    }

    /** Chunks of output, a few lines each, as a worker sends them, from {@code start} until {@code now}. */
    static List<String> reindexing(Instant start, Instant now) {
        Random random = new Random(7);
        List<String> lines = new ArrayList<>();
        Instant at = start.plusMillis(400);
        lines.add(line(at, "INFO ", "reindex products: source catalogue@pg-main, target index products-v2"));
        lines.add(line(at.plusMillis(30), "INFO ", "mapping products-v2 created (shards=6, replicas=1)"));
        long span = Math.max(Duration.between(start, now).toMillis() - 2_000, 60_000);
        int done = Math.min(BATCHES - 1, (int) (BATCHES * 0.8));
        for (int batch = 1; batch <= done; batch++) {
            at = start.plusMillis(1_000 + span * batch / (done + 1));
            int first = (batch - 1) * 1000 + 1;
            lines.add(line(at, "INFO ", String.format("batch %d/%d: products %,d-%,d read in %d ms", batch, BATCHES,
                    first, first + 999, 40 + random.nextInt(90))));
            lines.add(line(at.plusMillis(300), "INFO ", String.format("batch %d/%d: indexed 1,000 docs in %d ms (bulk, %d MB)",
                    batch, BATCHES, 600 + random.nextInt(700), 3 + random.nextInt(3))));
            if (batch % 37 == 0) {
                lines.add(line(at.plusMillis(320), "WARN ", String.format("batch %d/%d: 2 products without a price, indexed"
                        + " as unavailable (sku %d, %d)", batch, BATCHES, 400000 + random.nextInt(99999),
                        400000 + random.nextInt(99999))));
            }
            if (batch % 50 == 0) {
                lines.add(line(at.plusMillis(340), "WARN ", "bulk rejected 3 docs (es_rejected_execution_exception), retrying in 2 s"));
                lines.add(line(at.plusMillis(2_400), "INFO ", "retry ok: 3 docs indexed"));
            }
        }
        lines.add(line(now.minusMillis(800), "INFO ", String.format("progress: %d/%d batches, %,d products, eta %d min",
                done, BATCHES, done * 1000, Math.max(1, (BATCHES - done) * span / done / 60_000))));
        List<String> chunks = new ArrayList<>();
        for (int from = 0; from < lines.size(); from += 8) {
            chunks.add(String.join("", lines.subList(from, Math.min(lines.size(), from + 8))));
        }
        return chunks;
    }

    private static String line(Instant at, String level, String text) {
        return TIME.format(at) + " " + level + text + "\n";
    }
}
