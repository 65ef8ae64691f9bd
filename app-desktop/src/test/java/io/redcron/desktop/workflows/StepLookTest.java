package io.redcron.desktop.workflows;

import io.redcron.desktop.ui.Messages;
import io.redcron.workflow.EdgeCondition;
import io.redcron.workflow.StepStatus;
import io.redcron.workflow.WorkflowRunStatus;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Locale;

import static org.assertj.core.api.Assertions.assertThat;

class StepLookTest {

    @Test
    void everyStateHasItsOwnColourMarkAndWordsInBothLanguages() {
        for (Locale locale : new Locale[] {Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE}) {
            Messages messages = new Messages(locale);
            assertThat(Arrays.stream(StepStatus.values()).map(status -> StepLook.text(status, messages)))
                    .doesNotHaveDuplicates().noneMatch(text -> text.startsWith("workflows."));
            assertThat(Arrays.stream(WorkflowRunStatus.values()).map(status -> StepLook.text(status, messages)))
                    .noneMatch(text -> text.startsWith("workflows."));
            assertThat(Arrays.stream(EdgeCondition.values()).map(when -> StepLook.text(when, messages)))
                    .doesNotHaveDuplicates().noneMatch(text -> text.startsWith("workflows."));
        }
        assertThat(StepLook.STATUS_CLASSES).doesNotHaveDuplicates().hasSize(StepStatus.values().length);
        assertThat(Arrays.stream(StepStatus.values()).map(StepLook::mark)).doesNotHaveDuplicates();
    }

    @Test
    void aStepsLineReadsWithoutColour() {
        Messages messages = new Messages(Locale.ENGLISH);

        assertThat(StepLook.line(StepStatus.FAILED, messages)).isEqualTo("\u2716 Failed");
        assertThat(StepLook.styleClass(StepStatus.SUCCEEDED)).isEqualTo("step-succeeded");
        assertThat(StepLook.styleClass(EdgeCondition.FAILURE)).isEqualTo("edge-failure");
    }
}
