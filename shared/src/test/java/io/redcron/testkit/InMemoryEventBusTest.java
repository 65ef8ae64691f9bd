package io.redcron.testkit;

import io.redcron.port.EventBus;
import io.redcron.port.EventBus.Event;
import io.redcron.port.EventBus.Event.Kind;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The in-memory bus keeps the Redis bus's promises, and delivers before {@code publish} returns. */
class InMemoryEventBusTest extends EventBusContract {
    private final List<AutoCloseable> open = new ArrayList<>();

    @Override
    protected EventBus newBus() {
        InMemoryEventBus memory = new InMemoryEventBus();
        return new EventBus() {
            @Override
            public void publish(Event event) {
                memory.publish(event);
            }

            @Override
            public AutoCloseable subscribe(java.util.function.Consumer<Event> listener) {
                AutoCloseable[] handle = new AutoCloseable[1];
                handle[0] = memory.subscribe(listener);
                open.add(handle[0]);
                return () -> {
                    open.remove(handle[0]);
                    handle[0].close();
                };
            }
        };
    }

    @Override
    protected void awaitSubscribers(long count) {
        assertThat(open).hasSize((int) count);
    }

    @Test
    void aSubscriberHasTheEventWhenPublishReturnsAndAFailingOneHoldsNobodyBack() throws Exception {
        InMemoryEventBus memory = new InMemoryEventBus();
        List<Event> received = new ArrayList<>();
        try (AutoCloseable failing = memory.subscribe(event -> {
            throw new IllegalStateException("listener broke");
        }); AutoCloseable listening = memory.subscribe(received::add)) {
            memory.publish(new Event(Kind.CANCEL_RUN, 7));

            assertThat(received).containsExactly(new Event(Kind.CANCEL_RUN, 7));
            assertThat(memory.published()).containsExactly(new Event(Kind.CANCEL_RUN, 7));
        }
    }
}
