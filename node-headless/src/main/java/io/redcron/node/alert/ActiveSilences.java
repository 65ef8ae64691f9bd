package io.redcron.node.alert;

import io.redcron.domain.AlertSilence;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The silences in force, read from the database at most every {@link #REFRESH} (every alert is
 * matched against them, and there are few), so that one added from the CLI or the desktop takes
 * hold within seconds. While they cannot be read, the last ones read stay in force, and each one
 * still ends at its time.
 */
final class ActiveSilences {
    static final Duration REFRESH = Duration.ofSeconds(5);
    static final ActiveSilences NONE = new ActiveSilences(now -> List.of(), Clock.systemUTC());
    private static final Logger LOG = LoggerFactory.getLogger(ActiveSilences.class);

    private final Function<Instant, List<AlertSilence>> read;
    private final Clock clock;
    private List<AlertSilence> known = List.of();
    private Instant readAt = Instant.MIN;
    private boolean failing;

    /** @param read the silences active at the instant given */
    ActiveSilences(Function<Instant, List<AlertSilence>> read, Clock clock) {
        this.read = read;
        this.clock = clock;
    }

    /** The silence that silences the alert now, if any. */
    Optional<AlertSilence> matching(Alert alert) {
        Instant now = clock.instant();
        for (AlertSilence silence : current(now)) {
            if (silence.isActive(now) && silence.matches(alert.taskName(), alert.group(), alert.kind().name())) {
                return Optional.of(silence);
            }
        }
        return Optional.empty();
    }

    private synchronized List<AlertSilence> current(Instant now) {
        if (now.isBefore(readAt.plus(REFRESH))) {
            return known;
        }
        readAt = now;
        try {
            known = List.copyOf(read.apply(now));
            failing = false;
        } catch (RuntimeException e) {
            if (!failing) {
                LOG.warn("Alert silences could not be read, the {} read before stay in force: {}", known.size(),
                        e.getMessage());
            }
            failing = true;
        }
        return known;
    }
}
