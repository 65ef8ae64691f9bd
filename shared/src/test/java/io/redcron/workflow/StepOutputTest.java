package io.redcron.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import java.util.Map;

class StepOutputTest {
    @Test
    void mergesEveryOutputLineInOrderAndIgnoresTheRest() {
        assertThat(StepOutput.parse("start\nredcron-output: {\"A\": 1, \"B\": true}\nnoise\n"
                + "  redcron-output: {\"A\": \"two\"}\r\n")).isEqualTo(Map.of("A", "two", "B", "true"));
        assertThat(StepOutput.parse(null)).isEmpty();
        assertThat(StepOutput.parse("no output lines")).isEmpty();
    }

    @Test
    void refusesWhatCannotBecomeParameters() {
        assertThatThrownBy(() -> StepOutput.parse("redcron-output: not json"))
                .hasMessage("output: 'not json' is not a JSON object");
        assertThatThrownBy(() -> StepOutput.parse("redcron-output: {\"A\": {\"nested\": 1}}"))
                .hasMessage("output: 'A' must be a string, a number or a boolean");
        assertThatThrownBy(() -> StepOutput.parse("redcron-output: {\"bad-key\": 1}"))
                .hasMessageStartingWith("output: parameter name 'bad-key'");
        assertThatThrownBy(() -> StepOutput.parse("redcron-output: {\"A\": \"" + "x".repeat(5000) + "\"}"))
                .hasMessage("output: is over 4096 bytes");
    }
}
