package io.redcron.desktop;

import io.redcron.config.MysqlConfig;
import io.redcron.desktop.connect.ProfileRepository;
import io.redcron.desktop.demo.DemoWorld;
import io.redcron.desktop.runs.RunsPreset;
import io.redcron.desktop.session.SessionFactory;
import io.redcron.desktop.tasks.TaskRow;
import io.redcron.desktop.ui.FxUiExecutor;
import io.redcron.desktop.ui.Messages;
import io.redcron.testing.TestDatabase;
import io.redcron.testing.TestRedis;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A tour of the app on a production-like installation ({@link DemoWorld}): every screen in English
 * and Chinese, the task editor, the cron builder in each dialect, the trigger dialog, a run's live
 * output, a run's attempts, the dead runs and the dark theme. Each must load without an error.
 * With {@code -Dredcron.screenshots=DIR} the demo gets its full history and every stop is saved
 * there as a PNG ({@code scripts/screenshots.sh} regenerates {@code docs/screenshots} this way);
 * without it the history is short, so that the tour stays quick in {@code mvn verify}.
 */
@ExtendWith(ApplicationExtension.class)
class ScreenshotsIT {
    private static final String TARGET = System.getProperty("redcron.screenshots", "");
    private static final List<String> SCREENS = List.of("tasks", "runs", "queues", "cluster", "dashboard", "audit");
    private static final Duration LOAD = Duration.ofSeconds(20);

    private static MysqlConfig database;
    private static DemoWorld world;
    private static DemoWorld.Seeded demo;

    @TempDir
    static Path home;

    private FxUiExecutor executor;
    private AppContext context;
    private Scene scene;

    @BeforeAll
    static void seed() {
        database = TestDatabase.freshSchema();
        world = new DemoWorld(database, TestRedis.uri());
        demo = world.seed(saving() ? 300 : 12);
        System.out.printf("demo %s seeded in %d ms: %d tasks, %d runs of history%n", demo.namespace(),
                demo.took().toMillis(), demo.taskNames().size(), demo.historyRuns());
    }

    private static boolean saving() {
        return !TARGET.isBlank();
    }

    @Start
    void start(Stage stage) {
        RedcronApp.applyTheme();
        executor = new FxUiExecutor();
        scene = new Scene(new javafx.scene.layout.StackPane(), 1366, 768);
        context = new AppContext(executor, new io.redcron.desktop.ui.FxDialogService(),
                new SessionFactory("alice@desktop", Clock.systemUTC()),
                new ProfileRepository(home.resolve("profiles.json")), Optional::empty, new Messages(Locale.ENGLISH),
                changed -> scene.setRoot(changed.currentView()));
        scene.setRoot(context.currentView());
        stage.setScene(scene);
        stage.show();
    }

    @AfterEach
    void close(FxRobot robot) {
        robot.interact(() -> Window.getWindows().stream().filter(window -> window != scene.getWindow()).toList()
                .forEach(Window::hide));
        context.close();
        executor.close();
    }

    @Test
    void everyScreenAndDialogLoadsInEnglishAndChinese(FxRobot robot) {
        long started = System.nanoTime();
        fill(robot, "#name", "Production EU");
        fill(robot, "#redisUri", TestRedis.uri());
        fill(robot, "#jdbcUrl", database.jdbcUrl());
        fill(robot, "#user", database.user());
        fill(robot, "#namespace", demo.namespace());
        if (!database.password().isEmpty()) {
            fill(robot, "#dbPassword", database.password().reveal());
        }
        press(robot, "#connect");
        await().atMost(Duration.ofSeconds(30)).until(() -> shows(robot, "#tasksButton"));

        tour(robot, "");
        editorAndCronBuilders(robot, "", List.of("quartz", "unix", "spring"));
        trigger(robot, "");
        liveOutput(robot, "");
        attempts(robot, "");
        deadRuns(robot, "");
        dark(robot);

        Parent english = scene.getRoot();
        press(robot, "#chineseButton");
        // The switch replaces the whole view: wait for the new root before touring it.
        await().atMost(Duration.ofSeconds(10)).until(() -> scene.getRoot() != english && shows(robot, "#tasksButton"));
        tour(robot, "-zh");
        if (saving()) {
            // The dialogs were checked in English already: in Chinese only for their pictures.
            editorAndCronBuilders(robot, "-zh", List.of("quartz"));
            trigger(robot, "-zh");
            liveOutput(robot, "-zh");
            attempts(robot, "-zh");
            deadRuns(robot, "-zh");
        }
        System.out.printf("tour took %d ms%n", Duration.ofNanos(System.nanoTime() - started).toMillis());
    }

