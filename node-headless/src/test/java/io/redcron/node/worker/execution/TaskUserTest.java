package io.redcron.node.worker.execution;

import io.redcron.config.ConfigException;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A task user the node cannot use stops it at start with one line naming worker.run-as. */
class TaskUserTest {
    @Test
    void anUnknownUserIsRefusedAtStart() {
        assertThatThrownBy(() -> new ExecutorRegistry(Fixtures.config(65536).withRunAs(Optional.of("no-such-user-9q")),
                Fixtures.NODE, Fixtures.GRACE))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("worker.run-as").hasMessageContaining("'no-such-user-9q' does not exist");
    }

    @Test
    void rootIsNeverATaskUser() {
        assertThatThrownBy(() -> new ExecutorRegistry(Fixtures.config(65536).withRunAs(Optional.of("root")),
                Fixtures.NODE, Fixtures.GRACE))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("worker.run-as").hasMessageContaining("is root");
    }
}
