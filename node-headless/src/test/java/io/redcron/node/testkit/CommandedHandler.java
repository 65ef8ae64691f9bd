package io.redcron.node.testkit;

import io.redcron.handler.TaskContext;
import io.redcron.handler.TaskHandler;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@code java} task handler that runs until a test says how it ends: each attempt waits for the
 * command given to its run ({@link Commands#succeed}, {@link Commands#fail}), or for its stop (a
 * cancel, a timeout, a lost lease). Tasks name their cluster in the setting {@code cluster}, so
 * clusters of tests running side by side never share commands.
 */
public final class CommandedHandler implements TaskHandler {
    public static final String NAME = "redcron-commanded";
    private static final Map<String, Commands> CLUSTERS = new ConcurrentHashMap<>();

    @Override
    public String name() {
        return NAME;
    }

    static Commands commands(String cluster) {
        return CLUSTERS.computeIfAbsent(cluster, name -> new Commands());
    }

    static void forget(String cluster) {
        CLUSTERS.remove(cluster);
    }

    @Override
    public void run(TaskContext context) throws Exception {
        Commands commands = commands(context.settings().get("cluster"));
        CompletableFuture<String> end = commands.begin(context.runId());
        try {
            String failure = end.get();
            if (failure != null) {
                throw new IllegalStateException(failure);
            }
            context.out().print("done");
        } finally {
            commands.ended(context.runId(), end);
        }
    }

    /** The commands of one cluster: per run, how its attempt now executing ends. */
    static final class Commands {
        private final Map<Long, CompletableFuture<String>> executing = new ConcurrentHashMap<>();
        private final AtomicInteger active = new AtomicInteger();

        CompletableFuture<String> begin(long runId) {
            CompletableFuture<String> end = new CompletableFuture<>();
            executing.put(runId, end);
            active.incrementAndGet();
            return end;
        }

        void ended(long runId, CompletableFuture<String> end) {
            executing.remove(runId, end);
            active.decrementAndGet();
        }

        /** Attempts inside the handler now. */
        int active() {
            return active.get();
        }

        boolean isExecuting(long runId) {
            return executing.containsKey(runId);
        }

        boolean succeed(long runId) {
            CompletableFuture<String> end = executing.get(runId);
            return end != null && end.complete(null);
        }

        boolean fail(long runId, String error) {
            CompletableFuture<String> end = executing.get(runId);
            return end != null && end.complete(error);
        }
    }
}
