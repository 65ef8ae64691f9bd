package io.redcron.node.alert;

import io.redcron.config.AlertConfig;
import io.redcron.domain.AlertTarget;
import io.redcron.port.AlertOutbox;
import io.redcron.port.AlertOutbox.ClaimedAlert;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import io.redcron.domain.AlertSilence;

/**
 * One delivery attempt of one claimed alert: to each of its targets not settled by an earlier
 * attempt, through the rate limit on the first attempt; then the outbox is told what became of
 * it. A target that failed in a way worth retrying gets the next attempt, after 1×, 2×, 4×…
 * {@code firstBackoff} (at most 5 min), until its channel's attempts are used up.
 */
final class AlertDelivery {
    private static final Logger LOG = LoggerFactory.getLogger(AlertDelivery.class);
    private static final Duration MAX_BACKOFF = Duration.ofMinutes(5);
    private static final int EMAIL_ATTEMPTS = 3;

    private final AlertOutbox outbox;
    private final AlertConfig config;
    private final AlertRoutes routes;
    private final ActiveSilences silences;
    private final AlertRateLimiter limiter;
    private final Map<Class<? extends AlertTarget>, Channel> channels;
    private final AlertMetrics metrics;
    private final Clock clock;
    private final Duration firstBackoff;

    AlertDelivery(AlertOutbox outbox, AlertConfig config, AlertRoutes routes, ActiveSilences silences,
                  AlertRateLimiter limiter, Map<Class<? extends AlertTarget>, Channel> channels, AlertMetrics metrics,
                  Clock clock, Duration firstBackoff) {
        this.outbox = outbox;
        this.config = config;
        this.routes = routes;
        this.silences = silences;
        this.limiter = limiter;
        this.channels = Map.copyOf(channels);
        this.metrics = metrics;
        this.clock = clock;
        this.firstBackoff = firstBackoff;
    }

    void deliver(ClaimedAlert claim) {
        StoredAlert stored;
        try {
            stored = StoredAlert.parse(claim.payload());
        } catch (IllegalArgumentException e) {
            unreadable(claim, e.getMessage());
            return;
        }
        aboutItsRun(stored.alert(), () -> attempt(claim, stored));
    }

    private void attempt(ClaimedAlert claim, StoredAlert stored) {
        Alert alert = routes.complete(stored.alert());
        Optional<AlertSilence> silence = silences.matching(alert);
        if (silence.isPresent()) {
            silenced(claim, alert, silence.get());
            return;
        }
        Attempt attempt = new Attempt(claim.settledTargets());
        AlertRoutes.Routes routed = routes.of(alert);
        for (AlertTarget target : routed.refused()) {
            // Counted and logged once per alert, not per retry nor again for its summary.
            if (!stored.isSummary() && attempt.settle(target)) {
                routes.refused(alert, target);
            }
        }
        for (AlertTarget target : routed.allowed()) {
            String key = AlertRoutes.key(target);
            if (attempt.settled.contains(key) || (stored.isSummary() && !key.equals(stored.onlyTarget()))) {
                continue;
            }
            int suppressed = stored.suppressed();
            if (claim.attempt() == 1 && !stored.isSummary()) {
                // Retries are not rate-limited: the first attempt was let through, or held back for good.
                AlertRateLimiter.Admission admission = limiter.admit(
                        new AlertRateLimiter.Key(target.text(), alert.subject(), alert.kind()), alert, clock.instant());
                if (!admission.send()) {
                    metrics.suppressed();
                    attempt.settle(target);
                    attempt.heldBack++;
                    continue;
                }
                suppressed = admission.suppressedBefore();
            }
            send(claim.attempt(), target, alert, suppressed, attempt);
        }
        finish(claim, alert, attempt);
    }

