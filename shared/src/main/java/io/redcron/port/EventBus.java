package io.redcron.port;

import java.util.function.Consumer;

/**
 * Best-effort notifications between nodes and tools (task changed, cancel a run). Nothing relies
 * on delivery for correctness: the leader also polls for task changes, and a cancel is recorded
 * in the run store before it is announced.
 */
public interface EventBus {

    void publish(Event event);

    /** Publishes several events; an adapter may send them in one round trip. */
    default void publishAll(java.util.Collection<Event> events) {
        events.forEach(this::publish);
    }

    /** Listens until the returned handle is closed; reconnects by itself. */
    AutoCloseable subscribe(Consumer<Event> listener);

    record Event(Kind kind, long id) {
        public enum Kind { TASK_CHANGED, CANCEL_RUN, RUN_FINISHED }

        public String encode() {
            return kind.name() + " " + id;
        }

        public static Event decode(String text) {
            int space = text.indexOf(' ');
            if (space < 0) {
                throw new IllegalArgumentException("not an event: " + text);
            }
            return new Event(Kind.valueOf(text.substring(0, space)), Long.parseLong(text.substring(space + 1)));
        }
    }
}
