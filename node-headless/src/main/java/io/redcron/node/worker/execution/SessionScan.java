package io.redcron.node.worker.execution;

import java.io.File;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds the processes still in given sessions, reading {@code /proc} once for all the attempts
 * that ask at about the same time. Every process attempt that ends asks for its session (what it
 * left running there is ended with it), and reading the stat of every process on the machine costs
 * about a millisecond per hundred processes: one read per attempt was a large part of what a short
 * run cost.
 *
 * <p>Whoever asks while no read is under way reads at once, for every session asked for by then;
 * whoever asks during a read waits for it and then for the next one, which covers all who asked
 * meanwhile. Waiting for a read that started <em>after</em> the question is what makes a shared
 * read as good as one's own: a session whose leader has exited gains members only from members
 * that are still alive, so a read that starts after the leader's exit and finds none proves the
 * session empty. A lone attempt reads at once, as before; under load each read serves many.
 */
final class SessionScan {
    /** Reads which processes are in which of {@code sessions}; one pass over the process table. */
    @FunctionalInterface
    interface Reader {
        Map<Long, Set<ProcessHandle>> members(long[] sessions);
    }

    static final Reader PROC = SessionScan::readProc;

    private static final class Question {
        private final long session;
        private Set<ProcessHandle> answer;

        private Question(long session) {
            this.session = session;
        }
    }

    private final Reader reader;
    private List<Question> asked = new ArrayList<>();
    private boolean reading;
    private long reads;

    SessionScan(Reader reader) {
        this.reader = reader;
    }

    /** The running processes whose session id is {@code session}. */
    Set<ProcessHandle> members(long session) {
        Question question = new Question(session);
        List<Question> batch;
        boolean interrupted = false;
        synchronized (this) {
            asked.add(question);
            // Bounded by one read of the table: not worth giving up the sweep for an interrupt.
            while (reading && question.answer == null) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (question.answer != null) {
                restore(interrupted);
                return question.answer;
            }
            reading = true;
            reads++;
            batch = asked;
            asked = new ArrayList<>();
        }
        Map<Long, Set<ProcessHandle>> found = Map.of();
        try {
            long[] sessions = batch.stream().mapToLong(q -> q.session).distinct().toArray();
            found = reader.members(sessions);
        } finally {
            synchronized (this) {
                for (Question each : batch) {
                    each.answer = Set.copyOf(found.getOrDefault(each.session, Set.of()));
                }
                reading = false;
                notifyAll();
            }
            restore(interrupted);
        }
        return question.answer;
    }

    /** Reads of the process table so far. */
    synchronized long reads() {
        return reads;
    }

    /** Questions waiting for the next read. */
    synchronized int waiting() {
        return asked.size();
    }

    private static void restore(boolean interrupted) {
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static Map<Long, Set<ProcessHandle>> readProc(long[] sessions) {
        String[] entries = new File("/proc").list();
        if (entries == null) {
            return Map.of(); // no /proc (not Linux): nothing to sweep
        }
        Map<Long, Set<ProcessHandle>> found = new HashMap<>();
        byte[] buffer = new byte[ProcStat.BUFFER_BYTES];
        for (String entry : entries) {
            if (!ProcStat.isPid(entry)) {
                continue;
            }
            ProcStat stat = ProcStat.read(entry, buffer); // null: gone meanwhile
            if (stat != null && stat.running() && contains(sessions, stat.session())) {
                ProcessHandle.of(Long.parseLong(entry))
                        .ifPresent(handle -> found.computeIfAbsent(stat.session(), s -> new LinkedHashSet<>()).add(handle));
            }
        }
        return found;
    }

    private static boolean contains(long[] sessions, long session) {
        for (long each : sessions) {
            if (each == session) {
                return true;
            }
        }
        return false;
    }
}