    private void send(int number, AlertTarget target, Alert alert, int suppressed, Attempt attempt) {
        Channel channel = channels.get(target.getClass());
        if (channel == null) {
            LOG.warn("{} alert for {} not sent to {}: no SMTP server is configured (alerts.smtp.host)",
                    alert.kind(), alert.subject(), target.redacted());
            metrics.failed("email");
            attempt.failed(target, "no SMTP server is configured");
            return;
        }
        int attempts = channel instanceof EmailChannel ? EMAIL_ATTEMPTS : config.webhookAttempts();
        try {
            channel.send(target, alert, suppressed);
            metrics.sent(channel.name());
            attempt.settle(target);
            attempt.delivered++;
            LOG.debug("{} alert for {} sent to {}", alert.kind(), alert.subject(), target.redacted());
        } catch (DeliveryException e) {
            if (e.retryable() && number < attempts) {
                LOG.info("{} alert for {} not delivered ({}); attempt {} of {} in {} ms", alert.kind(), alert.subject(),
                        e.getMessage(), number + 1, attempts, backoff(number).toMillis());
                attempt.pending(e.getMessage());
            } else {
                LOG.warn("{} alert for {} given up after {} attempt(s): {}", alert.kind(), alert.subject(), number,
                        e.getMessage());
                metrics.failed(channel.name());
                attempt.failed(target, e.getMessage());
            }
        } catch (RuntimeException e) {
            LOG.warn("{} alert for {} to {} failed: {}", alert.kind(), alert.subject(), target.redacted(),
                    e.getClass().getSimpleName());
            metrics.failed(channel.name());
            attempt.failed(target, target.redacted() + ": " + e.getClass().getSimpleName());
        }
    }

    /** Tells the outbox: try the pending targets again later, or done (delivered, or given up when nothing went out). */
    private void finish(ClaimedAlert claim, Alert alert, Attempt attempt) {
        Instant now = clock.instant();
        boolean recorded;
        if (attempt.pending > 0) {
            recorded = outbox.retryLater(claim, attempt.settled, attempt.lastError, now.plus(backoff(claim.attempt())));
        } else if (attempt.failures > 0 && attempt.delivered == 0 && attempt.heldBack == 0) {
            recorded = outbox.giveUp(claim, attempt.lastError, now);
        } else {
            recorded = outbox.markDelivered(claim, now, attempt.failures > 0 ? attempt.lastError : null);
        }
        if (!recorded) {
            LOG.info("{} alert for {}: its claim ran out while it was being delivered; another node has it now",
                    alert.kind(), alert.subject());
        }
    }

    /**
     * Not sent: recorded as done, with the silence that held it back, and never tried again (a
     * silence ended later does not bring it back). Before the rate limit, so it counts no window.
     */
    private void silenced(ClaimedAlert claim, Alert alert, AlertSilence silence) {
        metrics.silenced(alert.kind().name());
        LOG.debug("{} alert for {} silenced by silence {} ({}) until {}", alert.kind(), alert.subject(), silence.id(),
                silence.scope(), silence.until());
        outbox.markDelivered(claim, clock.instant(), "silenced by silence " + silence.id() + " (" + silence.scope()
                + ") until " + silence.until());
    }

    /** Written by a node that knows more (a newer version during an upgrade): left for it, then given up. */
    private void unreadable(ClaimedAlert claim, String reason) {
        int attempts = Math.max(config.webhookAttempts(), EMAIL_ATTEMPTS);
        Instant now = clock.instant();
        if (claim.attempt() < attempts) {
            outbox.retryLater(claim, claim.settledTargets(), reason, now.plus(backoff(claim.attempt())));
        } else {
            LOG.warn("{} alert {} given up: {}", claim.kind(), claim.dedupeKey(), reason);
            outbox.giveUp(claim, reason, now);
        }
    }

    private Duration backoff(int attempt) {
        Duration wait = firstBackoff.multipliedBy(1L << Math.min(attempt - 1, 20));
        return wait.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : wait;
    }

    /** Log lines about an alert for a run carry the run's id, as the worker's lines do. */
    private static void aboutItsRun(Alert alert, Runnable work) {
        if (alert.runId() == null) {
            work.run();
            return;
        }
        MDC.put("runId", alert.runId().toString());
        try {
            work.run();
        } finally {
            MDC.remove("runId");
        }
    }

    /** What one attempt did to each target. */
    private static final class Attempt {
        final Set<String> settled;
        int delivered;
        int heldBack;
        int failures;
        int pending;
        String lastError;

        Attempt(Set<String> settledBefore) {
            this.settled = new HashSet<>(settledBefore);
        }

        /** @return whether the target was not settled yet */
        boolean settle(AlertTarget target) {
            return settled.add(AlertRoutes.key(target));
        }

        void failed(AlertTarget target, String error) {
            settle(target);
            failures++;
            lastError = error;
        }

        void pending(String error) {
            pending++;
            lastError = error;
        }
    }
}
