package io.redcron.desktop.main;

import io.redcron.config.MysqlConfig;
import io.redcron.config.RedisConfig;
import io.redcron.desktop.AppContext;
import io.redcron.desktop.RedcronApp;
import io.redcron.desktop.connect.ProfileRepository;
import io.redcron.desktop.session.SessionFactory;
import io.redcron.desktop.ui.FxDialogService;
import io.redcron.desktop.ui.FxUiExecutor;
import io.redcron.desktop.ui.Messages;
import io.redcron.domain.NodeInfo;
import io.redcron.domain.NodeRole;
import io.redcron.domain.Run;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.port.QueuedRun;
import io.redcron.store.mysql.MysqlDataSources;
import io.redcron.store.mysql.MysqlRunStore;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.store.redis.RedisConnector;
import io.redcron.store.redis.RedisKeys;
import io.redcron.store.redis.RedisNodeRegistry;
import io.redcron.store.redis.RedisRunQueue;
import io.redcron.testing.TestDatabase;
import io.redcron.testing.TestRedis;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import redis.clients.jedis.UnifiedJedis;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A group whose runs wait with no worker, and a node that died: whatever screen is shown, a banner
 * says so, the sidebar counts it on Cluster and Queues, and "Show" opens the cluster screen.
 */
@ExtendWith(ApplicationExtension.class)
class TroubleBannerIT {
    private static final String NAMESPACE = TestRedis.freshNamespace();
    private static MysqlConfig database;
    private static long deadRun;

    @TempDir
    static Path home;

    private FxUiExecutor executor;
    private AppContext context;
    private Scene scene;

    @BeforeAll
    static void seed() {
        database = TestDatabase.freshSchema();
        try (var dataSource = MysqlDataSources.open(database);
             UnifiedJedis redis = RedisConnector.open(RedisConfig.fromUri(TestRedis.uri()), "seed", 2)) {
            Clock clock = Clock.systemUTC();
            Task render = new MysqlTaskStore(dataSource, clock).create(Task.builder().namespace(NAMESPACE).name("render")
                    .cron("0 3 * * *").group("gpu").payload(new ShellPayload("render.sh", null, Map.of())).build(), "alice");
            Run waiting = new MysqlRunStore(dataSource, clock).insertManual(render.id(), Instant.now().minusSeconds(90), 1,
                    Map.of());
            RedisKeys keys = new RedisKeys(NAMESPACE);
            RedisRunQueue queue = new RedisRunQueue(redis, keys);
            queue.ensureGroups(Set.of("gpu"));
            queue.enqueue(List.of(QueuedRun.of("gpu", waiting.id())));
            Run failed = new MysqlRunStore(dataSource, clock).insertManual(render.id(), Instant.now().minusSeconds(30), 1,
                    Map.of());
            deadRun = failed.id();
            new MysqlRunStore(dataSource, clock).changeIdle(failed.id(), io.redcron.domain.RunStatus.QUEUED,
                    io.redcron.domain.RunStatus.FAILED, "exited with code 3", Instant.now());
            queue.dead(QueuedRun.of("gpu", failed.id()), "exited with code 3", Instant.now());
            RedisNodeRegistry nodes = new RedisNodeRegistry(redis, keys);
            Instant now = Instant.now();
            nodes.heartbeat(new NodeInfo("worker-1", "host-1", 11, "0.1.0", Set.of(NodeRole.WORKER), Set.of("default"),
                    8, 0, now, now), Duration.ofMinutes(5));
            nodes.heartbeat(new NodeInfo("worker-9", "host-9", 19, "0.1.0", Set.of(NodeRole.WORKER), Set.of("default"),
                    8, 0, now, now), Duration.ofMillis(300));
            await().atMost(Duration.ofSeconds(5)).until(() -> nodes.list().size() == 1);
        }
    }

    @Start
    void start(Stage stage) {
        RedcronApp.applyTheme();
        executor = new FxUiExecutor();
        scene = new Scene(new javafx.scene.layout.StackPane(), 1280, 780);
        context = new AppContext(executor, new FxDialogService(), new SessionFactory("alice@desktop", Clock.systemUTC()),
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
    void everyScreenAnnouncesAGroupNobodyServesAndALostNode(FxRobot robot) {
        fill(robot, "#name", "Production");
        fill(robot, "#redisUri", TestRedis.uri());
        fill(robot, "#jdbcUrl", database.jdbcUrl());
        fill(robot, "#user", database.user());
        fill(robot, "#namespace", NAMESPACE);
        if (!database.password().isEmpty()) {
            fill(robot, "#dbPassword", database.password().reveal());
        }
        press(robot, "#connect");

        await().atMost(Duration.ofSeconds(30)).until(() -> text(robot, "#troubleText").contains("Node worker-9 lost"));
        assertThat(text(robot, "#troubleText")).startsWith("gpu: 1 run waiting, no node serves this group, oldest 1 min")
                .contains("\nNode worker-9 lost: last seen ");
        assertThat(text(robot, "#clusterBadge")).isEqualTo("2");
        assertThat(text(robot, "#queuesBadge")).isEqualTo("1");

        press(robot, "#troubleShow");
        await().atMost(Duration.ofSeconds(10)).until(() -> find(robot, "#groupsTable") != null);

        // Ctrl+1 … Ctrl+6 follow the sidebar: the fifth entry is the dashboard, the sixth the audit log.
        shortcut(robot, "5");
        assertThat(selected(robot, "#dashboardButton")).isTrue();
        shortcut(robot, "6");
        assertThat(selected(robot, "#auditButton")).isTrue();

        // A dead run's "Open run": the runs screen, on that run.
        press(robot, "#queuesButton");
        await().atMost(Duration.ofSeconds(15)).until(() -> deadRow(robot) != null);
        robot.interact(() -> deadRow(robot).getContextMenu().getItems().get(0).fire());
        await().atMost(Duration.ofSeconds(15)).until(() -> text(robot, "#detailTitle").contains(Long.toString(deadRun)));
        assertThat(selected(robot, "#runsButton")).isTrue();
    }

    @SuppressWarnings("unchecked")
    private javafx.scene.control.TableRow<io.redcron.desktop.queues.DeadRow> deadRow(FxRobot robot) {
        AtomicReference<javafx.scene.control.TableRow<io.redcron.desktop.queues.DeadRow>> found = new AtomicReference<>();
        robot.interact(() -> scene.getRoot().lookupAll(".table-row-cell").stream()
                .filter(node -> node instanceof javafx.scene.control.TableRow<?> row
                        && row.getItem() instanceof io.redcron.desktop.queues.DeadRow dead && dead.runId() == deadRun)
                .findFirst().ifPresent(node -> found.set((javafx.scene.control.TableRow<io.redcron.desktop.queues.DeadRow>) node)));
        return found.get();
    }

    private void shortcut(FxRobot robot, String digit) {
        robot.interact(() -> scene.getAccelerators().get(new javafx.scene.input.KeyCodeCombination(
                javafx.scene.input.KeyCode.getKeyCode(digit), javafx.scene.input.KeyCombination.SHORTCUT_DOWN)).run());
    }

    private boolean selected(FxRobot robot, String id) {
        return find(robot, id) instanceof javafx.scene.control.ToggleButton button && button.isSelected();
    }

    private String text(FxRobot robot, String id) {
        Node node = find(robot, id);
        return node instanceof Label label ? label.getText() : "";
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
