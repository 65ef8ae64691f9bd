package io.redcron.desktop.workflows;

import io.redcron.desktop.ui.Messages;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.MisfirePolicy;
import io.redcron.schedule.CronDialect;
import io.redcron.workflow.Edge;
import io.redcron.workflow.Join;
import io.redcron.workflow.StepTarget;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class DraftCheckTest {
    private final Messages messages = new Messages(Locale.ENGLISH);

    private static DraftCheck.StepDraft step(String name, String target, Edge... after) {
        return new DraftCheck.StepDraft(name, StepTarget.Kind.TASK, target, "", Join.ALL, List.of(after));
    }

    private static DraftCheck.Draft draft(String cron, String params, DraftCheck.StepDraft... steps) {
        return new DraftCheck.Draft("ns", "nightly", "", cron, CronDialect.UNIX, "Europe/Berlin", MisfirePolicy.SKIP, 1,
                ConcurrencyPolicy.REPLACE, true, params, List.of(steps));
    }

    @Test
    void aValidDraftMakesTheWorkflowWithItsParametersAndPolicies() {
        DraftCheck.Result result = DraftCheck.check(draft("0 2 * * *", "region=eu",
                step("a", "extract-a"), step("b", "extract-b"),
                new DraftCheck.StepDraft("c", StepTarget.Kind.TASK, " load ", "mode=full", Join.ALL,
                        List.of(Edge.onSuccess("a"), Edge.onSuccess("b")))), messages);

        assertThat(result.valid()).isTrue();
        assertThat(result.message()).isNull();
        assertThat(result.workflow().params()).isEqualTo(Map.of("region", "eu"));
        assertThat(result.workflow().concurrencyPolicy()).isEqualTo(ConcurrencyPolicy.REPLACE);
        assertThat(result.workflow().graph().step("c").target()).isEqualTo(StepTarget.task("load"));
        assertThat(result.workflow().graph().step("c").params()).isEqualTo(Map.of("mode", "full"));
    }

    @Test
    void aProblemOfAStepPointsAtThatStep() {
        DraftCheck.Result cycle = DraftCheck.check(draft(null, "", step("a", "t", Edge.onSuccess("b")),
                step("b", "t", Edge.onSuccess("a"))), messages);
        assertThat(cycle.valid()).isFalse();
        assertThat(cycle.message()).startsWith("step ").contains("is on a cycle");
        assertThat(cycle.stepIndex()).isIn(0, 1);

        DraftCheck.Result unknown = DraftCheck.check(draft(null, "", step("a", "t"),
                step("b", "t", Edge.onSuccess("x"))), messages);
        assertThat(unknown.message()).isEqualTo("step b: depends on unknown step 'x'");
        assertThat(unknown.stepIndex()).isEqualTo(1);

        DraftCheck.Result noTarget = DraftCheck.check(draft(null, "", step("a", "t"), step("b", " ")), messages);
        assertThat(noTarget.message()).isEqualTo("step b: names no task or workflow to run");
        assertThat(noTarget.stepIndex()).isEqualTo(1);

        DraftCheck.Result badName = DraftCheck.check(draft(null, "", step("a", "t"), step("no spaces", "t")), messages);
        assertThat(badName.message()).startsWith("steps: step name 'no spaces'");
        assertThat(badName.stepIndex()).isEqualTo(1);

        DraftCheck.Result badParams = DraftCheck.check(draft(null, "", new DraftCheck.StepDraft("a", StepTarget.Kind.TASK,
                "t", "oops", Join.ALL, List.of())), messages);
        assertThat(badParams.message()).isEqualTo("step a: line 1: 'oops' is not key=value");
        assertThat(badParams.stepIndex()).isZero();
    }

    @Test
    void aProblemOfTheWorkflowsOwnFieldsPointsAtNoStep() {
        assertThat(DraftCheck.check(draft("not a cron", "", step("a", "t")), messages).stepIndex()).isEqualTo(-1);
        assertThat(DraftCheck.check(draft("not a cron", "", step("a", "t")), messages).message()).startsWith("cron: ");
        assertThat(DraftCheck.check(draft(null, "x", step("a", "t")), messages).message())
                .isEqualTo("params: line 1: 'x' is not key=value");
        assertThat(DraftCheck.check(draft(null, ""), messages).message())
                .isEqualTo("steps: a workflow needs at least one step");
    }
}
