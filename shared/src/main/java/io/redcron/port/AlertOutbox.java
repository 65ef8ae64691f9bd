package io.redcron.port;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Alerts waiting to be delivered, kept where every node can reach them, so that an alert outlives
 * the node that raised it. Delivery is at least once: a node claims a due alert for a lease, and
 * a node that dies holding a claim leaves the alert to be claimed again once the lease ran out.
 * Each verb that finishes or postpones a claim is fenced by it: it does nothing (and says so)
 * once the claim is no longer the alert's latest.
 */
public interface AlertOutbox {

    /**
     * Adds an alert, due at once, unless the namespace already holds one with its dedupe key.
     *
     * @return whether it was added (false: the same occurrence was there already)
     */
    boolean add(String namespace, NewAlert alert);

    /**
     * Claims up to {@code limit} alerts of the namespace that are due at {@code now}, oldest due
     * first, for {@code node} until {@code now + lease}. Each claim counts as one attempt. Alerts
     * another node holds an unexpired claim on are left alone; of two nodes claiming at once,
     * one gets each alert.
     */
    List<ClaimedAlert> claimDue(String namespace, String node, Instant now, Duration lease, int limit);

    /** The alert went out to every target that could take it; {@code note} (may be null) says what did not. */
    boolean markDelivered(ClaimedAlert claim, Instant at, String note);

    /**
     * Releases the claim and makes the alert due again at {@code nextAttemptAt}; the next claim
     * sends only to targets not in {@code settledTargets}.
     */
    boolean retryLater(ClaimedAlert claim, Set<String> settledTargets, String error, Instant nextAttemptAt);

    /** Stops trying: the alert stays, marked given up with the reason, and is never claimed again. */
    boolean giveUp(ClaimedAlert claim, String error, Instant at);

    /**
     * Deletes up to {@code limit} alerts of the namespace delivered or given up before
     * {@code before}.
     *
     * @return how many were deleted
     */
    int purgeFinished(String namespace, Instant before, int limit);

    /**
     * An alert to keep until delivered.
     *
     * @param dedupeKey one occurrence of the alert, at most {@value #MAX_KEY_LENGTH} characters
     * @param payload   the alert as the node reads it back (JSON); the outbox does not look inside
     */
    record NewAlert(String dedupeKey, String kind, Long taskId, Long runId, String payload, Instant createdAt) {
        public static final int MAX_KEY_LENGTH = 191;

        public NewAlert {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(payload, "payload");
            Objects.requireNonNull(createdAt, "createdAt");
            if (dedupeKey == null || dedupeKey.isEmpty() || dedupeKey.length() > MAX_KEY_LENGTH) {
                throw new IllegalArgumentException("dedupeKey: must have 1 to " + MAX_KEY_LENGTH + " characters");
            }
        }
    }

    /**
     * An alert claimed by one node.
     *
     * @param attempt        this claim's number: 1 for the first
     * @param settledTargets targets that earlier attempts served or gave up; they get nothing more
     */
    record ClaimedAlert(long id, String namespace, String dedupeKey, String kind, Long taskId, Long runId,
                        String payload, Instant createdAt, int attempt, Set<String> settledTargets, String claimedBy,
                        Instant claimedUntil) {
        public ClaimedAlert {
            settledTargets = Set.copyOf(settledTargets);
        }
    }
}
