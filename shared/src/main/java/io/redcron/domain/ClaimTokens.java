package io.redcron.domain;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Tokens that tell claims apart. Every claim a store grants carries a new one, and a held claim is
 * begun or released only by the holder of that token. The attempt number cannot do this alone: a
 * claim released before it began gives its attempt back, so a node whose held claim the reaper
 * released (its lease lapsed while the node could not reach the database) and that then claims
 * the run again holds two claims of the same node and attempt, of which only the second is real.
 *
 * <p>Random, not counted: unique across nodes and restarts without coordination (two equal tokens
 * for claims of the same run by the same node have a chance of one in 2<sup>64</sup>).
 */
public final class ClaimTokens {
    /** The token of a run never claimed, and of rows written before claims carried tokens. */
    public static final long NONE = 0;

    private ClaimTokens() {
    }

    /** A token for a new claim: never {@link #NONE}. */
    public static long next() {
        long token;
        do {
            token = ThreadLocalRandom.current().nextLong();
        } while (token == NONE);
        return token;
    }
}
