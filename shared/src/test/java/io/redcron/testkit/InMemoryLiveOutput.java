package io.redcron.testkit;

import io.redcron.port.LiveOutput;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Live output in memory: per run a list capped as the Redis stream is, with cursors {@code 0-N}
 * for the N-th entry written. A waiting read is woken by the write that brings it something.
 */
public final class InMemoryLiveOutput implements LiveOutput {
    private static final int MAX_ENTRIES = 256;

    private final Map<Long, Deque<Numbered>> streams = new HashMap<>();
    private long written;

    private record Numbered(long seq, Entry entry) {
    }

    @Override
    public synchronized Slice read(long runId, String cursor, Duration wait, int max) {
        long after = seq(cursor);
        long deadline = System.nanoTime() + wait.toNanos();
        List<Numbered> entries = after(runId, after, max);
        while (entries.isEmpty()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return new Slice(List.of(), cursor);
            }
            try {
                wait(Math.max(1, left / 1_000_000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return new Slice(List.of(), cursor);
            }
            entries = after(runId, after, max);
        }
        return new Slice(entries.stream().map(Numbered::entry).toList(), "0-" + entries.get(entries.size() - 1).seq());
    }

    @Override
    public synchronized void write(Collection<Write> writes) {
        for (Write write : writes) {
            Deque<Numbered> stream = streams.computeIfAbsent(write.runId(), id -> new ArrayDeque<>());
            write.chunks().forEach(chunk -> add(stream, new Entry(chunk)));
            if (write.end()) {
                add(stream, Entry.END);
            }
        }
        notifyAll();
    }

    private void add(Deque<Numbered> stream, Entry entry) {
        stream.addLast(new Numbered(++written, entry));
        while (stream.size() > MAX_ENTRIES) {
            stream.removeFirst();
        }
    }

    private List<Numbered> after(long runId, long after, int max) {
        List<Numbered> entries = new ArrayList<>();
        for (Numbered numbered : streams.getOrDefault(runId, new ArrayDeque<>())) {
            if (numbered.seq() > after && entries.size() < max) {
                entries.add(numbered);
            }
        }
        return entries;
    }

    private static long seq(String cursor) {
        int dash = cursor.indexOf('-');
        if (dash < 0) {
            throw new IllegalArgumentException("not a cursor of this live output: " + cursor);
        }
        return Long.parseLong(cursor.substring(dash + 1));
    }
}
