package io.redcron.desktop.runs;

import io.redcron.desktop.ui.Messages;
import io.redcron.domain.Run;
import io.redcron.port.Page;
import io.redcron.port.RunFilter;

import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * Runs the first page would show above the newest run on screen. A periodic refresh does not
 * insert them: a row would move under the operator's cursor, and a click land on another run.
 * It counts them instead, and the screen announces them until the operator asks to see them.
 *
 * @param atLeast the store stopped counting: at least {@code count} runs are new
 */
record NewRuns(long count, boolean atLeast) {
    static final NewRuns NONE = new NewRuns(0, false);

    /** The runs {@code filter} passes that were scheduled after {@code newest}: a count of them reads only those. */
    static RunFilter after(RunFilter filter, Run newest) {
        Instant later = newest.scheduledAt().plusMillis(1); // the stores keep times to the millisecond
        return filter.between(filter.from() == null || filter.from().isBefore(later) ? later : filter.from(), filter.to());
    }

    /**
     * The runs {@code filter} passes scheduled in the same millisecond as {@code newest}: two tasks
     * often fire at the same moment, and one recorded later sorts above it (by id).
     */
    static RunFilter sameMoment(RunFilter filter, Run newest) {
        Instant at = newest.scheduledAt();
        Instant end = at.plusMillis(1);
        return filter.between(filter.from() == null || filter.from().isBefore(at) ? at : filter.from(),
                filter.to() == null || filter.to().isAfter(end) ? end : filter.to());
    }

    /**
     * @param later      the page of {@link #after}, for its total
     * @param sameMoment the runs of {@link #sameMoment}
     * @param shown      the ids of the runs on screen
     */
    static NewRuns of(Page<Run> later, List<Run> sameMoment, Run newest, Set<Long> shown) {
        long ties = sameMoment.stream().filter(run -> run.id() > newest.id() && !shown.contains(run.id())).count();
        return new NewRuns(later.total() + ties, later.totalIsLowerBound());
    }

    boolean any() {
        return count > 0;
    }

    /** "12 new runs", "at least 10,000"; empty when there are none. */
    String text(Messages messages) {
        if (!any()) {
            return "";
        }
        return messages.get(atLeast ? "runs.new.atLeast" : "runs.new.count", count);
    }
}
