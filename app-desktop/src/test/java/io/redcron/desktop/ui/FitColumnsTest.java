package io.redcron.desktop.ui;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FitColumnsTest {

    @Test
    void columnsThatFitKeepWhatTheyWant() {
        assertThat(FitColumns.squeeze(new double[] {200, 300}, new boolean[] {true, false}, 600))
                .containsExactly(200, 300);
    }

    @Test
    void theWidestGiveWayFirstAndTheNamingColumnNever() {
        double[] given = FitColumns.squeeze(new double[] {200, 400, 300, 100}, new boolean[] {true, false, false, false},
                800);

        assertThat(given[0]).isEqualTo(200);
        assertThat(given[3]).as("narrower than the cap: untouched").isEqualTo(100);
        assertThat(given[1]).isEqualTo(given[2]).isBetween(249.0, 250.0);
    }

    @Test
    void noColumnIsSqueezedBelowTheFloorTheTableScrollsInstead() {
        assertThat(FitColumns.squeeze(new double[] {200, 400, 300, 60}, new boolean[] {true, false, false, false}, 300))
                .containsExactly(200, FitColumns.FLOOR, FitColumns.FLOOR, 60);
    }
}
