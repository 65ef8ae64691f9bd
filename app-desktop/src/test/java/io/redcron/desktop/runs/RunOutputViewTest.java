package io.redcron.desktop.runs;

import io.redcron.desktop.RedcronApp;
import io.redcron.desktop.session.Workspace;
import io.redcron.desktop.ui.DialogService;
import io.redcron.desktop.ui.FxDialogService;
import io.redcron.desktop.ui.FxUiExecutor;
import io.redcron.desktop.ui.FxmlView;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.ViewLoader;
import io.redcron.desktop.ui.Views;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.ops.Operations;
import io.redcron.ops.OperatorPorts;
import io.redcron.port.LiveOutput;
import io.redcron.port.RunOutcome;
import io.redcron.schedule.CronDialect;
import io.redcron.testkit.InMemoryStores;
import javafx.event.Event;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.input.PickResult;
import javafx.scene.input.ScrollEvent;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;
import static org.awaitility.Awaitility.await;

/**
 * The runs screen and a run's output window, headless, on in-memory stores: the output is
 * followed, the operator scrolls up while more arrives, searches, wraps and saves.
 */
@ExtendWith(ApplicationExtension.class)
class RunOutputViewTest {
    private static final Duration PATIENCE = Duration.ofSeconds(15);
    private static final String NAMESPACE = "desk";

    private final Clock clock = Clock.systemUTC();
    private final InMemoryStores stores = new InMemoryStores(clock);
    private final SavingDialogs dialogs = new SavingDialogs();
    private FxUiExecutor executor;
    private Operations operations;
    private Scene scene;
    private Task task;

    @TempDir
    Path folder;

    /** Real windows, and a scripted answer where a file chooser would ask where to save. */
    private static final class SavingDialogs implements DialogService {
        private final FxDialogService windows = new FxDialogService();
        private Path saveTo;

        @Override
        public boolean confirm(Confirmation question) {
            throw new AssertionError("unexpected question: " + question.text());
        }

        @Override
        public Optional<String> askText(TextQuestion question) {
            throw new AssertionError("unexpected question: " + question.header());
        }

        @Override
        public void inform(Information message) {
            throw new AssertionError("unexpected message: " + message.text());
        }

        @Override
        public DialogWindow open(String title, Parent content) {
            return windows.open(title, content);
        }

        @Override
        public DialogWindow openBeside(String title, Parent content) {
            return windows.openBeside(title, content);
        }

        @Override
        public Optional<Path> chooseFileToSave(String title, String suggestedName) {
            return Optional.ofNullable(saveTo);
        }

        @Override
        public Optional<Path> chooseFileToOpen(String title, java.util.List<String> patterns) {
            throw new AssertionError("unexpected file question: " + title);
        }
    }

    @Start
    void start(Stage stage) {
        // The app's theme sizes list cells itself: the views are tested as the app shows them.
        RedcronApp.applyTheme();
        executor = new FxUiExecutor();
        task = stores.tasks().create(Task.builder().namespace(NAMESPACE).name("backup").cron("0 3 * * *")
                .dialect(CronDialect.UNIX).zone(ZoneOffset.UTC).payload(new ShellPayload("echo hi", null, Map.of()))
                .build(), "test");
        operations = new Operations(new OperatorPorts(stores.tasks(), stores.runs(), stores.queue(),
                stores.events(), stores.audit(), stores.deadLetters(), stores.liveOutput()), NAMESPACE, "tester", clock);
        scene = new Scene(screen(Locale.ENGLISH), 1200, 800);
        stage.setScene(scene);
        stage.show();
    }

    /** The runs screen, loaded as the app loads it. */
    private Parent screen(Locale locale) {
        Messages messages = new Messages(locale);
        RunsViewModel model = new RunsViewModel(operations, stores.runs(), stores.retention(), new Workspace(NAMESPACE, "tester", clock),
                executor, messages, ZoneOffset.UTC);
        Views none = new Views() {
            @Override
            public <C> ViewLoader.Loaded<C> open(FxmlView view) {
                throw new AssertionError("no other view is opened here: " + view);
            }
        };
        return new ViewLoader(messages, type -> new RunsController(model, none, dialogs)).load(FxmlView.RUNS).root();
    }

    @AfterEach
    void close(FxRobot robot) {
        robot.interact(() -> {
            Window.getWindows().stream().filter(w -> w instanceof Stage stage && stage.getOwner() != null)
                    .map(Stage.class::cast).toList().forEach(Stage::close);
            scene.setRoot(new StackPane());
        });
        executor.close();
    }

    /** A value read on the FX thread. */
    private static <T> T read(Callable<T> value) {
        return WaitForAsyncUtils.waitForAsyncFx(PATIENCE.toMillis(), value);
    }