    // ---- the stops of the tour ----

    private void tour(FxRobot robot, String suffix) {
        for (String screen : SCREENS) {
            if (screen.equals("cluster")) {
                world.beat();
            }
            show(robot, screen);
            save(screen + suffix, scene);
        }
    }

    /** The editor of an existing task, and from it the cron builder, once per dialect asked for. */
    private void editorAndCronBuilders(FxRobot robot, String suffix, List<String> dialects) {
        show(robot, "tasks");
        for (String dialect : dialects) {
            String task = demo.cronByDialect().get(dialect);
            selectTask(robot, task);
            Window editor = opens(robot, () -> lookup(scene.getRoot(), "#edit"));
            await().atMost(LOAD).until(() -> text(robot, editor, "#name").equals(task));
            settle();
            noError(robot, editor.getScene().getRoot(), "editor " + task + suffix);
            if (dialect.equals("quartz")) {
                save("editor" + suffix, editor.getScene());
            }
            Window builder = opens(robot, () -> lookup(editor.getScene().getRoot(), "#buildCron"));
            await().atMost(LOAD).until(() -> lookup(builder.getScene().getRoot(), "#expression") != null);
            settle();
            save("cron-" + dialect + suffix, builder.getScene());
            hide(robot, builder);
            hide(robot, editor);
        }
    }

    /** "Trigger now…" on the runs screen, for the task of the run selected. */
    private void trigger(FxRobot robot, String suffix) {
        show(robot, "runs");
        TableView<?> runs = table(robot, "#table");
        robot.interact(() -> runs.getSelectionModel().clearAndSelect(0));
        Window dialog = opens(robot, () -> lookup(scene.getRoot(), "#trigger"));
        await().atMost(LOAD).until(() -> !text(robot, dialog, "#triggerTask").isBlank());
        settle();
        save("trigger" + suffix, dialog.getScene());
        hide(robot, dialog);
    }

    /** The output window of the run that runs now, following its long output live. */
    private void liveOutput(FxRobot robot, String suffix) {
        openRun(robot, demo.liveTask(), demo.liveRun());
        Window output = opens(robot, () -> lookup(scene.getRoot(), "#openOutput"));
        ListView<?> lines = (ListView<?>) lookup(output.getScene().getRoot(), "#lines");
        await().atMost(LOAD).until(() -> lines.getItems().size() > 100);
        robot.interact(() -> lines.scrollTo(lines.getItems().size() - 1));
        settle();
        noError(robot, output.getScene().getRoot(), "output" + suffix);
        save("output" + suffix, output.getScene());
        hide(robot, output);
    }

    /** The runs screen on a run that needed three attempts, its attempts shown, the first one chosen. */
    private void attempts(FxRobot robot, String suffix) {
        openRun(robot, demo.retriedTask(), demo.retriedRun());
        TabPane tabs = (TabPane) lookup(scene.getRoot(), "#detailTabs");
        robot.interact(() -> tabs.getSelectionModel().select(tabs.getTabs().stream()
                .filter(tab -> "attemptsTab".equals(tab.getId())).findFirst().orElseThrow()));
        TableView<?> attempts = table(robot, "#attemptsTable");
        await().atMost(LOAD).until(() -> attempts.getItems().size() >= 3);
        robot.interact(() -> {
            attempts.getSelectionModel().clearAndSelect(0);
            // The details get the room the operator would give them by dragging the divider up,
            // and the run stays in view above them.
            if (lookup(scene.getRoot(), ".split-pane") instanceof javafx.scene.control.SplitPane split) {
                split.setDividerPositions(0.27);
            }
            for (Parent up = attempts.getParent(); up != null; up = up.getParent()) {
                if (up instanceof javafx.scene.control.SplitPane split) {
                    split.setDividerPositions(0.72);
                    break;
                }
            }
            TableView<?> runs = (TableView<?>) lookup(scene.getRoot(), "#table");
            runs.scrollTo(Math.max(0, runs.getSelectionModel().getSelectedIndex() - 1));
        });
        settle();
        noError(robot, scene.getRoot(), "attempts" + suffix);
        save("attempts" + suffix, scene);
    }

