package io.redcron.desktop.queues;

/**
 * One routing group's stream.
 *
 * @param waiting   entries on the stream (delivered or not)
 * @param delivered entries read by a worker and not yet acknowledged
 * @param consumers delivered entries per worker, as text ({@code node-a 2, node-b 1})
 */
public record StreamRow(String group, long waiting, long delivered, String consumers) {
}