    private Run running() {
        Run queued = stores.runs().insertOrGetCronFire(task.id(), Instant.now().minusSeconds(60).truncatedTo(ChronoUnit.SECONDS), 1);
        Instant now = Instant.now();
        return stores.runs().claim(queued.id(), "node-1", now, now.plus(Duration.ofMinutes(5))).orElseThrow();
    }

    private void write(Run run, String text, boolean end) {
        stores.liveOutput().write(List.of(new LiveOutput.Write(run.id(), List.of(text), end)));
    }

    private static String lines(int from, int to) {
        return IntStream.rangeClosed(from, to).mapToObj(i -> String.format("line %04d%n", i)).collect(Collectors.joining());
    }

    /** Selects the screen's only run, looked up on the FX thread. */
    @SuppressWarnings("unchecked")
    private void selectTheRun(FxRobot robot) {
        await().atMost(PATIENCE).until(() -> read(() -> !((TableView<RunRow>) scene.lookup("#table")).getItems().isEmpty()));
        robot.interact(() -> ((TableView<RunRow>) scene.lookup("#table")).getSelectionModel().select(0));
    }

    private static Stage outputWindow(FxRobot robot, Run run) {
        String title = "Output of run " + run.id() + " · backup";
        await().atMost(PATIENCE).until(() -> robot.listWindows().stream()
                .anyMatch(w -> w instanceof Stage s && title.equals(s.getTitle()) && s.isShowing()));
        return robot.listWindows().stream().filter(w -> w instanceof Stage s && title.equals(s.getTitle()))
                .map(Stage.class::cast).findFirst().orElseThrow();
    }

    @SuppressWarnings("unchecked")
    private static <T extends Node> T in(FxRobot robot, Stage window, String selector) {
        return read(() -> (T) window.getScene().lookup(selector));
    }

    private static int firstVisible(FxRobot robot, ListView<String> list) {
        return read(() -> {
            IndexedCell<?> cell = ((VirtualFlow<?>) list.lookup(".virtual-flow")).getFirstVisibleCell();
            return cell == null ? -1 : cell.getIndex();
        });
    }

    private static int lastVisible(FxRobot robot, ListView<String> list) {
        return read(() -> {
            IndexedCell<?> cell = ((VirtualFlow<?>) list.lookup(".virtual-flow")).getLastVisibleCell();
            return cell == null ? -1 : cell.getIndex();
        });
    }

