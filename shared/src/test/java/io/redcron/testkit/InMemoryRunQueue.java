package io.redcron.testkit;

import io.redcron.port.Dispatch;
import io.redcron.port.QueueInspector;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunQueue;
import io.redcron.testkit.Keyspace.Delivery;
import io.redcron.testkit.Keyspace.Stream;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The run queue in memory, with the semantics of the Redis streams: one stream per group read by
 * one consumer group, at-least-once delivery, entries pending for their consumer until
 * acknowledged, a delayed set for retries, and a dead list. Idle times are judged by the kit's
 * clock, so a test moves them on by hand. A read that finds nothing waits up to its block time
 * (in real time) for an enqueue, as {@code XREADGROUP BLOCK} does.
 */
public final class InMemoryRunQueue implements RunQueue {
    private final Keyspace keyspace;

    InMemoryRunQueue(Keyspace keyspace) {
        this.keyspace = keyspace;
    }

    @Override
    public void dispatch(Dispatch dispatch) {
        synchronized (keyspace) {
            add(dispatch.enqueue());
            for (Dispatch.Advance advance : dispatch.advance()) {
                // Only an entry that still holds the planned time moves on: a newer plan wins.
                Instant current = keyspace.schedule.get(advance.taskId());
                if (current != null && current.toEpochMilli() == advance.due().toEpochMilli()) {
                    if (advance.next() == null) {
                        keyspace.schedule.remove(advance.taskId());
                    } else {
                        keyspace.schedule.put(advance.taskId(), advance.next());
                    }
                }
            }
        }
    }

    @Override
    public void enqueue(Collection<QueuedRun> runs) {
        synchronized (keyspace) {
            add(runs);
        }
    }

