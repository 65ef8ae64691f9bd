package io.redcron.node.worker.execution;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CancellationTest {

    @Test
    void theFirstReasonWinsAndCallbacksRunOnce() {
        Cancellation cancellation = new Cancellation();
        List<String> heard = new ArrayList<>();
        cancellation.onCancel(() -> heard.add(cancellation.reason()));

        cancellation.cancel("replaced by run 43");
        cancellation.cancel("operator cancelled");

        assertThat(cancellation.isCancelled()).isTrue();
        assertThat(cancellation.reason()).isEqualTo("replaced by run 43");
        assertThat(heard).containsExactly("replaced by run 43");
    }

    @Test
    void aCallbackRegisteredAfterTheCancelRunsAtOnce() {
        Cancellation cancellation = new Cancellation();
        cancellation.cancel("node draining");
        List<String> heard = new ArrayList<>();

        cancellation.onCancel(() -> heard.add("now"));

        assertThat(heard).containsExactly("now");
    }

    @Test
    void aClosedRegistrationIsNotCalled() {
        Cancellation cancellation = new Cancellation();
        List<String> heard = new ArrayList<>();
        cancellation.onCancel(() -> heard.add("closed")).close();
        cancellation.onCancel(() -> {
            throw new IllegalStateException("a failing callback");
        });
        cancellation.onCancel(() -> heard.add("open"));

        cancellation.cancel(null);

        assertThat(heard).containsExactly("open");
        assertThat(cancellation.reason()).isEqualTo("cancelled");
    }
}
