package io.redcron.desktop.maintenance;

import io.redcron.config.MysqlConfig;
import io.redcron.desktop.AppContext;
import io.redcron.desktop.RedcronApp;
import io.redcron.desktop.connect.ProfileRepository;
import io.redcron.desktop.session.SessionFactory;
import io.redcron.desktop.ui.FxUiExecutor;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.ScriptedDialogs;
import io.redcron.domain.MaintenanceWindow;
import io.redcron.domain.MisfirePolicy;
import io.redcron.port.MaintenanceWindows;
import io.redcron.store.mysql.MysqlDataSources;
import io.redcron.store.mysql.MysqlMaintenanceWindows;
import io.redcron.testing.TestDatabase;
import io.redcron.testing.TestRedis;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The maintenance banner of the main window against a real database: a window paused now and a
 * planned one, as someone opened them from the CLI, are announced above the screen shown;
 * Resume (confirmed) ends the first and its row goes; a window opened with the app bar's Pause
 * dialog appears at once.
 */
@ExtendWith(ApplicationExtension.class)
class MaintenanceBannerIT {
    private static final Duration PATIENCE = Duration.ofSeconds(20);
    private static final String NAMESPACE = TestRedis.freshNamespace();
    private static MysqlConfig database;
    private static com.zaxxer.hikari.HikariDataSource dataSource;
    private static MaintenanceWindows windows;

    @TempDir
    static Path home;

    private final ScriptedDialogs dialogs = new ScriptedDialogs();
    private FxUiExecutor executor;
    private AppContext context;
    private Scene scene;

    @BeforeAll
    static void seed() {
        database = TestDatabase.freshSchema();
        dataSource = MysqlDataSources.open(database);
        windows = new MysqlMaintenanceWindows(dataSource, Clock.systemUTC());
    }

    @AfterAll
    static void closeStore() {
        dataSource.close();
    }

    @Start
    void start(Stage stage) {
        RedcronApp.applyTheme();
        executor = new FxUiExecutor();
        scene = new Scene(new javafx.scene.layout.StackPane(), 1280, 780);
        context = new AppContext(executor, dialogs, new SessionFactory("bob@desktop", Clock.systemUTC()),
                new ProfileRepository(home.resolve("profiles.json")), Optional::empty, new Messages(Locale.ENGLISH),
                changed -> scene.setRoot(changed.currentView()));
        scene.setRoot(context.currentView());
        stage.setScene(scene);
        stage.show();
    }

    @AfterEach
    void close() {
        context.close();
        executor.close();
    }

    @Test
    void thePausedAndThePlannedWindowsAreAnnouncedResumeEndsOneAndPauseOpensAnother(FxRobot robot) {
        Instant now = Instant.now();
        MaintenanceWindow gpu = windows.open(NAMESPACE, new MaintenanceWindow.Request("gpu", null,
                now.plus(Duration.ofHours(2)), MisfirePolicy.SKIP, "GPU driver upgrade"), "alice");
        MaintenanceWindow planned = windows.open(NAMESPACE, new MaintenanceWindow.Request(null,
                now.plus(Duration.ofHours(3)), now.plus(Duration.ofHours(5)), MisfirePolicy.FIRE_ONCE, "MySQL upgrade"),
                "alice");
        connect(robot);

        String paused = "#maintenanceText-" + gpu.id();
        await().atMost(PATIENCE).until(() -> !text(robot, paused).isEmpty());
        assertThat(text(robot, paused)).startsWith("Paused: group gpu until ")
                .endsWith(" \u2014 GPU driver upgrade (window " + gpu.id() + ", by alice); held fires will be skipped");
        assertThat(text(robot, "#maintenanceText-" + planned.id())).startsWith("Planned: namespace " + NAMESPACE
                + " pauses ").endsWith("MySQL upgrade (window " + planned.id() + ", by alice); held fires will run once");
        assertThat(linkText(robot, "#maintenanceResume-" + gpu.id())).isEqualTo("Resume");
        assertThat(linkText(robot, "#maintenanceResume-" + planned.id())).isEqualTo("Call off");

        dialogs.answer(true);
        press(robot, "#maintenanceResume-" + gpu.id());

        await().atMost(PATIENCE).until(() -> find(robot, "#maintenanceLine-" + gpu.id()) == null);
        assertThat(dialogs.questions()).singleElement().satisfies(question -> assertThat(question.text())
                .startsWith("Resume window " + gpu.id() + " over group gpu now?"));
        assertThat(windows.get(NAMESPACE, gpu.id()).orElseThrow().resumedAt()).isNotNull();
        assertThat(find(robot, "#maintenanceLine-" + planned.id())).as("the planned window stays").isNotNull();
        assertThat(text(robot, "#maintenanceError")).isEmpty();

        press(robot, "#pauseButton");
        Parent dialog = dialogs.opened().get(dialogs.opened().size() - 1).content();
        robot.interact(() -> {
            ((TextField) dialog.lookup("#reason")).setText("Disk swap");
            ((ButtonBase) dialog.lookup("#pause")).fire();
        });

        await().atMost(PATIENCE).until(() -> windows.current(NAMESPACE).size() == 2);
        MaintenanceWindow opened = windows.current(NAMESPACE).get(1);
        assertThat(opened.createdBy()).isEqualTo("bob@desktop");
        await().atMost(PATIENCE).until(() -> text(robot, "#maintenanceText-" + opened.id())
                .startsWith("Paused: namespace " + NAMESPACE + " until resumed \u2014 Disk swap"));
        assertThat(dialogs.opened().get(dialogs.opened().size() - 1).isShowing()).as("the dialog closed").isFalse();
    }

    private void connect(FxRobot robot) {
        fill(robot, "#name", "Production");
        fill(robot, "#redisUri", TestRedis.uri());
        fill(robot, "#jdbcUrl", database.jdbcUrl());
        fill(robot, "#user", database.user());
        fill(robot, "#namespace", NAMESPACE);
        if (!database.password().isEmpty()) {
            fill(robot, "#dbPassword", database.password().reveal());
        }
        press(robot, "#connect");
    }

    private String text(FxRobot robot, String id) {
        return find(robot, id) instanceof Label label ? label.getText() : "";
    }

    private String linkText(FxRobot robot, String id) {
        return find(robot, id) instanceof ButtonBase link ? link.getText() : "";
    }

    private Node find(FxRobot robot, String id) {
        AtomicReference<Node> found = new AtomicReference<>();
        robot.interact(() -> found.set(scene.getRoot().lookup(id)));
        return found.get();
    }

    private void press(FxRobot robot, String id) {
        robot.interact(() -> ((ButtonBase) scene.getRoot().lookup(id)).fire());
    }

    private static void fill(FxRobot robot, String query, String text) {
        TextField field = robot.lookup(query).queryAs(TextField.class);
        robot.interact(() -> field.setText(text));
    }
}
