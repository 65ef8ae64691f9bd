package io.redcron.desktop.cluster;

import io.redcron.desktop.session.SessionAdapters;
import io.redcron.config.MysqlConfig;
import io.redcron.config.Secret;
import io.redcron.desktop.connect.ConnectionProfile;
import io.redcron.desktop.session.Session;
import io.redcron.desktop.session.SessionFactory;
import io.redcron.desktop.ui.FxUiExecutor;
import io.redcron.desktop.ui.Messages;
import io.redcron.domain.NodeInfo;
import io.redcron.domain.NodeRole;
import io.redcron.port.FencingEpochs;
import io.redcron.store.redis.RedisLeaderLease;
import io.redcron.store.redis.RedisNodeRegistry;
import io.redcron.testing.MysqlStores;
import io.redcron.testing.TestRedis;
import javafx.fxml.FXMLLoader;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableRow;
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
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The cluster screen, headless, against real Redis: leader, countdown, nodes with the stale one marked. */
@ExtendWith(ApplicationExtension.class)
class ClusterViewIT {
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static final MysqlConfig database = mysql.config();

    private final io.redcron.desktop.ui.ScriptedDialogs dialogs = new io.redcron.desktop.ui.ScriptedDialogs();
    private FxUiExecutor executor;
    private Session session;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        executor = new FxUiExecutor();
        session = new SessionFactory("tester", Clock.systemUTC()).open(new ConnectionProfile("t", TestRedis.uri(),
                database.jdbcUrl(), database.user(), TestRedis.freshNamespace()), database.password(), Secret.NONE);
        RedisNodeRegistry registry = new RedisNodeRegistry(SessionAdapters.redis(session), SessionAdapters.keys(session));
        Instant now = Instant.now();
        for (String node : new String[] {"node-a", "node-b"}) {
            Instant seen = node.equals("node-a") ? now : now.minusSeconds(60);
            registry.heartbeat(new NodeInfo(node, "host-" + node, 100, "0.1.0", Set.of(NodeRole.WORKER),
                    Set.of("default"), 4, 1, seen.minusSeconds(600), seen), Duration.ofMinutes(2));
        }
        new RedisLeaderLease(SessionAdapters.redis(session), SessionAdapters.keys(session)).tryAcquire("node-a:77", Duration.ofSeconds(30));
        stage.setScene(new Scene(view(Locale.ENGLISH), 1000, 700));
        stage.show();
    }

    /** What the app's ViewLoader does for this screen once it is listed in FxmlView. */
    private Parent view(Locale locale) {
        Messages messages = new Messages(locale);
        EpochSource epochs = new EpochSource(() -> Optional.of(new FencingEpochs.Epoch(12, "node-a:77",
                Instant.parse("2026-03-01T08:00:00Z"))));
        FXMLLoader loader = new FXMLLoader(ClusterController.class.getResource(
                "/io/redcron/desktop/cluster/ClusterView.fxml"), messages.bundle());
        loader.setControllerFactory(type -> new ClusterController(
                new io.redcron.desktop.session.Screens(session, executor, messages).cluster(epochs), dialogs));
        try {
            return loader.load();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @AfterEach
    void close() throws Exception {
        // Taking the view off the stage stops its timelines before the executor goes away.
        WaitForAsyncUtils.asyncFx(() -> stage.getScene().setRoot(new StackPane())).get();
        executor.close();
        session.close();
    }

    @Test
    void showsTheLeaderCountingDownAndTheNodesWithTheStaleOneMarked(FxRobot robot) {
        TableView<NodeRow> nodes = robot.lookup("#nodesTable").queryTableView();
        await().atMost(Duration.ofSeconds(10)).until(() -> nodes.getItems().size() == 2);
        assertThat(robot.lookup("#leader").queryLabeled().getText()).isEqualTo("node-a");
        assertThat(robot.lookup("#epoch").queryLabeled().getText()).startsWith("12, taken by node-a:77 on 2026-03-01");
        assertThat(robot.lookup("2 live nodes, 1 stale").tryQuery()).isPresent();

        Label lease = robot.lookup("#leaseRemaining").queryAs(Label.class);
        await().atMost(Duration.ofSeconds(5)).until(() -> lease.getText().endsWith(" s left"));
        String first = lease.getText();
        await().atMost(Duration.ofSeconds(5)).until(() -> !lease.getText().equals(first));
        assertThat(seconds(lease.getText())).isLessThan(seconds(first));

        await().atMost(Duration.ofSeconds(5)).until(() -> robot.lookup(".table-row-cell.stale").tryQuery().isPresent());
        assertThat(robot.lookup(".table-row-cell.stale").queryAllAs(TableRow.class))
                .extracting(row -> ((NodeRow) row.getItem()).nodeId()).containsExactly("node-b");
        assertThat(robot.lookup(".table-row-cell.leader").queryAllAs(TableRow.class))
                .extracting(row -> ((NodeRow) row.getItem()).nodeId()).containsExactly("node-a");
        assertThat(robot.lookup("host-node-b").tryQuery()).isPresent();
    }

    @Test
    void aNodeDrainedForMaintenanceIsShownDrainingUntilUndrained(FxRobot robot) {
        TableView<NodeRow> nodes = robot.lookup("#nodesTable").queryTableView();
        await().atMost(Duration.ofSeconds(10)).until(() -> nodes.getItems().size() == 2);
        robot.interact(() -> nodes.getItems().stream().filter(row -> row.nodeId().equals("node-b")).findFirst()
                .ifPresent(row -> nodes.getSelectionModel().select(row)));
        dialogs.answer(false, true);

        robot.interact(() -> robot.lookup("#drain").queryButton().fire());
        assertThat(session.drains().of(session.namespace(), "node-b")).as("kept working").isEmpty();
        robot.interact(() -> robot.lookup("#drain").queryButton().fire());

        assertThat(dialogs.questions()).hasSize(2).last().satisfies(question ->
                assertThat(question.text()).startsWith("Drain node node-b? It takes no more runs of namespace"));
        await().atMost(Duration.ofSeconds(10)).until(() -> nodes.getItems().stream()
                .anyMatch(row -> row.nodeId().equals("node-b") && row.drain() == NodeRow.DrainState.DRAINING));
        assertThat(robot.lookup("live, draining").tryQuery()).isPresent();
        assertThat(robot.lookup("#noticeText").queryLabeled().getText()).isEqualTo("Node node-b is draining: it takes no more runs.");
        assertThat(robot.lookup("#drain").queryButton().isDisabled()).isTrue();
        assertThat(session.audit().list(session.namespace(), "node:node-b", io.redcron.port.PageRequest.first(5))
                .items()).extracting(entry -> entry.action() + " by " + entry.actor()).containsExactly("node.drain by tester");

        robot.interact(() -> robot.lookup("#undrain").queryButton().fire());
        await().atMost(Duration.ofSeconds(10)).until(() -> nodes.getItems().stream()
                .anyMatch(row -> row.nodeId().equals("node-b") && row.drain() == null));
        assertThat(session.drains().of(session.namespace(), "node-b")).isEmpty();
    }

    private static double seconds(String leaseText) {
        return Double.parseDouble(leaseText.substring(0, leaseText.indexOf(' ')));
    }

    @Test
    void chineseLabels(FxRobot robot) {
        robot.interact(() -> stage.getScene().setRoot(view(Locale.SIMPLIFIED_CHINESE)));

        await().atMost(Duration.ofSeconds(10)).until(() -> robot.lookup("2 个存活节点，1 个心跳超时").tryQuery().isPresent());
        assertThat(robot.lookup("主节点与节点").tryQuery()).isPresent();
        assertThat(robot.lookup("防护纪元").tryQuery()).isPresent();
        assertThat(robot.lookup("最后心跳").tryQuery()).isPresent();
        assertThat(robot.lookup("#leaseRemaining").queryLabeled().getText()).startsWith("剩余 ");
    }
}
