package io.redcron.testkit;

import io.redcron.port.EventBus;
import io.redcron.port.EventBus.Event;
import io.redcron.port.EventBus.Event.Kind;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What every {@link EventBus} must do; one subclass per backend supplies the bus and says when
 * its subscriptions listen. Delivery may be asynchronous: the suite waits for it.
 */
public abstract class EventBusContract {
    protected EventBus bus;

    protected abstract EventBus newBus();

    /** Returns once exactly {@code count} subscriptions of this bus listen. */
    protected abstract void awaitSubscribers(long count);

    @BeforeEach
    void openBus() {
        bus = newBus();
    }

    @Test
    void aPublishedEventReachesEverySubscriber() throws Exception {
        List<Event> first = new CopyOnWriteArrayList<>();
        List<Event> second = new CopyOnWriteArrayList<>();
        try (AutoCloseable a = bus.subscribe(first::add); AutoCloseable b = bus.subscribe(second::add)) {
            awaitSubscribers(2);

            bus.publish(new Event(Kind.TASK_CHANGED, 17));
            bus.publishAll(List.of(new Event(Kind.CANCEL_RUN, 4_000_000_001L), new Event(Kind.RUN_FINISHED, 5)));

            List<Event> expected = List.of(new Event(Kind.TASK_CHANGED, 17), new Event(Kind.CANCEL_RUN, 4_000_000_001L),
                    new Event(Kind.RUN_FINISHED, 5));
            await().atMost(Duration.ofSeconds(5)).until(() -> first.equals(expected) && second.equals(expected));
        }
    }

    @Test
    void aClosedSubscriptionHearsNothingMoreWhileTheOthersDo() throws Exception {
        List<Event> closed = new CopyOnWriteArrayList<>();
        List<Event> open = new CopyOnWriteArrayList<>();
        AutoCloseable leaving = bus.subscribe(closed::add);
        try (AutoCloseable staying = bus.subscribe(open::add)) {
            awaitSubscribers(2);

            leaving.close();
            awaitSubscribers(1);
            bus.publish(new Event(Kind.TASK_CHANGED, 1));

            await().atMost(Duration.ofSeconds(5)).until(() -> open.equals(List.of(new Event(Kind.TASK_CHANGED, 1))));
            assertThat(closed).isEmpty();
        }
    }

    @Test
    void anEmptyBatchPublishesNothing() throws Exception {
        List<Event> received = new CopyOnWriteArrayList<>();
        try (AutoCloseable subscription = bus.subscribe(received::add)) {
            awaitSubscribers(1);

            bus.publishAll(List.of());
            bus.publish(new Event(Kind.RUN_FINISHED, 9));

            await().atMost(Duration.ofSeconds(5)).until(() -> !received.isEmpty());
            assertThat(received).containsExactly(new Event(Kind.RUN_FINISHED, 9));
        }
    }
}
