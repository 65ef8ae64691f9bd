package io.redcron.desktop.workflows;

import io.redcron.desktop.cron.CronBuilderDialog;
import io.redcron.desktop.runs.RunsPreset;
import io.redcron.desktop.session.Session;
import io.redcron.desktop.ui.DialogStage;
import io.redcron.desktop.ui.FxmlView;
import io.redcron.desktop.ui.ScriptedDialogs;
import io.redcron.desktop.ui.ViewLoader;
import io.redcron.desktop.ui.Views;
import io.redcron.testing.MysqlStores;
import io.redcron.workflow.Edge;
import io.redcron.workflow.StepTarget;
import io.redcron.workflow.Workflow;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The workflows screen and its editor, headless, on the real stores: a fan-in workflow drawn step
 * by step, refused while a step is wrong or names a task that does not exist, then saved.
 */
@ExtendWith(ApplicationExtension.class)
class WorkflowsViewIT {
    private static final Duration PATIENCE = Duration.ofSeconds(15);
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();

    private final ScriptedDialogs dialogs = new ScriptedDialogs();
    private final List<RunsPreset> opened = new ArrayList<>();
    private DialogStage shown;
    private Session session;
    private WorkflowsController screen;

    @Start
    void start(Stage stage) {
        shown = new DialogStage(mysql.config());
        shown.start(stage, 1240, 800);
        session = shown.session();
        for (String task : List.of("extract-a", "extract-b", "load")) {
            shown.task(task, "etl");
        }
        Views[] views = new Views[1];
        views[0] = shown.viewsByType((type, screens) -> {
            if (type == WorkflowsController.class) {
                return new WorkflowsController(screens.workflows(), views[0], dialogs, opened::add);
            }
            if (type == WorkflowEditorController.class) {
                return new WorkflowEditorController(screens.workflowEditor(),
                        new CronBuilderDialog(shown.messages(), Clock.systemUTC()));
            }
            return new WorkflowRunController(screens.workflowRun());
        });
        ViewLoader.Loaded<WorkflowsController> loaded = views[0].open(FxmlView.WORKFLOWS);
        screen = loaded.controller();
        stage.getScene().setRoot(loaded.root());
    }

    @AfterEach
    void close() throws Exception {
        shown.close();
    }

    @Test
    void drawsAThreeStepFanInRefusesWhatIsWrongAndSavesIt(FxRobot robot) {
        robot.clickOn("#create");
        assertThat(dialogs.opened()).hasSize(1);
        assertThat(dialogs.opened().get(0).title()).isEqualTo("New workflow");
        robot.interact(() -> shown.showNewest(dialogs));
        Button save = robot.lookup("#save").queryButton();
        Label problem = robot.lookup("#problem").queryAs(Label.class);

        robot.clickOn("#name").write("etl-nightly");
        set(robot, "#stepName", "extract-a");
        assertThat(save.isDisabled()).isTrue();
        assertThat(problem.getText()).isEqualTo("step extract-a: names no task or workflow to run");
        assertThat(box(robot, 0).getStyleClass()).contains("step-invalid");
        assertThat(robot.lookup("#stepProblem").queryAs(Label.class).getText()).isEqualTo(problem.getText());

        set(robot, "#stepTarget", "extract-a");
        assertThat(problem.getText()).isEmpty();
        assertThat(box(robot, 0).getStyleClass()).doesNotContain("step-invalid");

        // A second root: the step added after extract-a loses its edge.
        robot.clickOn("#addStep");
        set(robot, "#stepName", "extract-b");
        set(robot, "#stepTarget", "extract-b");
        ListView<Edge> edges = robot.lookup("#edges").queryListView();
        assertThat(edges.getItems()).containsExactly(Edge.onSuccess("extract-a"));
        robot.interact(() -> edges.getSelectionModel().select(0));
        robot.clickOn("#removeEdge");
        assertThat(edges.getItems()).isEmpty();

        // The join: added after extract-b, then given extract-a as a second parent.
        robot.clickOn(box(robot, 1));
        robot.clickOn("#addStep");
        set(robot, "#stepName", "load");
        set(robot, "#stepTarget", "no-such-task");
        ComboBox<String> parent = robot.lookup("#edgeParent").queryComboBox();
        assertThat(parent.getItems()).containsExactly("extract-a", "extract-b");
        robot.interact(() -> parent.setValue("extract-a"));
        robot.clickOn("#addEdge");
        assertThat(edges.getItems()).containsExactly(Edge.onSuccess("extract-b"), Edge.onSuccess("extract-a"));
        assertThat(robot.lookup(".wf-step").queryAll()).hasSize(3);
        assertThat(robot.lookup(".wf-edge").queryAll()).hasSize(2);
        assertThat(save.isDisabled()).isFalse();

        // The operator actions refuse a task that does not exist: shown, nothing saved.
        robot.clickOn("#save");
        Label saveError = robot.lookup("#saveError").queryAs(Label.class);
        await().atMost(PATIENCE).until(() -> saveError.getText().equals(
                "Not saved: step load: task 'no-such-task' does not exist"));
        assertThat(session.workflows().list()).isEmpty();
        assertThat(dialogs.opened().get(0).isShowing()).isTrue();

        set(robot, "#stepTarget", "load");
        robot.clickOn("#save");
        await().atMost(PATIENCE).until(() -> !dialogs.opened().get(0).isShowing());

        Workflow stored = session.workflows().get("etl-nightly");
        assertThat(stored.steps()).extracting(step -> step.name()).containsExactly("extract-a", "extract-b", "load");
        assertThat(stored.graph().step("load").after())
                .containsExactly(Edge.onSuccess("extract-b"), Edge.onSuccess("extract-a"));
        assertThat(stored.graph().step("load").target()).isEqualTo(StepTarget.task("load"));
        assertThat(stored.graph().step("extract-b").isRoot()).isTrue();
        await().atMost(PATIENCE).until(() -> screen.model().workflows().stream()
                .anyMatch(row -> row.name().equals("etl-nightly") && row.steps() == 3));
        assertThat(screen.model().noticeProperty().get().text()).isEqualTo("Created workflow 'etl-nightly'.");
    }