    /** The queues screen's dead runs. */
    private void deadRuns(FxRobot robot, String suffix) {
        show(robot, "queues");
        TabPane tabs = (TabPane) lookup(scene.getRoot(), "#tabs");
        robot.interact(() -> tabs.getSelectionModel().select(tabs.getTabs().stream()
                .filter(tab -> "deadTab".equals(tab.getId())).findFirst().orElseThrow()));
        TableView<?> dead = table(robot, "#deadTable");
        await().atMost(LOAD).until(() -> dead.getItems().size() >= 2);
        settle();
        save("queues-dead" + suffix, scene);
    }

    /** Two screens in the dark theme, then back to the light one. */
    private void dark(FxRobot robot) {
        robot.interact(context::toggleTheme);
        try {
            for (String screen : List.of("tasks", "cluster")) {
                show(robot, screen);
                save(screen + "-dark", scene);
            }
        } finally {
            robot.interact(context::toggleTheme);
        }
    }

    // ---- getting around ----

    /** Shows a screen of the sidebar and waits for its first rows. */
    private void show(FxRobot robot, String screen) {
        press(robot, "#" + screen + "Button");
        if (screen.equals("dashboard")) {
            // The last day rather than the last hour: the history is days long.
            press(robot, "#dayButton");
            await(screen).atMost(LOAD).until(() -> lookup(scene.getRoot(), "#updated") instanceof Label updated
                    && !updated.getText().isBlank());
        } else {
            String rows = switch (screen) {
                case "queues" -> "#streamsTable";
                case "cluster" -> "#nodesTable";
                default -> "#table";
            };
            await(screen).atMost(LOAD).until(() -> {
                Node table = lookup(scene.getRoot(), rows);
                return table instanceof TableView<?> view && !view.getItems().isEmpty();
            });
        }
        settle();
        noError(robot, scene.getRoot(), screen);
    }

    private void openRun(FxRobot robot, String task, long runId) {
        robot.interact(() -> context.openRuns(RunsPreset.ofRun(task, runId)));
        await().atMost(LOAD).until(() -> {
            Node table = lookup(scene.getRoot(), "#table");
            return table instanceof TableView<?> view && view.getSelectionModel().getSelectedItem() != null;
        });
        settle();
    }

    private void selectTask(FxRobot robot, String name) {
        @SuppressWarnings("unchecked")
        TableView<TaskRow> tasks = (TableView<TaskRow>) table(robot, "#table");
        await().atMost(LOAD).until(() -> tasks.getItems().stream().anyMatch(row -> row.name().equals(name)));
        robot.interact(() -> tasks.getSelectionModel().clearAndSelect(tasks.getItems().indexOf(tasks.getItems().stream()
                .filter(row -> row.name().equals(name)).findFirst().orElseThrow())));
    }

