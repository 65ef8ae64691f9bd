package io.redcron.node.worker.execution;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.text.NumberFormat;
import java.util.Locale;

/**
 * Keeps the last bytes of a stream in a ring buffer, so that a program printing gigabytes
 * costs no more memory than the tail the run history keeps. The buffer grows to its capacity only
 * as output arrives: most runs print little or nothing, and a full-size buffer per attempt made
 * zeroing memory a visible cost of short runs.
 *
 * <p>{@link #text()} decodes the tail as UTF-8, replacing invalid or binary bytes, and never
 * throws. When bytes were dropped it starts with a marker line; the marker counts against the
 * capacity, so the text is at most {@code capacity} characters long in all cases.
 */
final class OutputTail {
    private static final byte[] EMPTY = new byte[0];
    private static final int FIRST_SIZE = 256;

    private final int capacity;
    /** Holds positions {@code [0, ring.length)} of the ring; it is full-size before the ring first wraps. */
    private byte[] ring = EMPTY;
    private long total;

    OutputTail(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("capacity must not be negative: " + capacity);
        }
        this.capacity = capacity;
    }

    synchronized void write(byte[] buffer, int offset, int length) {
        if (capacity > 0) {
            ensureRoom(total + length);
            int skip = Math.max(0, length - capacity);
            int position = (int) ((total + skip) % capacity);
            int remaining = length - skip;
            int from = offset + skip;
            int first = Math.min(remaining, capacity - position);
            System.arraycopy(buffer, from, ring, position, first);
            System.arraycopy(buffer, from + first, ring, 0, remaining - first);
        }
        total += length;
    }

    /** Grows the buffer to hold {@code end} bytes from the start, or the whole ring past that. */
    private void ensureRoom(long end) {
        if (ring.length == capacity || end <= ring.length) {
            return;
        }
        long wanted = Math.max(end, Math.max(FIRST_SIZE, 2L * ring.length));
        ring = java.util.Arrays.copyOf(ring, (int) Math.min(capacity, wanted));
    }

    /** Every byte written so far, kept or not. */
    synchronized long totalBytes() {
        return total;
    }

    synchronized String text() {
        int held = (int) Math.min(total, capacity);
        if (held == total) {
            return decode(held);
        }
        // The marker's length depends on the count it prints, which depends on how much room the
        // marker leaves: settle on a length that fits (a couple of rounds at most).
        String marker = "";
        while (true) {
            int keep = Math.max(0, held - marker.length());
            int lead = leadingContinuationBytes(keep);
            String next = marker(total - (keep - lead));
            if (next.length() > capacity) {
                return decode(held); // no room for a marker at all: a tiny tail is still a tail
            }
            if (next.length() <= marker.length()) {
                return next + decode(keep - lead);
            }
            marker = next;
        }
    }

    private static String marker(long dropped) {
        return "[… " + NumberFormat.getIntegerInstance(Locale.ROOT).format(dropped) + " earlier bytes not kept]\n";
    }

    /**
     * A cut can land inside a multi-byte character; skipping its continuation bytes avoids a
     * replacement character at the start of the tail.
     */
    private int leadingContinuationBytes(int count) {
        int lead = 0;
        while (lead < Math.min(count, 3) && (ring[index(total - count + lead)] & 0xC0) == 0x80) {
            lead++;
        }
        return lead;
    }

    /** Decodes the last {@code count} bytes; each invalid sequence becomes one U+FFFD. */
    private String decode(int count) {
        byte[] bytes = new byte[count];
        int start = index(total - count);
        int first = Math.min(count, capacity - start);
        System.arraycopy(ring, start, bytes, 0, first);
        System.arraycopy(ring, 0, bytes, first, count - first);
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        try {
            return decoder.decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalStateException("a replacing decoder cannot fail", e);
        }
    }

    private int index(long absolute) {
        return capacity == 0 ? 0 : (int) (absolute % capacity);
    }
}
