package io.redcron.node.worker.execution;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * Replaces the values of the secrets a run was given with {@code ******} in its output, before the
 * output reaches the run history or the live tail that every viewer may read. A task that prints
 * its credential by mistake (a debug line, a failing command echoed by {@code set -x}) does not
 * publish it.
 *
 * <p>Output arrives in chunks that may split a value, so the last {@code longest - 1} bytes of
 * each chunk are held back until the next one or the end. Values shorter than four bytes are not
 * masked: they would turn ordinary output into stars and protect nothing.
 */
final class SecretMask {
    static final byte[] STARS = "******".getBytes(StandardCharsets.US_ASCII);
    private static final int SHORTEST = 4;

    private final List<byte[]> values;
    private final int holdBack;
    private byte[] carry = new byte[0];

    SecretMask(Collection<String> secrets) {
        this.values = secrets.stream().filter(value -> value.length() >= SHORTEST)
                .map(value -> value.getBytes(StandardCharsets.UTF_8))
                .sorted(Comparator.comparingInt((byte[] value) -> value.length).reversed())
                .toList();
        this.holdBack = values.isEmpty() ? 0 : values.get(0).length - 1;
    }

    boolean isEmpty() {
        return values.isEmpty();
    }

    /** The masked bytes that can be passed on now. */
    byte[] accept(byte[] buffer, int offset, int length) {
        byte[] pending = new byte[carry.length + length];
        System.arraycopy(carry, 0, pending, 0, carry.length);
        System.arraycopy(buffer, offset, pending, carry.length, length);
        return emit(pending, false);
    }

    /** Whatever was held back, masked: the output has ended. */
    byte[] finish() {
        return emit(carry, true);
    }

    private byte[] emit(byte[] pending, boolean last) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(pending.length);
        int safeEnd = last ? pending.length : Math.max(0, pending.length - holdBack);
        int i = 0;
        while (i < safeEnd) {
            byte[] match = matchAt(pending, i);
            if (match != null) {
                out.writeBytes(STARS);
                i += match.length;
            } else {
                out.write(pending[i]);
                i++;
            }
        }
        // A value that started before safeEnd may reach past it: i is then already beyond.
        carry = Arrays.copyOfRange(pending, Math.min(i, pending.length), pending.length);
        return out.toByteArray();
    }

    private byte[] matchAt(byte[] data, int at) {
        for (byte[] value : values) {
            if (at + value.length <= data.length && Arrays.equals(data, at, at + value.length, value, 0, value.length)) {
                return value;
            }
        }
        return null;
    }
}