    @Override
    public List<QueuedRun> read(String consumer, Set<String> groups, int count, Duration block) {
        long waitUntil = System.nanoTime() + Math.max(0, block.toNanos());
        synchronized (keyspace) {
            while (true) {
                List<QueuedRun> read = readNow(consumer, groups, count);
                long left = waitUntil - System.nanoTime();
                if (!read.isEmpty() || left <= 0) {
                    return read;
                }
                try {
                    keyspace.wait(Math.max(1, left / 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return read;
                }
            }
        }
    }

    /** Like {@code XREADGROUP COUNT n}: up to {@code count} new entries from each stream. */
    private List<QueuedRun> readNow(String consumer, Set<String> groups, int count) {
        Instant now = keyspace.now();
        List<QueuedRun> read = new ArrayList<>();
        for (String group : groups) {
            Stream stream = keyspace.stream(group);
            stream.hasGroup = true;
            int taken = 0;
            for (Map.Entry<String, Long> entry : stream.entries.entrySet()) {
                if (taken == count) {
                    break;
                }
                if (stream.lastDelivered != null && Keyspace.compareIds(entry.getKey(), stream.lastDelivered) <= 0) {
                    continue;
                }
                stream.pending.put(entry.getKey(), new Delivery(consumer, now));
                stream.lastDelivered = entry.getKey();
                read.add(new QueuedRun(group, entry.getValue(), entry.getKey()));
                taken++;
            }
        }
        return read;
    }

    @Override
    public void ack(Collection<QueuedRun> runs) {
        synchronized (keyspace) {
            for (QueuedRun run : runs) {
                Stream stream = keyspace.streams.get(run.group());
                if (run.entryId() != null && stream != null) {
                    stream.pending.remove(run.entryId());
                    stream.entries.remove(run.entryId());
                }
            }
        }
    }

    @Override
    public void delay(QueuedRun run, Instant due) {
        synchronized (keyspace) {
            keyspace.delayed.put(run.group() + "|" + run.runId(), Instant.ofEpochMilli(due.toEpochMilli()));
        }
    }

    @Override
    public int promoteDue(Instant now, int limit) {
        synchronized (keyspace) {
            List<String> due = keyspace.delayed.entrySet().stream()
                    .filter(entry -> !entry.getValue().isAfter(now))
                    .sorted(Map.Entry.<String, Instant>comparingByValue().thenComparing(Map.Entry.comparingByKey()))
                    .limit(limit).map(Map.Entry::getKey).toList();
            List<QueuedRun> moved = new ArrayList<>();
            for (String member : due) {
                keyspace.delayed.remove(member);
                int bar = member.indexOf('|');
                moved.add(QueuedRun.of(member.substring(0, bar), Long.parseLong(member.substring(bar + 1))));
            }
            add(moved);
            return moved.size();
        }
    }

    @Override
    public List<QueuedRun> reclaimIdle(String group, String consumer, Duration idle, int count) {
        synchronized (keyspace) {
            Stream stream = keyspace.streams.get(group);
            if (stream == null || !stream.hasGroup) {
                return List.of();
            }
            Instant now = keyspace.now();
            List<String> idleIds = stream.pending.entrySet().stream()
                    .filter(entry -> !Duration.between(entry.getValue().at(), now).minus(idle).isNegative())
                    .map(Map.Entry::getKey).sorted(Keyspace::compareIds).limit(count).toList();
            List<QueuedRun> reclaimed = new ArrayList<>();
            for (String id : idleIds) {
                Long runId = stream.entries.get(id);
                if (runId == null) {
                    // Deleted while pending: nothing to hand over, and nothing left to hold.
                    stream.pending.remove(id);
                    continue;
                }
                stream.pending.put(id, new Delivery(consumer, now));
                reclaimed.add(new QueuedRun(group, runId, id));
            }
            return reclaimed;
        }
    }

    @Override
    public void dead(QueuedRun run, String reason, Instant at) {
        synchronized (keyspace) {
            keyspace.dead.add(new QueueInspector.DeadRun(keyspace.nextEntryId(), run.runId(), run.group(),
                    reason == null ? "" : reason, Instant.ofEpochMilli(at.toEpochMilli())));
        }
    }

    @Override
    public Set<Long> waiting(String group, int limit) {
        synchronized (keyspace) {
            Set<Long> ids = new LinkedHashSet<>();
            Stream stream = keyspace.streams.get(group);
            if (stream != null) {
                stream.entries.values().stream().limit(limit).forEach(ids::add);
            }
            return ids;
        }
    }

    @Override
    public Set<Long> delayed(int limit) {
        synchronized (keyspace) {
            Set<Long> ids = new LinkedHashSet<>();
            keyspace.delayed.entrySet().stream()
                    .sorted(Map.Entry.<String, Instant>comparingByValue().thenComparing(Map.Entry.comparingByKey()))
                    .limit(Math.max(0, limit))
                    .forEach(entry -> ids.add(Long.parseLong(entry.getKey().substring(entry.getKey().indexOf('|') + 1))));
            return ids;
        }
    }

    @Override
    public void ensureGroups(Set<String> groups) {
        synchronized (keyspace) {
            groups.forEach(group -> keyspace.stream(group).hasGroup = true);
        }
    }

    @Override
    public long length(String group) {
        synchronized (keyspace) {
            Stream stream = keyspace.streams.get(group);
            return stream == null ? 0 : stream.entries.size();
        }
    }

    @Override
    public Page entries(String group, String after, int count) {
        synchronized (keyspace) {
            Stream stream = keyspace.streams.get(group);
            if (stream == null) {
                return new Page(List.of(), null);
            }
            Instant now = keyspace.now();
            List<Entry> entries = new ArrayList<>();
            for (Map.Entry<String, Long> entry : stream.entries.entrySet()) {
                if (entries.size() == count) {
                    break;
                }
                if (after == null || Keyspace.compareIds(entry.getKey(), after) > 0) {
                    Delivery delivery = stream.pending.get(entry.getKey());
                    entries.add(new Entry(new QueuedRun(group, entry.getValue(), entry.getKey()),
                            delivery == null ? null : Duration.between(delivery.at(), now)));
                }
            }
            String last = entries.size() < count ? null : entries.get(entries.size() - 1).run().entryId();
            return new Page(entries, last);
        }
    }

    private void add(Collection<QueuedRun> runs) {
        for (QueuedRun run : runs) {
            keyspace.stream(run.group()).entries.put(keyspace.nextEntryId(), run.runId());
        }
        if (!runs.isEmpty()) {
            keyspace.notifyAll();
        }
    }
}
