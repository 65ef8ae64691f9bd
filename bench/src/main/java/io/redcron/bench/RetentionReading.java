package io.redcron.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * What a node's {@code /metrics} said about retention at one moment (its {@code RetentionMetrics}):
 * the runs purged since it started, the stretch of scheduled time its running sweep has yet to
 * walk, and the age of the oldest run kept as of its last finished sweep. A figure the page did
 * not carry is NaN.
 */
record RetentionReading(double runsPurged, double backlogSeconds, double oldestRunAgeSeconds) {
    static final String PURGED = "redcron_history_purged_total";
    static final String BACKLOG = "redcron_history_purge_backlog_seconds";
    static final String OLDEST = "redcron_history_oldest_run_age_seconds";
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    /** Asks the node on {@code port} of the loopback address. */
    static RetentionReading scrape(int port) {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                .timeout(Duration.ofSeconds(5)).build();
        try {
            HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("the node's /metrics answered " + response.statusCode());
            }
            return parse(response.body());
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the node's /metrics: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** From the Prometheus text format: the first sample of each metric, the purged runs by {@code what="runs"}. */
    static RetentionReading parse(String page) {
        return new RetentionReading(sample(page, PURGED, "what=\"runs\""), sample(page, BACKLOG, ""),
                sample(page, OLDEST, ""));
    }

    private static double sample(String page, String metric, String label) {
        return page.lines()
                .filter(line -> !line.startsWith("#"))
                .filter(line -> line.startsWith(metric + "{") || line.startsWith(metric + " "))
                .filter(line -> line.contains(label))
                .map(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .findFirst().orElse(Double.NaN);
    }
}
