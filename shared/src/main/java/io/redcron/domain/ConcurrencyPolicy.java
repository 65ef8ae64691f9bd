package io.redcron.domain;

/** What happens when a fire finds a run of the same task still in flight, anywhere in the cluster. */
public enum ConcurrencyPolicy {
    /** Runs overlap freely. */
    ALLOW,
    /** The new fire is recorded as SKIPPED. */
    FORBID,
    /** The running one is cancelled, then the new one starts. */
    REPLACE;

    public static ConcurrencyPolicy parse(String text) {
        return Enums.parse(ConcurrencyPolicy.class, "concurrency", text);
    }
}
