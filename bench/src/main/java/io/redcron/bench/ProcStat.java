package io.redcron.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** CPU time of a process from Linux's {@code /proc/<pid>/stat}. */
public final class ProcStat {
    /** USER_HZ: the unit of utime and stime; 100 on every Linux this runs on. */
    static final double TICKS_PER_SECOND = 100.0;

    private ProcStat() {
    }

    /** User plus system CPU seconds the process has used so far. */
    public static double cpuSeconds(long pid) {
        try {
            return parseCpuSeconds(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the CPU time of process " + pid + ": " + e.getMessage(), e);
        }
    }

    /**
     * Fields 14 and 15 (utime, stime), counted after the command name, which is in parentheses
     * and may itself contain spaces and parentheses.
     */
    static double parseCpuSeconds(String stat) {
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
        // fields[0] is field 3 (state), so utime (14) is fields[11] and stime (15) fields[12].
        return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / TICKS_PER_SECOND;
    }
}
