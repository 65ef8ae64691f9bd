package io.redcron.desktop.ui;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What an action reports when it went well ("3 tasks enabled"), optionally with a link to what it
 * made. Success is news for a short while only: past {@link #QUIET} the notice says how old it is,
 * past {@link #LIFETIME} it is gone, so an old notice is never read as the outcome of a newer click.
 * Whether it shows, and how, is a function of the notice and the time alone.
 *
 * @param link null, or where the link goes
 */
public record Notice(String text, Link link, Instant shownAt) {
    /** How long a notice reads as just happened, without its age. */
    public static final Duration QUIET = Duration.ofSeconds(10);
    /** How long a notice stays at all. */
    public static final Duration LIFETIME = Duration.ofSeconds(60);

    /** A link in a notice: its words, and what following it does (for example, open the runs it started). */
    public record Link(String text, Runnable action) {
        public Link {
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(action, "action");
        }
    }

    public Notice {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(shownAt, "shownAt");
    }

    public static Notice of(String text, Instant shownAt) {
        return new Notice(text, null, shownAt);
    }

    public Notice withLink(String linkText, Runnable action) {
        return new Notice(text, new Link(linkText, action), shownAt);
    }

    public Optional<Link> linkIfAny() {
        return Optional.ofNullable(link);
    }

    /** Whether the notice has stopped being news at {@code now} and is to be taken away. */
    public boolean expiredAt(Instant now) {
        return !now.isBefore(shownAt.plus(LIFETIME));
    }

    /** The age the notice shows at {@code now}; empty while it is still fresh. */
    public Optional<Duration> ageShownAt(Instant now) {
        Duration age = Duration.between(shownAt, now);
        return age.compareTo(QUIET) < 0 ? Optional.empty() : Optional.of(age);
    }

    /** The words shown at {@code now}: "3 tasks enabled", later "3 tasks enabled · 2 min ago". */
    public String textAt(Messages messages, Instant now) {
        return ageShownAt(now).map(age -> messages.get("notice.aged", text, messages.get("time.ago", Ages.of(messages, age))))
                .orElse(text);
    }
}
