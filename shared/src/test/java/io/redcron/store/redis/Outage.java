package io.redcron.store.redis;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;

/** Prints how long writes failed around a forced failover, for the figures in docs/SCALING.md. */
final class Outage {
    private static final Logger LOG = LoggerFactory.getLogger(Outage.class);

    private Outage() {
    }

    static void report(String event, long startedNanos) {
        Duration took = Duration.ofNanos(System.nanoTime() - startedNanos);
        LOG.info("[measured] {}: first write accepted {} ms after the event began", event, took.toMillis());
    }
}
