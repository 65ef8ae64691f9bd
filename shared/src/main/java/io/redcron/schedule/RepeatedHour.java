package io.redcron.schedule;

import java.time.ZonedDateTime;
import java.time.zone.ZoneOffsetTransition;
import java.util.Optional;

/** Tells a fire in the second pass of a repeated hour from one in the first, for showing fire times to people. */
public final class RepeatedHour {

    private RepeatedHour() {
    }

    /**
     * The change that set the clocks back, when {@code time} is the second occurrence of its wall-clock
     * time; empty for every other time.
     */
    public static Optional<ZoneOffsetTransition> secondPassOf(ZonedDateTime time) {
        ZoneOffsetTransition transition = time.getZone().getRules().getTransition(time.toLocalDateTime());
        boolean secondPass = transition != null && transition.isOverlap()
                && time.getOffset().equals(transition.getOffsetAfter());
        return secondPass ? Optional.of(transition) : Optional.empty();
    }
}
