package io.redcron.bench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class ProcStatTest {

    @Test
    void addsUserAndSystemTicks() {
        String stat = "4242 (java) S 1 4242 4242 0 -1 4194560 12345 0 0 0 250 75 0 0 20 0 30 0 100 0 0";

        assertThat(ProcStat.parseCpuSeconds(stat)).isCloseTo(3.25, within(1e-9));
    }

    @Test
    void aCommandNameWithSpacesAndParenthesesDoesNotShiftTheFields() {
        String stat = "77 (my (odd) name) R 1 77 77 0 -1 0 0 0 0 0 100 100 0 0 20 0 1 0 5 0 0";

        assertThat(ProcStat.parseCpuSeconds(stat)).isCloseTo(2.0, within(1e-9));
    }

    @Test
    void readsThisProcessesOwnCpuTime() {
        assertThat(ProcStat.cpuSeconds(ProcessHandle.current().pid())).isPositive();
    }
}
