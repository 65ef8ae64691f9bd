package io.redcron.node.alert;

import io.redcron.domain.RunStatus;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class RecoveryTest {

    @Test
    void aSuccessRecoversOnlyFromAFinalFailure() {
        assertThat(Recovery.follows(Optional.of(RunStatus.FAILED))).isTrue();
        assertThat(Recovery.follows(Optional.of(RunStatus.TIMED_OUT))).isTrue();
        assertThat(Recovery.follows(Optional.of(RunStatus.SUCCEEDED))).isFalse();
        assertThat(Recovery.follows(Optional.empty())).as("its first run").isFalse();
    }
}
