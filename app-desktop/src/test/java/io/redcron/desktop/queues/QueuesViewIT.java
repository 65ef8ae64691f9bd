package io.redcron.desktop.queues;

import io.redcron.desktop.session.SessionAdapters;
import io.redcron.config.MysqlConfig;
import io.redcron.config.Secret;
import io.redcron.desktop.connect.ConnectionProfile;
import io.redcron.desktop.session.Session;
import io.redcron.desktop.session.SessionFactory;
import io.redcron.desktop.ui.FxUiExecutor;
import io.redcron.desktop.ui.Messages;
import io.redcron.port.QueuedRun;
import io.redcron.store.redis.RedisRunQueue;
import io.redcron.testing.MysqlStores;
import io.redcron.testing.TestRedis;
import javafx.fxml.FXMLLoader;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.TableView;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The queues screen, headless, against real Redis: tables fill, purge asks first, Chinese labels. */
@ExtendWith(ApplicationExtension.class)
class QueuesViewIT {
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static final MysqlConfig database = mysql.config();

    private FxUiExecutor executor;
    private Session session;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        executor = new FxUiExecutor();
        session = new SessionFactory("tester", Clock.systemUTC()).open(new ConnectionProfile("t", TestRedis.uri(),
                database.jdbcUrl(), database.user(), TestRedis.freshNamespace()), database.password(), Secret.NONE);
        RedisRunQueue queue = new RedisRunQueue(SessionAdapters.redis(session), SessionAdapters.keys(session));
        queue.ensureGroups(Set.of("default"));
        queue.enqueue(List.of(QueuedRun.of("default", 1), QueuedRun.of("default", 2)));
        queue.read("worker-a", Set.of("default"), 1, Duration.ZERO);
        queue.delay(QueuedRun.of("default", 3), Instant.now().plusSeconds(120));
        queue.dead(QueuedRun.of("default", 4), "exhausted 3 attempts", Instant.now());
        queue.dead(QueuedRun.of("default", 5), "delivered 10 times", Instant.now());
        stage.setScene(new Scene(view(Locale.ENGLISH), 1000, 700));
        stage.show();
    }

    /** What the app's ViewLoader does for this screen once it is listed in FxmlView. */
    private Parent view(Locale locale) {
        Messages messages = new Messages(locale);
        FXMLLoader loader = new FXMLLoader(QueuesController.class.getResource(
                "/io/redcron/desktop/queues/QueuesView.fxml"), messages.bundle());
        loader.setControllerFactory(type -> new QueuesController(new io.redcron.desktop.session.Screens(session, executor, messages).queues(),
                new io.redcron.desktop.ui.FxDialogService()));
        try {
            return loader.load();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @AfterEach
    void close() throws Exception {
        // Taking the view off the stage stops its live refresh before the executor goes away.
        WaitForAsyncUtils.asyncFx(() -> stage.getScene().setRoot(new StackPane())).get();
        executor.close();
        session.close();
    }

    @Test
    void fillsTheStreamsDeliveredDelayedAndDeadTables(FxRobot robot) {
        TableView<StreamRow> streams = robot.lookup("#streamsTable").queryTableView();
        TableView<PendingRow> pending = robot.lookup("#pendingTable").queryTableView();
        await().atMost(Duration.ofSeconds(10)).until(() -> streams.getItems().size() == 1);
        assertThat(streams.getItems().get(0)).isEqualTo(new StreamRow("default", 2, 1, "worker-a 1"));
        assertThat(pending.getItems()).extracting(PendingRow::consumer, PendingRow::run)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("worker-a", "1"));
        assertThat(robot.lookup("1 stream · 2 waiting · 1 delivered, not acknowledged · 1 delayed · 2 dead")
                .tryQuery()).isPresent();

        robot.clickOn("Delayed (1)");
        TableView<DelayedRow> delayed = robot.lookup("#delayedTable").queryTableView();
        assertThat(delayed.getItems()).extracting(DelayedRow::runId).containsExactly(3L);

        robot.clickOn("Dead (2)");
        TableView<DeadRow> dead = robot.lookup("#deadTable").queryTableView();
        assertThat(dead.getItems()).extracting(DeadRow::runId).containsExactly(5L, 4L);
        assertThat(robot.lookup("#requeue").queryButton().isDisabled()).isTrue();
    }

    @Test
    void purgeAsksFirstAndCancelKeepsTheDeadRun(FxRobot robot) {
        robot.clickOn("Dead (2)");
        TableView<DeadRow> dead = robot.lookup("#deadTable").queryTableView();
        await().atMost(Duration.ofSeconds(10)).until(() -> dead.getItems().size() == 2);
        robot.clickOn("delivered 10 times");
        robot.clickOn("#purge");

        DialogPane dialog = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        assertThat(dialog.getContentText()).isEqualTo(
                "Remove this dead run from the dead list? Their history in the database stays.");
        robot.clickOn(dialogButton(robot, "Cancel"));
        assertThat(robot.lookup(".dialog-pane").tryQuery()).isEmpty();
        assertThat(SessionAdapters.redis(session).xlen(SessionAdapters.keys(session).dead())).isEqualTo(2);

        robot.clickOn("#purge");
        robot.clickOn(dialogButton(robot, "Purge selected"));
        await().atMost(Duration.ofSeconds(10)).until(() -> dead.getItems().size() == 1);
        assertThat(dead.getItems().get(0).runId()).isEqualTo(4L);
        assertThat(SessionAdapters.redis(session).xlen(SessionAdapters.keys(session).dead())).isEqualTo(1);
        assertThat(robot.lookup("Removed 1 dead run.").tryQuery()).isPresent();
        assertThat(robot.lookup("#noticeLink").queryAs(javafx.scene.control.Hyperlink.class).isVisible())
                .as("a purge made nothing to link to").isFalse();

        robot.clickOn("#noticeClose");
        await().atMost(Duration.ofSeconds(5)).until(() -> !robot.lookup("#notice").query().isVisible());
        assertThat(robot.lookup("Removed 1 dead run.").tryQuery()).as("closed").isEmpty();
    }

    @Test
    void chineseLabels(FxRobot robot) {
        robot.interact(() -> stage.getScene().setRoot(view(Locale.SIMPLIFIED_CHINESE)));

        await().atMost(Duration.ofSeconds(10)).until(() -> robot.lookup("死信 (2)").tryQuery().isPresent());
        assertThat(robot.lookup("队列").tryQuery()).isPresent();
        assertThat(robot.lookup("流").tryQuery()).isPresent();
        robot.clickOn("死信 (2)");
        assertThat(robot.lookup("#requeue").queryButton().getText()).isEqualTo("重新入队");
        assertThat(robot.lookup("#purgeAll").queryButton().getText()).isEqualTo("全部清除");
    }

    private static Button dialogButton(FxRobot robot, String text) {
        return robot.lookup(".dialog-pane .button").queryAllAs(Button.class).stream()
                .filter(button -> button.getText().equals(text)).findFirst().orElseThrow();
    }
}