    @Test
    void pausesTriggersAndDeletesTheSelectedWorkflowShowingARefusalInItsWords(FxRobot robot) {
        session.workflows().add(Workflow.of(session.namespace(), "report", List.of(
                new io.redcron.workflow.Step("only", StepTarget.task("load"), null, null, null))));
        javafx.scene.control.TableView<WorkflowRow> table = robot.lookup("#table").queryTableView();
        await().atMost(PATIENCE).until(() -> table.getItems().size() == 1);
        robot.interact(() -> table.getSelectionModel().select(0));

        robot.clickOn("#pause");
        await().atMost(PATIENCE).until(() -> !session.workflows().get("report").enabled());
        await().atMost(PATIENCE).until(() -> table.getItems().get(0).state().equals("Paused"));
        robot.clickOn("#triggerParams").write("day=2026-12-01");
        robot.clickOn("#trigger");
        Label error = robot.lookup("#error").queryAs(Label.class);
        await().atMost(PATIENCE).until(() -> error.getText().equals("workflow 'report' is paused; resume it first"));

        robot.clickOn("#resume");
        await().atMost(PATIENCE).until(() -> session.workflows().get("report").enabled());
        robot.clickOn("#trigger");
        await().atMost(PATIENCE).until(() -> session.workflows().runs("report", io.redcron.port.PageRequest.first(5))
                .items().size() == 1);
        assertThat(session.workflows().runs("report", io.redcron.port.PageRequest.first(5)).items().get(0).params())
                .containsEntry("day", "2026-12-01");
        javafx.scene.control.TableView<WorkflowRunRow> runs = robot.lookup("#runs").queryTableView();
        await().atMost(PATIENCE).until(() -> runs.getItems().size() == 1);
        assertThat(runs.getItems().get(0).status()).isEqualTo("Queued");

        dialogs.answer(true);
        robot.clickOn("#delete");
        await().atMost(PATIENCE).until(() -> session.workflows().list().isEmpty());
        assertThat(dialogs.questions().get(0).text()).isEqualTo("Delete workflow 'report'? Its runs stay in the history.");
        await().atMost(PATIENCE).until(table.getItems()::isEmpty);
    }

    @Test
    void aWorkflowChangedSinceItWasOpenedOrANameTakenIsRefusedAndNothingIsSaved() {
        Workflow first = session.workflows().add(Workflow.of(session.namespace(), "first", List.of(
                new io.redcron.workflow.Step("only", StepTarget.task("load"), null, null, null))));
        io.redcron.desktop.session.Screens screens = new io.redcron.desktop.session.Screens(session,
                io.redcron.desktop.ui.UiExecutor.direct(), shown.messages());
        WorkflowEditorViewModel stale = screens.workflowEditor();
        stale.edit(first);
        session.workflows().setEnabled("first", false);
        stale.descriptionProperty().set("nightly load");
        stale.save(saved -> { throw new AssertionError("saved over a newer version"); });

        assertThat(stale.saveErrorProperty().get()).isEqualTo("Workflow 'first' was changed by someone else since you"
                + " opened it; nothing was saved. Close the editor and open it again.");
        assertThat(session.workflows().get("first").description()).isEmpty();

        WorkflowEditorViewModel taken = screens.workflowEditor();
        taken.startNew();
        taken.nameProperty().set("first");
        taken.steps().get(0).targetProperty().set("load");
        taken.save(saved -> { throw new AssertionError("saved a second 'first'"); });
        assertThat(taken.saveErrorProperty().get())
                .isEqualTo("A workflow named 'first' already exists in this namespace; choose another name.");
        assertThat(session.workflows().list()).hasSize(1);

        WorkflowEditorViewModel fresh = screens.workflowEditor();
        fresh.edit(session.workflows().get("first"));
        fresh.descriptionProperty().set("nightly load");
        List<Workflow> saved = new ArrayList<>();
        fresh.save(saved::add);
        assertThat(saved).hasSize(1);
        assertThat(session.workflows().get("first").description()).isEqualTo("nightly load");
        assertThat(session.workflows().get("first").enabled()).isFalse();
    }

    private static void set(FxRobot robot, String id, String text) {
        TextField field = robot.lookup(id).queryAs(TextField.class);
        robot.interact(() -> field.setText(text));
    }

    private static Node box(FxRobot robot, int index) {
        return robot.lookup("#wfStep" + index).query();
    }
}
