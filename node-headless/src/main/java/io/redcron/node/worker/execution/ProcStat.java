package io.redcron.node.worker.execution;

import java.io.FileInputStream;
import java.io.IOException;

/**
 * The few fields of {@code /proc/<pid>/stat} the process tree killer needs: the state and the
 * session. Read into a caller's buffer and parsed as bytes: a session sweep reads this file for
 * every process on the machine, and decoding each into a string and splitting it was most of what
 * the sweep cost the node.
 *
 * @param state   {@code R}, {@code S}, {@code Z} (a zombie), …
 * @param session the session id
 */
record ProcStat(char state, long session) {
    /** Enough for any stat line: 52 numeric fields and a command name of at most 64 bytes. */
    static final int BUFFER_BYTES = 2048;

    /** Alive: neither a zombie waiting for its parent nor dead. */
    boolean running() {
        return state != 'Z' && state != 'X';
    }

    /** The stat of process {@code pid}, or null when it is gone (or this is no Linux). */
    static ProcStat read(long pid, byte[] buffer) {
        return read(Long.toString(pid), buffer);
    }

    static ProcStat read(String pid, byte[] buffer) {
        int length = 0;
        try (FileInputStream in = new FileInputStream("/proc/" + pid + "/stat")) {
            int read;
            while (length < buffer.length && (read = in.read(buffer, length, buffer.length - length)) > 0) {
                length += read;
            }
        } catch (IOException e) {
            return null;
        }
        return parse(buffer, length);
    }

    /**
     * {@code pid (comm) state ppid pgrp session …}. The command name may itself contain ") ", so
     * the fields start after the last ')'.
     */
    static ProcStat parse(byte[] line, int length) {
        int close = -1;
        for (int i = length - 1; i >= 0; i--) {
            if (line[i] == ')') {
                close = i;
                break;
            }
        }
        int at = close + 2;
        if (close < 0 || at >= length) {
            return null;
        }
        char state = (char) line[at];
        at++;
        long session = -1;
        for (int field = 0; field < 3; field++) { // ppid, pgrp, session
            if (at >= length || line[at] != ' ') {
                return null;
            }
            at++;
            long value = 0;
            boolean digits = false;
            while (at < length && line[at] >= '0' && line[at] <= '9') {
                value = value * 10 + (line[at] - '0');
                at++;
                digits = true;
            }
            if (!digits) {
                return null;
            }
            session = value;
        }
        return new ProcStat(state, session);
    }

    /** Whether a {@code /proc} entry names a process. */
    static boolean isPid(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }
}
