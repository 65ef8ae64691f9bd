package io.redcron.schedule;

/** Bit-set helpers over a {@code long}, where bit i stands for value i. */
final class Bits {

    private Bits() {
    }

    static boolean has(long bits, int index) {
        return index >= 0 && index < 64 && (bits & (1L << index)) != 0;
    }

    /** The lowest set index at or above {@code from}, or -1. */
    static int next(long bits, int from) {
        if (from >= 64) {
            return -1;
        }
        long masked = bits & (-1L << Math.max(from, 0));
        return masked == 0 ? -1 : Long.numberOfTrailingZeros(masked);
    }

    /** The highest set index at or below {@code from}, or -1. */
    static int previous(long bits, int from) {
        if (from < 0) {
            return -1;
        }
        long masked = from >= 63 ? bits : bits & ((1L << (from + 1)) - 1);
        return masked == 0 ? -1 : 63 - Long.numberOfLeadingZeros(masked);
    }

    static int count(long bits) {
        return Long.bitCount(bits);
    }
}
