package io.redcron.bench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HeapInfoTest {

    @Test
    void g1ReportsTheWholeHeapOnItsFirstLine() {
        String info = """
                12345:
                 garbage-first heap   total 262144K, used 19818K [0x00000000c0000000, 0x0000000100000000)
                  region size 1024K, 3 young (3072K), 0 survivors (0K)
                 Metaspace       used 40123K, committed 40576K, reserved 1089536K
                """;

        assertThat(HeapInfo.usedBytes(info)).isEqualTo(19818L * 1024);
    }

    @Test
    void parallelGcReportsGenerationsThatAddUp() {
        String info = """
                 PSYoungGen      total 76288K, used 3932K [0x…)
                 ParOldGen       total 175104K, used 1000K [0x…)
                 Metaspace       used 3000K, committed 3200K, reserved 1056768K
                """;

        assertThat(HeapInfo.usedBytes(info)).isEqualTo((3932L + 1000L) * 1024);
    }

    @Test
    void somethingElseIsAnError() {
        assertThatThrownBy(() -> HeapInfo.usedBytes("12345:\nCould not attach"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("used");
    }
}
