package io.redcron.desktop.workflows;

import io.redcron.desktop.ui.Messages;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.MisfirePolicy;
import io.redcron.schedule.CronDialect;
import io.redcron.workflow.Edge;
import io.redcron.workflow.InvalidWorkflowException;
import io.redcron.workflow.Join;
import io.redcron.workflow.Step;
import io.redcron.workflow.StepTarget;
import io.redcron.workflow.Workflow;

import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks what the workflow editor holds by building the domain's {@link Workflow} from it, so the
 * editor refuses exactly what the store would. The first problem is kept as the domain words it
 * (one line, starting with the field), with the step it concerns when it concerns one.
 */
public final class DraftCheck {
    private DraftCheck() {
    }

    /** The editor's fields as typed. */
    public record Draft(String namespace, String name, String description, String cron, CronDialect dialect,
                        String zone, MisfirePolicy misfire, int catchUpLimit, ConcurrencyPolicy concurrency,
                        boolean enabled, String params, List<StepDraft> steps) {
    }

    /** One step as typed; {@code params} are {@code key=value} lines. */
    public record StepDraft(String name, StepTarget.Kind kind, String target, String params, Join join,
                            List<Edge> after) {
    }

    /**
     * @param workflow  the workflow the draft makes; null when it makes none
     * @param message   the one-line problem; null when there is none
     * @param stepIndex the step the problem is about; -1 for the workflow's own fields
     */
    public record Result(Workflow workflow, String message, int stepIndex) {
        public boolean valid() {
            return workflow != null;
        }

        static Result invalid(String message, int stepIndex) {
            return new Result(null, message, stepIndex);
        }
    }

    public static Result check(Draft draft, Messages messages) {
        ParamLines.Parsed params = ParamLines.parse(draft.params(), messages);
        if (!params.ok()) {
            return Result.invalid("params: " + params.error(), -1);
        }
        ZoneId zone;
        try {
            zone = ZoneId.of(draft.zone() == null || draft.zone().isBlank() ? "UTC" : draft.zone().strip());
        } catch (DateTimeException e) {
            return Result.invalid("zone: " + messages.get("workflows.editor.error.zone", draft.zone()), -1);
        }
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < draft.steps().size(); i++) {
            StepDraft step = draft.steps().get(i);
            ParamLines.Parsed stepParams = ParamLines.parse(step.params(), messages);
            if (!stepParams.ok()) {
                return Result.invalid("step " + step.name() + ": " + stepParams.error(), i);
            }
            try {
                String target = step.target() == null ? "" : step.target().strip();
                steps.add(new Step(step.name() == null ? "" : step.name().strip(),
                        new StepTarget(step.kind() == null ? StepTarget.Kind.TASK : step.kind(), target),
                        stepParams.params(), step.join(), step.after()));
            } catch (InvalidWorkflowException e) {
                return Result.invalid(e.getMessage(), i);
            }
        }
        try {
            Workflow workflow = new Workflow(null, draft.namespace(), draft.name() == null ? "" : draft.name().strip(),
                    draft.description(), draft.cron(), draft.dialect(), zone, draft.misfire(), draft.catchUpLimit(),
                    draft.concurrency(), draft.enabled(), params.params(), steps, 0, null, null, null);
            return new Result(workflow, null, -1);
        } catch (InvalidWorkflowException e) {
            return Result.invalid(e.getMessage(), stepOf(e.field(), draft.steps()));
        }
    }

    /** The first step named by a field {@code step <name>}; -1 for any other field. */
    static int stepOf(String field, List<StepDraft> steps) {
        if (field == null || !field.startsWith("step ")) {
            return -1;
        }
        String name = field.substring("step ".length());
        for (int i = 0; i < steps.size(); i++) {
            if (name.equals(steps.get(i).name() == null ? "" : steps.get(i).name().strip())) {
                return i;
            }
        }
        return -1;
    }
}