    @Test
    void theOutputWindowFollowsUntilScrolledUpThenSearchesWrapsSavesAndShowsTheEnd(FxRobot robot) throws Exception {
        Run busy = running();
        write(busy, lines(1, 300), false);
        selectTheRun(robot);
        Button open = read(() -> (Button) scene.lookup("#openOutput"));
        await().atMost(PATIENCE).until(() -> !open.isDisabled());
        robot.interact(open::fire);

        Stage window = outputWindow(robot, busy);
        assertThat(window.getWidth()).isEqualTo(900);
        assertThat(window.getModality()).as("the main window stays usable").isEqualTo(javafx.stage.Modality.NONE);
        assertThat(window.getHeight()).isGreaterThanOrEqualTo(600);
        ListView<String> list = in(robot, window, "#lines");
        ToggleButton follow = in(robot, window, "#follow");
        Label state = in(robot, window, "#state");
        await().atMost(PATIENCE).until(() -> list.getItems().size() == 300);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(follow.isSelected()).isTrue();
        assertThat(lastVisible(robot, list)).as("following keeps to the newest line").isEqualTo(299);
        assertThat(state.getText()).isEqualTo("Running: new output appears as it comes.");

        wheelUp(robot, list, ".list-cell", 400);
        assertThat(follow.isSelected()).as("scrolling up stops following").isFalse();
        int top = firstVisible(robot, list);
        assertThat(top).isLessThan(299 - 10);

        write(busy, lines(301, 400), false);
        await().atMost(PATIENCE).until(() -> list.getItems().size() == 400);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(firstVisible(robot, list)).as("new output leaves the view where the operator put it").isEqualTo(top);
        assertThat(follow.isSelected()).isFalse();

        TextField search = in(robot, window, "#search");
        Label count = in(robot, window, "#matchCount");
        robot.interact(() -> search.setText("LINE 01"));
        assertThat(count.getText()).isEqualTo("1 of 100");
        assertThat(list.getSelectionModel().getSelectedIndices()).containsExactly(99);
        robot.interact(() -> ((Button) window.getScene().lookup("#nextMatch")).fire());
        assertThat(count.getText()).isEqualTo("2 of 100");
        assertThat(list.getSelectionModel().getSelectedItem()).isEqualTo("line 0101");
        WaitForAsyncUtils.waitForFxEvents();
        int atMatch = firstVisible(robot, list);
        assertThat(atMatch).isBetween(90, 101);

        write(busy, lines(401, 450) + "line 0199 again\n", false);
        await().atMost(PATIENCE).until(() -> list.getItems().size() == 451);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(list.getSelectionModel().getSelectedItem()).as("new output keeps the selection").isEqualTo("line 0101");
        assertThat(firstVisible(robot, list)).isEqualTo(atMatch);
        assertThat(count.getText()).isEqualTo("2 of 101");

        ToggleButton wrap = in(robot, window, "#wrap");
        robot.interact(wrap::fire);
        WaitForAsyncUtils.waitForFxEvents();
        List<Boolean> wrapped = read(() -> list.lookupAll(".list-cell").stream().map(ListCell.class::cast)
                .filter(cell -> cell.isVisible() && !cell.isEmpty()).map(ListCell::isWrapText).toList());
        assertThat(wrapped).isNotEmpty().containsOnly(true);

        Path file = folder.resolve("saved.log");
        dialogs.saveTo = file;
        robot.interact(() -> ((Button) window.getScene().lookup("#save")).fire());
        String expected = lines(1, 450) + "line 0199 again\n";
        await().atMost(PATIENCE).until(() -> Files.exists(file)
                && Files.readString(file, StandardCharsets.UTF_8).equals(expected));
        await().atMost(PATIENCE).until(() -> read(() -> ((Label) window.getScene().lookup("#notice")).getText())
                .equals("Saved to " + file + "."));

        robot.interact(() -> follow.fire());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(lastVisible(robot, list)).as("the toggle goes back to the end").isEqualTo(450);

        Instant end = Instant.now();
        stores.runs().complete(busy.id(), busy.attempt(), RunStatus.RUNNING,
                new RunOutcome(RunStatus.SUCCEEDED, end, 0, expected, null));
        write(busy, "done\n", true);
        await().atMost(PATIENCE).until(() -> read(state::getText).startsWith("Ended: Succeeded at "));
        assertThat(state.getText()).endsWith(", exit code 0.");
        assertThat(follow.isSelected()).isFalse();
        assertThat(follow.isDisabled()).as("nothing more to follow").isTrue();
        assertThat(list.getItems()).last().isEqualTo("done");
    }

    @Test
    void theDetailsPreviewStaysWhereTheOperatorScrolledWhileOutputArrives(FxRobot robot) {
        Run busy = running();
        write(busy, lines(1, 200), false);
        selectTheRun(robot);
        TextArea preview = read(() -> (TextArea) scene.lookup("#output"));
        ScrollPane pane = read(() -> (ScrollPane) preview.lookup(".scroll-pane"));
        await().atMost(PATIENCE).until(() -> read(preview::getText).endsWith("line 0200\n"));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(read(pane::getVvalue)).as("at the end while following").isEqualTo(pane.getVmax());

        wheelUp(robot, preview, ".content", 400);
        double scrolledTo = read(() -> pixelsFromTop(pane));
        assertThat(read(pane::getVvalue)).isLessThan(pane.getVmax());

        write(busy, lines(201, 260), false);
        await().atMost(PATIENCE).until(() -> read(preview::getText).endsWith("line 0260\n"));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(read(() -> pixelsFromTop(pane))).as("the same lines in view").isCloseTo(scrolledTo, offset(1.0));

        // Selecting "line 0003" brings it into view, near the top.
        robot.interact(() -> preview.selectRange(20, 29));
        WaitForAsyncUtils.waitForFxEvents();
        double atSelection = read(() -> pixelsFromTop(pane));
        write(busy, lines(261, 300), false);
        await().atMost(PATIENCE).until(() -> read(preview::getText).endsWith("line 0300\n"));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(read(() -> pixelsFromTop(pane))).isCloseTo(atSelection, offset(1.0));
        assertThat(read(preview::getSelectedText)).as("new output keeps the selection").isEqualTo("line 0003");
    }

