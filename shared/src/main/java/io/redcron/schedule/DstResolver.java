package io.redcron.schedule;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.List;

/**
 * Maps wall-clock fire times to instants as {@link DstRule#FIXED_TIME} promises: a time skipped by a DST
 * gap fires at the end of the gap, a repeated time fires at its first occurrence. The mapping never goes
 * backwards, which lets the search walk local times in order.
 */
final class DstResolver {

    private DstResolver() {
    }

    static Instant toInstant(LocalDateTime local, ZoneId zone) {
        ZoneRules rules = zone.getRules();
        List<ZoneOffset> offsets = rules.getValidOffsets(local);
        if (offsets.isEmpty()) {
            return rules.getTransition(local).getInstant();
        }
        Instant instant = local.toInstant(offsets.get(0));
        for (ZoneOffset offset : offsets) {
            Instant candidate = local.toInstant(offset);
            if (candidate.isBefore(instant)) {
                instant = candidate;
            }
        }
        return instant;
    }

    /** The first local time whose fire could fall strictly after {@code after}. */
    static LocalDateTime firstLocalAfter(Instant after, ZoneId zone) {
        LocalDateTime local = LocalDateTime.ofInstant(after, zone);
        ZoneOffsetTransition overlap = secondPassOf(after, local, zone);
        // In the repeated hour's second pass, the rest of that hour already fired during the first pass.
        return overlap != null ? overlap.getDateTimeBefore() : local.plusSeconds(1);
    }

    /** The last local time whose fire falls at or before {@code atOrBefore}. */
    static LocalDateTime lastLocalAtOrBefore(Instant atOrBefore, ZoneId zone) {
        LocalDateTime local = LocalDateTime.ofInstant(atOrBefore, zone);
        ZoneOffsetTransition overlap = secondPassOf(atOrBefore, local, zone);
        // Every wall time of the repeated hour fired in its first pass, which is already behind us.
        return overlap != null ? overlap.getDateTimeBefore().minusSeconds(1) : local;
    }

    private static ZoneOffsetTransition secondPassOf(Instant instant, LocalDateTime local, ZoneId zone) {
        ZoneRules rules = zone.getRules();
        ZoneOffsetTransition transition = rules.getTransition(local);
        if (transition != null && transition.isOverlap() && !instant.isBefore(transition.getInstant())) {
            return transition;
        }
        return null;
    }
}
