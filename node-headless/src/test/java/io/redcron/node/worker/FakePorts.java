package io.redcron.node.worker;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.port.EventBus;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunQueue;
import io.redcron.port.RunStore;
import io.redcron.port.TaskStore;

import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Just enough of the worker's ports, in memory, to drive a worker by hand: every run is claimable
 * by one statement (policy ALLOW), and what the worker writes is kept for the test to read.
 * A port method the worker is not expected to call fails the test.
 */
final class FakePorts {
    final Map<Long, Run> runs = new ConcurrentHashMap<>();
    final Map<Long, Task> tasks = new ConcurrentHashMap<>();
    final List<QueuedRun> waiting = new CopyOnWriteArrayList<>();
    final List<QueuedRun> acked = new CopyOnWriteArrayList<>();
    final List<QueuedRun> enqueued = new CopyOnWriteArrayList<>();
    final List<QueuedRun> dead = new CopyOnWriteArrayList<>();
    final Map<Long, Instant> delayed = new ConcurrentHashMap<>();
    final Map<Long, RunStore.Completion> completed = new ConcurrentHashMap<>();
    final List<Long> handedBack = new CopyOnWriteArrayList<>();
    final List<Long> renewed = new CopyOnWriteArrayList<>();
    final List<EventBus.Event> events = new CopyOnWriteArrayList<>();
    /** Whether this node still owns its runs when it renews their leases. */
    volatile boolean leasesKept = true;

    final RunQueue queue = proxy(RunQueue.class, (name, args) -> switch (name) {
        case "ensureGroups" -> null;
        case "read" -> {
            List<QueuedRun> read = new ArrayList<>(waiting);
            waiting.removeAll(read);
            yield read;
        }
        case "ack" -> acked.addAll(cast(args[0]));
        case "enqueue" -> enqueued.addAll(cast(args[0]));
        case "delay" -> delayed.put(((QueuedRun) args[0]).runId(), (Instant) args[1]);
        case "dead" -> dead.add((QueuedRun) args[0]);
        default -> unexpected(name);
    });

    final RunStore runStore = proxy(RunStore.class, (name, args) -> switch (name) {
        case "get" -> Optional.ofNullable(runs.get((Long) args[0]));
        case "claimAll" -> claimAll(cast(args[0]), (String) args[1], (Instant) args[3]);
        case "markStarted" -> {
            List<Boolean> applied = new ArrayList<>();
            for (RunStore.StartMark mark : this.<RunStore.StartMark>cast(args[1])) {
                applied.add(runs.get(mark.runId()).status() == RunStatus.RUNNING);
            }
            yield applied;
        }
        case "completeAll" -> {
            List<Boolean> applied = new ArrayList<>();
            for (RunStore.Completion completion : this.<RunStore.Completion>cast(args[0])) {
                completed.put(completion.runId(), completion);
                applied.add(true);
            }
            yield applied;
        }
        case "renewLease" -> {
            renewed.add((Long) args[0]);
            yield leasesKept;
        }
        case "handBack" -> {
            handedBack.add((Long) args[0]);
            yield true;
        }
        default -> unexpected(name);
    });

    final TaskStore taskStore = proxy(TaskStore.class, (name, args) -> switch (name) {
        case "getAll" -> {
            Map<Long, Task> found = new HashMap<>();
            for (Long id : this.<Long>cast(args[0])) {
                if (tasks.containsKey(id)) {
                    found.put(id, tasks.get(id));
                }
            }
            yield found;
        }
        case "get" -> Optional.ofNullable(tasks.get((Long) args[0]));
        default -> unexpected(name);
    });

    final EventBus eventBus = proxy(EventBus.class, (name, args) -> switch (name) {
        case "publish" -> events.add((EventBus.Event) args[0]);
        case "publishAll" -> events.addAll(cast(args[0]));
        default -> unexpected(name);
    });

    /** Queues a run waiting in its group's stream. */
    void deliver(Run run) {
        runs.put(run.id(), run);
        waiting.add(QueuedRun.of(run.group(), run.id()));
    }

    private RunStore.BatchClaim claimAll(Collection<Long> ids, String node, Instant leaseUntil) {
        List<Run> claimed = new ArrayList<>();
        for (Long id : ids) {
            Run run = runs.get(id);
            if (run != null && run.status() == RunStatus.QUEUED) {
                Run mine = new Run(run.id(), run.taskId(), run.namespace(), run.taskName(), run.group(), run.trigger(),
                        run.scheduledAt(), RunStatus.RUNNING, run.attempt() + 1, run.maxAttempts(),
                        run.lostAttempts(), node, leaseUntil, run.createdAt(), run.scheduledAt(), null, null, null,
                        null, run.params());
                runs.put(id, mine);
                claimed.add(mine);
            }
        }
        return new RunStore.BatchClaim(claimed, List.of());
    }

    private static Object unexpected(String method) {
        throw new AssertionError("the worker was not expected to call " + method);
    }

    @SuppressWarnings("unchecked")
    private <T> Collection<T> cast(Object collection) {
        return (Collection<T>) collection;
    }

    private interface Handler {
        Object handle(String method, Object[] args);
    }

    private static <T> T proxy(Class<T> port, Handler handler) {
        return port.cast(Proxy.newProxyInstance(port.getClassLoader(), new Class<?>[] {port},
                (self, method, args) -> switch (method.getName()) {
                    case "toString" -> "fake " + port.getSimpleName();
                    case "hashCode" -> System.identityHashCode(self);
                    case "equals" -> self == args[0];
                    default -> handler.handle(method.getName(), args == null ? new Object[0] : args);
                }));
    }
}
