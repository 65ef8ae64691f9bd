package io.redcron.chaos;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/** How much of one core a node used since the watch started: 1.0 is a core kept busy the whole time. */
final class CpuWatch {
    private final NodeProcess node;
    private final Optional<Duration> cpuAtStart;
    private final long startNanos;

    private CpuWatch(NodeProcess node) {
        this.node = node;
        this.cpuAtStart = node.cpuTime();
        this.startNanos = System.nanoTime();
    }

    static CpuWatch start(NodeProcess node) {
        return new CpuWatch(node);
    }

    /** Empty when the node was not running at the start or is not any more. */
    OptionalDouble shareOfACore() {
        long elapsed = System.nanoTime() - startNanos;
        Optional<Duration> now = node.cpuTime();
        if (cpuAtStart.isEmpty() || now.isEmpty()) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of((double) now.get().minus(cpuAtStart.get()).toNanos() / elapsed);
    }

    static String percent(OptionalDouble share) {
        return share.isPresent() ? String.format(Locale.ROOT, "%.0f%% of a core", 100 * share.getAsDouble())
                : "nothing (not running)";
    }
}
