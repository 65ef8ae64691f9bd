package io.redcron.workflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.redcron.domain.TriggerType;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The state of each step of a run, pass by pass, as the rules decide it. */
class WorkflowProgressTest {
    private static final Instant AT = Instant.parse("2030-01-01T00:00:00.001Z");

    private static Step step(String name, Join join, Edge... after) {
        return new Step(name, StepTarget.task("t-" + name), Map.of(), join, List.of(after));
    }

    private static WorkflowRun run(WorkflowRunStatus status, Map<String, String> params, Step... steps) {
        return new WorkflowRun(1, 1, "ns", "wf", TriggerType.MANUAL, AT, status, params, List.of(steps), null, null,
                AT, AT, null, null);
    }

    private static Map<String, WorkflowProgress.StepState> states(Object... pairs) {
        Map<String, WorkflowProgress.StepState> states = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            String name = (String) pairs[i];
            Object state = pairs[i + 1];
            if (state instanceof StepStatus status) {
                states.put(name, new WorkflowProgress.StepState(new StepRun(1, name, status, null, null, Map.of(),
                        null, 1, null, null), null));
            } else {
                states.put(name, new WorkflowProgress.StepState(new StepRun(1, name, StepStatus.RUNNING, 9L, null,
                        Map.of(), null, 1, AT, null), (WorkflowProgress.Ended) state));
            }
        }
        return states;
    }

    private static WorkflowProgress.Ended ok(String output) {
        return new WorkflowProgress.Ended(true, "run 9 ended SUCCEEDED", output);
    }

    private static WorkflowProgress.Ended failed() {
        return new WorkflowProgress.Ended(false, "run 9 ended FAILED (exit 2)", null);
    }

    @Test
    void rootsStartWithTheRunsParametersUnderTheStepsOwn() {
        Step root = new Step("a", StepTarget.task("t"), Map.of("MODE", "step"), Join.ALL, List.of());
        WorkflowProgress.Outcome outcome = WorkflowProgress.advance(
                run(WorkflowRunStatus.RUNNING, Map.of("MODE", "run", "REGION", "eu"), root,
                        step("b", Join.ALL, Edge.onSuccess("a"))),
                states("a", StepStatus.PENDING, "b", StepStatus.PENDING));
        assertThat(outcome.started()).singleElement().satisfies(start -> {
            assertThat(start.step()).isEqualTo("a");
            assertThat(start.params()).isEqualTo(Map.of("MODE", "step", "REGION", "eu"));
        });
        assertThat(outcome.end()).isNull();
    }

    @Test
    void anAllJoinWaitsForEveryParentThenTakesTheirOutputs() {
        WorkflowRun run = run(WorkflowRunStatus.RUNNING, Map.of(), step("a", Join.ALL), step("b", Join.ALL),
                step("c", Join.ALL, Edge.onSuccess("a"), Edge.onSuccess("b")));
        WorkflowProgress.Outcome half = WorkflowProgress.advance(run,
                states("a", ok("redcron-output: {\"X\": 1}"), "b", StepStatus.RUNNING, "c", StepStatus.PENDING));
        assertThat(half.settled()).extracting(WorkflowProgress.Settle::status).containsExactly(StepStatus.SUCCEEDED);
        assertThat(half.started()).isEmpty();

        Map<String, WorkflowProgress.StepState> both = states("a", StepStatus.SUCCEEDED, "b",
                ok("redcron-output: {\"Y\": \"2\"}"), "c", StepStatus.PENDING);
        both.put("a", new WorkflowProgress.StepState(new StepRun(1, "a", StepStatus.SUCCEEDED, 8L, null,
                Map.of("X", "1"), null, 1, AT, AT), null));
        WorkflowProgress.Outcome joined = WorkflowProgress.advance(run, both);
        assertThat(joined.started()).singleElement().satisfies(start ->
                assertThat(start.params()).isEqualTo(Map.of("X", "1", "Y", "2")));
    }

    @Test
    void anAnyJoinStartsOnTheFirstEdgeAndIsSkippedOnlyWhenNoneCanBeSatisfied() {
        WorkflowRun run = run(WorkflowRunStatus.RUNNING, Map.of(), step("a", Join.ALL), step("b", Join.ALL),
                step("c", Join.ANY, Edge.onSuccess("a"), Edge.onSuccess("b")));
        WorkflowProgress.Outcome first = WorkflowProgress.advance(run,
                states("a", failed(), "b", StepStatus.RUNNING, "c", StepStatus.PENDING));
        assertThat(first.started()).isEmpty();
        assertThat(first.skipped()).isEmpty();
        WorkflowProgress.Outcome none = WorkflowProgress.advance(run,
                states("a", StepStatus.FAILED, "b", failed(), "c", StepStatus.PENDING));
        assertThat(none.skipped()).containsOnlyKeys("c");
        assertThat(none.skipped().get("c")).startsWith("not reached: no edge into it was satisfied");
        assertThat(none.end()).isEqualTo(WorkflowRunStatus.FAILED);
        assertThat(none.error()).isEqualTo("2 steps failed: a, b; step a failed");
    }

    @Test
    void skipsCascadeDownTheGraphInOnePassAndTheRunEnds() {
        WorkflowRun run = run(WorkflowRunStatus.RUNNING, Map.of(), step("a", Join.ALL),
                step("b", Join.ALL, Edge.onSuccess("a")), step("c", Join.ALL, Edge.onSuccess("b")),
                step("d", Join.ALL, new Edge("c", EdgeCondition.ALWAYS)));
        WorkflowProgress.Outcome outcome = WorkflowProgress.advance(run,
                states("a", failed(), "b", StepStatus.PENDING, "c", StepStatus.PENDING, "d", StepStatus.PENDING));
        assertThat(outcome.skipped()).containsOnlyKeys("b", "c", "d");
        assertThat(outcome.skipped().get("d")).isEqualTo("not reached: 'c' was skipped, the edge wants always");
        assertThat(outcome.end()).isEqualTo(WorkflowRunStatus.FAILED);
        assertThat(outcome.error()).isEqualTo("step a failed: run 9 ended FAILED (exit 2)");
    }

    @Test
    void anEndedRunOnlySettlesItsSteps() {
        WorkflowRun run = run(WorkflowRunStatus.CANCELLED, Map.of(), step("a", Join.ALL),
                step("b", Join.ALL, Edge.onSuccess("a")));
        WorkflowProgress.Outcome outcome = WorkflowProgress.advance(run, states("a", ok(""), "b", StepStatus.CANCELLED));
        assertThat(outcome.settled()).hasSize(1);
        assertThat(outcome.started()).isEmpty();
        assertThat(outcome.end()).isNull();
    }

    @Test
    void aRerunTakesTheFailedStepsAndTheOnesTheyLeftUnreached() {
        WorkflowRun run = run(WorkflowRunStatus.FAILED, Map.of(), step("a", Join.ALL),
                step("b", Join.ALL, Edge.onSuccess("a")), step("c", Join.ALL, Edge.onSuccess("b")),
                step("h", Join.ALL, new Edge("b", EdgeCondition.FAILURE)), step("x", Join.ALL));
        Map<String, StepStatus> status = Map.of("a", StepStatus.SUCCEEDED, "b", StepStatus.FAILED,
                "c", StepStatus.SKIPPED, "h", StepStatus.SUCCEEDED, "x", StepStatus.SUCCEEDED);
        assertThat(WorkflowProgress.rerun(run, status)).containsExactly("b", "c");
    }
}
