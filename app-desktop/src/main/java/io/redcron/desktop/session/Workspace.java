package io.redcron.desktop.session;

import java.time.Clock;
import java.util.Objects;

/**
 * Where and as whom the screens work: the namespace shown, the operator the audit log names,
 * and the clock that says what "now" is.
 */
public record Workspace(String namespace, String operator, Clock clock) {
    public Workspace {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(operator, "operator");
        Objects.requireNonNull(clock, "clock");
    }
}
