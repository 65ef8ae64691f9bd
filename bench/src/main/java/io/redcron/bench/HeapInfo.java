package io.redcron.bench;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Heap in use as {@code jcmd <pid> GC.heap_info} reports it (G1, Parallel and Serial say it alike). */
public final class HeapInfo {
    // "garbage-first heap   total 262144K, used 19818K [0x…" or "PSYoungGen total 76288K, used 3932K"
    private static final Pattern USED = Pattern.compile("total\\s+(\\d+)K,\\s+used\\s+(\\d+)K");

    private HeapInfo() {
    }

    /** Bytes in use: the first line's figure for G1 (the whole heap), else the sum of the generations. */
    static long usedBytes(String heapInfo) {
        Matcher matcher = USED.matcher(heapInfo);
        long usedKb = 0;
        boolean found = false;
        while (matcher.find()) {
            usedKb += Long.parseLong(matcher.group(2));
            found = true;
            if (heapInfo.contains("garbage-first heap")) {
                break;
            }
        }
        if (!found) {
            throw new IllegalArgumentException("no 'total …K, used …K' in the heap info: " + heapInfo.lines().findFirst().orElse(""));
        }
        return usedKb * 1024;
    }
}
