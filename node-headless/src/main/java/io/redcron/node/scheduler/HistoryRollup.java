package io.redcron.node.scheduler;

import io.redcron.store.mysql.MysqlHistoryRollup;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * The leader's upkeep of the dashboard's per-minute figures: passes of {@link MysqlHistoryRollup}
 * until it has caught up with the runs that ended, or for at most {@code budget} each time, on a
 * duty thread of its own so that the scheduler's passes never wait for it. Only a leader rolls up;
 * a second one (of another namespace, or an old leader not yet stopped) would only wait for the
 * first one's pass, as each pass locks the rollup's mark.
 */
public final class HistoryRollup implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(HistoryRollup.class);

    private final MysqlHistoryRollup rollup;
    private final BooleanSupplier leading;
    private final Clock clock;
    private final Duration budget;

    public HistoryRollup(MysqlHistoryRollup rollup, BooleanSupplier leading, Clock clock, Duration budget) {
        this.rollup = rollup;
        this.leading = leading;
        this.clock = clock;
        this.budget = budget;
    }

    @Override
    public void run() {
        if (!leading.getAsBoolean()) {
            return;
        }
        long started = System.nanoTime();
        MysqlHistoryRollup.Pass pass;
        do {
            pass = rollup.rollUp(clock.instant());
        } while (!pass.caughtUp() && System.nanoTime() - started < budget.toNanos() && leading.getAsBoolean());
        if (!pass.caughtUp()) {
            LOG.debug("History rollup behind: through run {}, more next time", pass.throughId());
        }
    }
}
