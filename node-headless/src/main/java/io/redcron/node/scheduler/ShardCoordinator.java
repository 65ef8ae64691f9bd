package io.redcron.node.scheduler;

import io.redcron.domain.NodeInfo;
import io.redcron.domain.NodeRole;
import io.redcron.domain.Run;
import io.redcron.domain.Sharding;
import io.redcron.domain.Task;
import io.redcron.port.EventBus;
import io.redcron.port.FencedOutException;
import io.redcron.port.NodeRegistry;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunQueue;
import io.redcron.port.SchedulerStore;
import io.redcron.port.ShardedRuns;
import io.redcron.port.ShardedRuns.Split;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The leader's duty for sharded fires: splits each due parent into its shards (as many as the
 * task asks, or one per live worker of its group at that moment) and queues them, and ends each
 * split parent once its shards have all ended. Everything it knows is in MySQL, so a new leader
 * goes on where the last one stopped: a split is made once under the parent's lock, a settlement
 * once under its status, and shards recorded but not queued (a crash between the commit and the
 * queue) are queued by the reconciler, like any queued run no stream holds.
 */
final class ShardCoordinator {
    private static final Logger LOG = LoggerFactory.getLogger(ShardCoordinator.class);
    /** Parents read per pass; more wait for the next pass. */
    static final int PARENTS_PER_PASS = 500;

    private final String namespace;
    private final ShardedRuns sharded;
    private final SchedulerStore store;
    private final NodeRegistry registry;
    private final RunQueue queue;
    private final EventBus events;
    /** Where the next pass reads on: the task after which the last full read stopped. */
    private long afterTaskId;

    ShardCoordinator(String namespace, ShardedRuns sharded, SchedulerStore store, NodeRegistry registry,
                     RunQueue queue, EventBus events) {
        this.namespace = namespace;
        this.sharded = sharded;
        this.store = store;
        this.registry = registry;
        this.queue = queue;
        this.events = events;
    }

    /** One pass under the leader's {@code epoch}; returns how many parents were split or ended. */
    int run(long epoch, Instant now) {
        List<Run> parents = sharded.parents(namespace, now, afterTaskId, PARENTS_PER_PASS);
        // A full read goes on after its last task next time (a task with more parents than a read
        // gets its earliest ones now, the rest when the pages come round); a short one starts over.
        afterTaskId = parents.size() < PARENTS_PER_PASS ? 0 : parents.get(parents.size() - 1).taskId();
        if (parents.isEmpty()) {
            return 0;
        }
        List<Run> unsplit = parents.stream().filter(parent -> parent.shardTotal() == 0).toList();
        Map<Long, Task> tasks = unsplit.isEmpty() ? Map.of()
                : store.tasks(unsplit.stream().map(Run::taskId).distinct().toList());
        List<NodeInfo> nodes = unsplit.isEmpty() ? List.of() : registry.list();
        int handled = 0;
        for (Run parent : parents) {
            try {
                handled += parent.shardTotal() == 0 ? split(epoch, parent, tasks.get(parent.taskId()), nodes, now)
                        : settle(epoch, parent, now);
            } catch (FencedOutException e) {
                throw e;
            } catch (RuntimeException e) {
                // One parent failing must not hold the others back; it is tried again next pass.
                LOG.warn("Sharded run {} of task '{}' could not be {}: {}", parent.id(), parent.taskName(),
                        parent.shardTotal() == 0 ? "split" : "settled", e.getMessage());
            }
        }
        return handled;
    }

    private int split(long epoch, Run parent, Task task, List<NodeInfo> nodes, Instant now) {
        // A task deleted meanwhile, or no longer sharded, still has this fire: one shard at least,
        // and the store ends the parent of a deleted task instead of splitting it.
        Sharding sharding = task == null ? Sharding.NONE : task.sharding();
        int shards = sharding.shardsFor(liveWorkers(nodes, parent.group()));
        Split split = sharded.split(namespace, epoch, parent.id(), shards, now);
        // Replace: the earlier fires' running shards were marked; their nodes stop them sooner so.
        for (Run stopping : split.stopping()) {
            events.publish(new EventBus.Event(EventBus.Event.Kind.CANCEL_RUN, stopping.id()));
        }
        if (split.outcome() == Split.Outcome.SPLIT) {
            // Should this fail, the shards are QUEUED in MySQL and the reconciler queues them.
            queue.enqueue(split.shards().stream().map(shard -> QueuedRun.of(shard.group(), shard.id())).toList());
            return 1;
        }
        return split.outcome() == Split.Outcome.ENDED ? 1 : 0;
    }

    private int settle(long epoch, Run parent, Instant now) {
        return sharded.settle(namespace, epoch, parent.id(), now).isPresent() ? 1 : 0;
    }

    /** The live worker nodes whose heartbeat lists the group. */
    static int liveWorkers(List<NodeInfo> nodes, String group) {
        int count = 0;
        for (NodeInfo node : nodes) {
            if (node.roles().contains(NodeRole.WORKER) && node.groups().contains(group)) {
                count++;
            }
        }
        return count;
    }
}
