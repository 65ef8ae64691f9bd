package io.redcron.desktop.dashboard;

import java.time.Duration;
import java.time.Instant;

/**
 * The windows the dashboard offers, each with a bucket that gives its charts 60 to 100 points
 * and a tick every sixth of the window.
 */
public enum DashboardSpan {
    HOUR(Duration.ofHours(1), Duration.ofMinutes(1)),
    SIX_HOURS(Duration.ofHours(6), Duration.ofMinutes(5)),
    DAY(Duration.ofHours(24), Duration.ofMinutes(15));

    private final Duration length;
    private final Duration bucket;

    DashboardSpan(Duration length, Duration bucket) {
        this.length = length;
        this.bucket = bucket;
    }

    public Duration length() {
        return length;
    }

    public Duration bucket() {
        return bucket;
    }

    public Duration tick() {
        return length.dividedBy(6);
    }

    /**
     * The end of the window that holds {@code now}: the end of now's bucket, counted from the
     * epoch, so that buckets fall on whole minutes and stay put from one refresh to the next.
     */
    public Instant endAround(Instant now) {
        long size = bucket.toMillis();
        return Instant.ofEpochMilli(Math.floorDiv(now.toEpochMilli(), size) * size + size);
    }
}