    /**
     * Turns the mouse wheel over {@code view} by {@code pixels} towards the start, as the wheel
     * event reaches it: at a node inside it. (The glass robot's wheel steps move a headless view
     * by a pixel each.)
     */
    private static void wheelUp(FxRobot robot, Node view, String inside, double pixels) {
        robot.interact(() -> {
            Node target = view.lookup(inside);
            Bounds bounds = target.localToScene(target.getLayoutBounds());
            double x = bounds.getCenterX();
            double y = bounds.getCenterY();
            Event.fireEvent(target, new ScrollEvent(ScrollEvent.SCROLL, x, y, x, y, false, false, false, false, false,
                    false, 0, pixels, 0, pixels, ScrollEvent.HorizontalTextScrollUnits.NONE, 0,
                    ScrollEvent.VerticalTextScrollUnits.NONE, 0, 0, new PickResult(target, x, y)));
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static double pixelsFromTop(ScrollPane pane) {
        double hidden = pane.getContent().getLayoutBounds().getHeight() - pane.getViewportBounds().getHeight();
        return pane.getVvalue() / pane.getVmax() * hidden;
    }

    @Test
    void aDoubleClickOnARunOpensItsOutput(FxRobot robot) {
        Run busy = running();
        stores.runs().complete(busy.id(), busy.attempt(), RunStatus.RUNNING,
                new RunOutcome(RunStatus.FAILED, Instant.now(), 2, "it broke\n", "exit code 2"));
        selectTheRun(robot);
        WaitForAsyncUtils.waitForFxEvents();

        robot.doubleClickOn(read(() -> scene.lookup(".run-status-failed")), javafx.scene.input.MouseButton.PRIMARY);

        Stage window = outputWindow(robot, busy);
        ListView<String> list = in(robot, window, "#lines");
        await().atMost(PATIENCE).until(() -> read(() -> List.copyOf(list.getItems())).equals(List.of("it broke")));
        Label state = in(robot, window, "#state");
        assertThat(read(state::getText)).startsWith("Ended: Failed at ").endsWith(", exit code 2.");
    }

    @Test
    void theContextMenuOpensTheOutputAndTheWindowIsInChinese(FxRobot robot) {
        robot.interact(() -> scene.setRoot(screen(Locale.SIMPLIFIED_CHINESE)));
        Run busy = running();
        stores.runs().complete(busy.id(), busy.attempt(), RunStatus.RUNNING,
                new RunOutcome(RunStatus.FAILED, Instant.now(), 2, "出错了\n", "exit code 2"));
        selectTheRun(robot);
        WaitForAsyncUtils.waitForFxEvents();

        robot.rightClickOn(read(() -> scene.lookup(".run-status-failed")));
        robot.clickOn("打开输出");

        String title = "运行 " + busy.id() + " 的输出 · backup";
        await().atMost(PATIENCE).until(() -> robot.listWindows().stream()
                .anyMatch(w -> w instanceof Stage s && title.equals(s.getTitle()) && s.isShowing()));
        Stage window = robot.listWindows().stream().filter(w -> w instanceof Stage s && title.equals(s.getTitle()))
                .map(Stage.class::cast).findFirst().orElseThrow();
        Label state = in(robot, window, "#state");
        await().atMost(PATIENCE).until(() -> read(state::getText).startsWith("已结束：失败，结束于 "));
        assertThat(read(() -> ((ToggleButton) window.getScene().lookup("#follow")).getText())).isEqualTo("跟随");
        assertThat(read(() -> ((ToggleButton) window.getScene().lookup("#wrap")).getText())).isEqualTo("自动换行");
        assertThat(read(() -> ((TextField) window.getScene().lookup("#search")).getPromptText())).isEqualTo("搜索输出");
        ListView<String> list = in(robot, window, "#lines");
        assertThat(read(() -> List.copyOf(list.getItems()))).containsExactly("出错了");
    }

    @Test
    void wrappingShowsALongLineWhole(FxRobot robot) {
        Run busy = running();
        stores.runs().complete(busy.id(), busy.attempt(), RunStatus.RUNNING,
                new RunOutcome(RunStatus.SUCCEEDED, Instant.now(), 0, "short\n" + "word ".repeat(300) + "\n", null));
        selectTheRun(robot);
        Button open = read(() -> (Button) scene.lookup("#openOutput"));
        await().atMost(PATIENCE).until(() -> !open.isDisabled());
        robot.interact(open::fire);
        Stage window = outputWindow(robot, busy);
        ListView<String> list = in(robot, window, "#lines");
        await().atMost(PATIENCE).until(() -> read(() -> list.getItems().size()) == 2);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(read(() -> cellHeight(list, 1))).isEqualTo(read(() -> cellHeight(list, 0)));

        robot.interact(((ToggleButton) read(() -> window.getScene().lookup("#wrap")))::fire);

        await().atMost(PATIENCE).untilAsserted(() ->
                assertThat(read(() -> cellHeight(list, 1))).isGreaterThan(3 * read(() -> cellHeight(list, 0))));
    }

    private static double cellHeight(ListView<String> list, int index) {
        return list.lookupAll(".list-cell").stream().map(ListCell.class::cast)
                .filter(cell -> cell.isVisible() && cell.getIndex() == index).findFirst().orElseThrow().getHeight();
    }
}
