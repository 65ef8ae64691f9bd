package io.redcron.bench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What the scale scenario reads from a leader's log, and how the row copier renames a copy. */
class ScaleScenarioTest {

    @Test
    void theRebuildTimeComesFromTheLeadersLine() {
        String line = "2026-12-02 08:20:24.140 INFO  IndexSync                " + ScaleScenario.REBUILT
                + " 'bench-1-scale' rebuilt: 999900 planned tasks in 36436 ms";

        assertThat(ScaleScenario.rebuildSeconds(line)).isEqualTo(36.436);
    }

    @Test
    void aLineWithoutTheFigureIsRefused() {
        assertThatThrownBy(() -> ScaleScenario.rebuildSeconds("Schedule index of namespace 'x' rebuilt"))
                .hasMessageStartingWith("no 'rebuilt: … in … ms'");
    }

    @Test
    void onlyTheNameColumnIsReplacedInACopy() {
        assertThat(RowCopier.renamed("id, name, namespace, name_hint", "name", "CONCAT(t.name, ?)"))
                .isEqualTo("id, CONCAT(t.name, ?), namespace, name_hint");
    }
}
