package io.redcron.port;

/** A leader write was refused because another node has taken a newer epoch since. */
public final class FencedOutException extends StoreException {
    public FencedOutException(String namespace, long ours, long current) {
        super("scheduler of namespace '" + namespace + "' was fenced off: it holds epoch " + ours
                + " but epoch " + current + " is current");
    }
}
