package io.redcron.testkit;

import io.redcron.port.EventBus;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Events delivered synchronously, on the publisher's thread, to every subscriber open at that
 * moment: a test sees an event's effect as soon as {@code publish} returns. A listener that throws
 * is skipped, as the Redis adapter ignores an event it cannot handle. Every event published is
 * kept for tests to read ({@link #published()}).
 */
public final class InMemoryEventBus implements EventBus {
    private final List<Consumer<Event>> listeners = new CopyOnWriteArrayList<>();
    private final List<Event> published = new CopyOnWriteArrayList<>();

    @Override
    public void publish(Event event) {
        published.add(event);
        for (Consumer<Event> listener : listeners) {
            try {
                listener.accept(event);
            } catch (RuntimeException e) {
                // Best effort, as on the real channel: one listener's failure is not the publisher's.
            }
        }
    }

    @Override
    public AutoCloseable subscribe(Consumer<Event> listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    /** Every event published so far, in order. */
    public List<Event> published() {
        return new ArrayList<>(published);
    }
}
