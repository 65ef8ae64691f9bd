package io.redcron.desktop.workflows;

import io.redcron.desktop.runs.RunsPreset;
import io.redcron.desktop.session.Session;
import io.redcron.desktop.ui.DialogStage;
import io.redcron.desktop.ui.ScriptedDialogs;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.ops.WorkflowOperations;
import io.redcron.port.RunOutcome;
import io.redcron.port.WorkflowRuns;
import io.redcron.store.mysql.MysqlWorkflowRuns;
import io.redcron.testing.MysqlStores;
import io.redcron.workflow.Edge;
import io.redcron.workflow.Step;
import io.redcron.workflow.StepRun;
import io.redcron.workflow.StepStatus;
import io.redcron.workflow.StepTarget;
import io.redcron.workflow.Workflow;
import io.redcron.workflow.WorkflowRun;
import io.redcron.workflow.WorkflowRunStatus;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A workflow run's window, headless, on the real stores, with the leader's part played by hand
 * (the run advanced through the store, the steps' task runs claimed and ended as a worker would):
 * each step's state shows on its box as it changes, a step opens its task run, and a failed run
 * is run again.
 */
@ExtendWith(ApplicationExtension.class)
class WorkflowRunViewIT {
    private static final Duration PATIENCE = Duration.ofSeconds(15);
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();

    private final ScriptedDialogs dialogs = new ScriptedDialogs();
    private final List<RunsPreset> opened = new ArrayList<>();
    private DialogStage shown;
    private Session session;
    private WorkflowRuns workflowRuns;
    private WorkflowOperations operations;
    private WorkflowRun run;
    private long epoch;

    @Start
    void start(Stage stage) {
        shown = new DialogStage(mysql.config());
        shown.start(stage, 1100, 760);
        session = shown.session();
        for (String task : List.of("extract-a", "extract-b", "load")) {
            shown.task(task, "etl");
        }
        operations = session.workflows();
        operations.add(Workflow.of(session.namespace(), "etl", List.of(
                new Step("a", StepTarget.task("extract-a"), null, null, null),
                new Step("b", StepTarget.task("extract-b"), null, null, null),
                new Step("c", StepTarget.task("load"), null, null, List.of(Edge.onSuccess("a"), Edge.onSuccess("b"))))));
        run = operations.trigger("etl", Map.of());
        workflowRuns = new MysqlWorkflowRuns(mysql.pool());
        epoch = session.epochs().advance(session.namespace(), "test-leader");
        advanceUntil(StepStatus.RUNNING, "a", "b");
        new WorkflowRunWindow(shown.viewsByType((type, screens) -> new WorkflowRunController(screens.workflowRun())),
                dialogs, shown.messages(), opened::add).open(run.id());
        shown.showNewest(dialogs);
    }

    @AfterEach
    void close() throws Exception {
        shown.close();
    }

    @Test
    void showsEachStepsStateLiveOpensAStepsRunAndRerunsTheFailedRun(FxRobot robot) {
        assertThat(dialogs.opened().get(0).title()).isEqualTo("Workflow run " + run.id());
        await().atMost(PATIENCE).until(() -> line(robot, 2).equals("\u2026 Pending"));
        assertThat(line(robot, 0)).isEqualTo("\u25b6 Running");
        assertThat(box(robot, 0).getStyleClass()).contains("step-running");
        assertThat(box(robot, 2).getStyleClass()).contains("step-pending");
        assertThat(robot.lookup(".wf-edge").queryAll()).hasSize(2);
        assertThat(robot.lookup("#title").queryAs(Label.class).getText()).isEqualTo("Run " + run.id() + " of workflow etl");
        Button rerun = robot.lookup("#rerunRun").queryButton();
        assertThat(rerun.isDisabled()).isTrue();

        // A worker ends a's run well and b's badly; the leader settles the steps. The window follows.
        Map<String, Long> runs = stepRuns();
        end(runs.get("a"), RunStatus.SUCCEEDED);
        end(runs.get("b"), RunStatus.FAILED);
        advanceUntil(StepStatus.SKIPPED, "c");
        await().atMost(PATIENCE).until(() -> line(robot, 2).equals("\u293c Skipped"));
        assertThat(line(robot, 0)).isEqualTo("\u2714 Succeeded");
        assertThat(line(robot, 1)).isEqualTo("\u2716 Failed");
        assertThat(box(robot, 1).getStyleClass()).contains("step-failed").doesNotContain("step-running");
        TableView<StepRunRow> table = robot.lookup("#steps").queryTableView();
        assertThat(table.getItems().get(2).reason()).isNotBlank();
        await().atMost(PATIENCE).until(() -> !rerun.isDisabled());

        // A click selects a step and shows its reason; a double click (or the button) opens its task run.
        robot.clickOn(box(robot, 2));
        assertThat(box(robot, 2).getStyleClass()).contains("selected");
        assertThat(robot.lookup("#stepDetail").queryAs(Label.class).getText())
                .startsWith("Step c (task load): \u293c Skipped \u2014 ").endsWith(table.getItems().get(2).reason());
        assertThat(robot.lookup("#openStep").queryButton().isDisabled()).isTrue(); // skipped: no run to open
        robot.doubleClickOn(box(robot, 1));
        assertThat(opened).containsExactly(RunsPreset.ofRun("extract-b", runs.get("b")));
        robot.clickOn(box(robot, 0)).clickOn("#openStep");
        assertThat(opened).last().isEqualTo(RunsPreset.ofRun("extract-a", runs.get("a")));

        // The runs screen says which step a run is, and leads back to the workflow run.
        io.redcron.desktop.runs.RunsViewModel runsScreen = new io.redcron.desktop.session.Screens(session,
                io.redcron.desktop.ui.UiExecutor.direct(), shown.messages()).runs(java.time.ZoneOffset.UTC);
        runsScreen.open(RunsPreset.ofRun("extract-b", runs.get("b")));
        assertThat(runsScreen.selectedProperty().get().id()).isEqualTo(runs.get("b"));
        assertThat(runsScreen.selectedProperty().get().trigger()).isEqualTo("Workflow step");
        assertThat(runsScreen.workflowStepTextProperty().get()).isEqualTo("Step b of workflow run " + run.id());
        assertThat(runsScreen.workflowStepProperty().get().workflowRunId()).isEqualTo(run.id());

        robot.clickOn(rerun);
        await().atMost(PATIENCE).until(() -> operations.run(run.id()).status() == WorkflowRunStatus.RUNNING);
        await().atMost(PATIENCE).until(() -> line(robot, 1).equals("\u2026 Pending"));
        assertThat(line(robot, 0)).isEqualTo("\u2714 Succeeded");
        assertThat(robot.lookup("#noticeText").queryAs(Label.class).getText())
                .isEqualTo("Workflow run " + run.id() + " runs again from its failed steps.");
    }

    private void advanceUntil(StepStatus status, String... steps) {
        await().atMost(PATIENCE).until(() -> {
            workflowRuns.advance(session.namespace(), epoch, run.id(), Instant.now());
            Map<String, StepStatus> now = new java.util.HashMap<>();
            operations.steps(run.id()).forEach(step -> now.put(step.step(), step.status()));
            return java.util.Arrays.stream(steps).allMatch(step -> now.get(step) == status);
        });
    }

    private Map<String, Long> stepRuns() {
        Map<String, Long> ids = new java.util.HashMap<>();
        for (StepRun step : operations.steps(run.id())) {
            if (step.runId() != null) {
                ids.put(step.step(), step.runId());
            }
        }
        return ids;
    }

    private void end(long runId, RunStatus status) {
        Instant now = Instant.now();
        Run claimed = session.runs().claim(runId, "node-a", now, now.plusSeconds(60)).orElseThrow();
        session.runs().complete(runId, claimed.attempt(), RunStatus.RUNNING,
                new RunOutcome(status, now, status == RunStatus.SUCCEEDED ? 0 : 1, "", null));
    }

    private static Node box(FxRobot robot, int index) {
        return robot.lookup("#wfStep" + index).query();
    }

    private static String line(FxRobot robot, int index) {
        return robot.lookup("#wfStep" + index + " .step-line").queryAs(Label.class).getText();
    }
}
