package io.redcron.node.alert;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A sink that keeps what was raised, for tests that look at which alerts a check raised. */
public final class RecordedAlerts implements AlertSink {
    private final List<Alert> raised = new CopyOnWriteArrayList<>();

    @Override
    public void raise(Alert alert) {
        raised.add(alert);
    }

    public List<Alert> of(AlertKind kind) {
        return raised.stream().filter(alert -> alert.kind() == kind).toList();
    }

    public List<Alert> all() {
        return List.copyOf(raised);
    }
}