    /**
     * Fires a button that opens a window and returns that window once it shows. The button is
     * fired later on the FX thread, not waited for: it may open a dialog that waits for its answer.
     */
    private Window opens(FxRobot robot, Supplier<Node> button) {
        AtomicReference<Set<Window>> before = new AtomicReference<>();
        AtomicReference<Node> found = new AtomicReference<>();
        robot.interact(() -> {
            before.set(Set.copyOf(Window.getWindows()));
            found.set(button.get());
        });
        assertThat(found.get()).isInstanceOf(ButtonBase.class);
        assertThat(found.get().isDisabled()).as(found.get().getId() + " enabled").isFalse();
        Platform.runLater(((ButtonBase) found.get())::fire);
        AtomicReference<Window> opened = new AtomicReference<>();
        await().atMost(LOAD).until(() -> {
            robot.interact(() -> Window.getWindows().stream()
                    .filter(window -> window.isShowing() && !before.get().contains(window) && window.getScene() != null)
                    .findFirst().ifPresent(opened::set));
            return opened.get() != null;
        });
        return opened.get();
    }

    private static void hide(FxRobot robot, Window window) {
        robot.interact(window::hide);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * Fires a button of the view shown now, looked up and fired on the FX thread. A robot click
     * looks the node up on the test thread and points at it afterwards, so a view replaced in
     * between leaves it pointing at a node no longer in the scene.
     */
    private void press(FxRobot robot, String id) {
        AtomicReference<Node> found = new AtomicReference<>();
        robot.interact(() -> {
            found.set(scene.getRoot().lookup(id));
            if (found.get() instanceof ButtonBase button) {
                button.fire();
            }
        });
        assertThat(found.get()).as(id).isInstanceOf(ButtonBase.class);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private boolean shows(FxRobot robot, String id) {
        AtomicReference<Node> found = new AtomicReference<>();
        robot.interact(() -> found.set(scene.getRoot().lookup(id)));
        return found.get() != null;
    }

    private TableView<?> table(FxRobot robot, String id) {
        AtomicReference<Node> found = new AtomicReference<>();
        robot.interact(() -> found.set(scene.getRoot().lookup(id)));
        assertThat(found.get()).as(id).isInstanceOf(TableView.class);
        return (TableView<?>) found.get();
    }

    private static Node lookup(Parent root, String id) {
        return root.lookup(id);
    }

    private static String text(FxRobot robot, Window window, String id) {
        AtomicReference<String> text = new AtomicReference<>("");
        robot.interact(() -> {
            if (window.getScene().getRoot().lookup(id) instanceof TextField field && field.getText() != null) {
                text.set(field.getText());
            }
        });
        return text.get();
    }

    private static void noError(FxRobot robot, Parent root, String where) {
        assertThat(robot.from(root).lookup("#error").queryAll()).as(where)
                .allSatisfy(node -> assertThat(node instanceof Label label ? label.getText() : "").isBlank());
    }

    /**
     * Lets a screen's loads finish (they run off the FX thread and report back on it). A picture
     * waits longer: columns size themselves to their rows once these arrived.
     */
    private static void settle() {
        int rounds = saving() ? 3 : 1;
        for (int i = 0; i < rounds; i++) {
            WaitForAsyncUtils.waitForFxEvents();
            await().pollDelay(Duration.ofMillis(saving() ? 400 : 150)).atMost(Duration.ofSeconds(2)).until(() -> true);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    // ---- pictures ----

    private static void save(String name, Scene shown) {
        if (!saving()) {
            return;
        }
        AtomicReference<WritableImage> image = new AtomicReference<>();
        WaitForAsyncUtils.asyncFx(() -> image.set(shown.snapshot(null)));
        await().atMost(LOAD).until(() -> image.get() != null);
        try {
            Path dir = Path.of(TARGET);
            Files.createDirectories(dir);
            ImageIO.write(toBuffered(image.get()), "png", dir.resolve(name + ".png").toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot save " + name, e);
        }
    }

    private static BufferedImage toBuffered(WritableImage image) {
        int width = (int) image.getWidth();
        int height = (int) image.getHeight();
        BufferedImage out = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        PixelReader pixels = image.getPixelReader();
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                out.setRGB(x, y, pixels.getArgb(x, y));
            }
        }
        return out;
    }

    private static void fill(FxRobot robot, String query, String text) {
        TextField field = robot.lookup(query).queryAs(TextField.class);
        robot.interact(() -> field.setText(text));
    }
}
