package io.redcron.desktop;

import io.redcron.config.MysqlConfig;
import io.redcron.config.RedisConfig;
import io.redcron.desktop.connect.ProfileRepository;
import io.redcron.desktop.session.SessionFactory;
import io.redcron.desktop.ui.FxUiExecutor;
import io.redcron.desktop.ui.Messages;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.HttpPayload;
import io.redcron.domain.NodeInfo;
import io.redcron.domain.NodeRole;
import io.redcron.domain.RetryPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunOutcome;
import io.redcron.schedule.CronDialect;
import io.redcron.store.mysql.MysqlDataSources;
import io.redcron.store.mysql.MysqlFencingEpochs;
import io.redcron.store.mysql.MysqlRunStore;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.store.redis.RedisConnector;
import io.redcron.store.redis.RedisKeys;
import io.redcron.store.redis.RedisLeaderLease;
import io.redcron.store.redis.RedisNodeRegistry;
import io.redcron.store.redis.RedisRunQueue;
import io.redcron.testing.TestDatabase;
import io.redcron.testing.TestRedis;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import redis.clients.jedis.UnifiedJedis;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Every screen of the app with realistic data, in English and Chinese: each must load without an
 * error. With {@code -Dredcron.screenshots=DIR} it also saves a picture of each screen there
 * ({@code scripts/screenshots.sh} regenerates {@code docs/screenshots} this way).
 */
@ExtendWith(ApplicationExtension.class)
class ScreenshotsIT {
    private static final String NAMESPACE = TestRedis.freshNamespace();
    private static MysqlConfig database;

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
            MysqlTaskStore tasks = new MysqlTaskStore(dataSource, clock);
            MysqlRunStore runs = new MysqlRunStore(dataSource, clock);
            RedisKeys keys = new RedisKeys(NAMESPACE);
            Task backup = tasks.create(task("nightly-backup", "0 30 2 * * ?", CronDialect.QUARTZ, "Europe/Berlin",
                    "pg_dump app | gzip > /backup/app.gz").group("storage").build(), "alice");
            Task report = tasks.create(task("weekday-report", "30 9 * * 1-5", CronDialect.UNIX, "Asia/Shanghai",
                    "echo report for $REDCRON_SCHEDULED_AT").build(), "alice");
            tasks.create(task("hello", "*/10 * * * * ?", CronDialect.QUARTZ, "UTC", "echo hello").build(), "bob");
            tasks.create(task("month-end", "0 0 0 L * ?", CronDialect.QUARTZ, "America/New_York", "echo close")
                    .concurrencyPolicy(ConcurrencyPolicy.FORBID).build(), "bob");
            Task hook = tasks.create(Task.builder().namespace(NAMESPACE).name("cache-warmup").cron("*/15 * * * *")
                    .payload(new HttpPayload("POST", URI.create("https://cache.internal/warm"), Map.of(), "", Set.of()))
                    .retry(new RetryPolicy(3, Duration.ofSeconds(10), 2, Duration.ofMinutes(5), 0.1)).build(), "carol");
            Instant now = clock.instant();
            for (int i = 0; i < 8; i++) {
                Run run = runs.insertManual(i % 2 == 0 ? backup.id() : report.id(), now.minusSeconds(600 - i * 60L), 1, Map.of());
                runs.claim(run.id(), "node-" + (i % 3 + 1), now.minusSeconds(590 - i * 60L), now.plusSeconds(30));
                boolean ok = i != 3;
                runs.complete(run.id(), 1, RunStatus.RUNNING, new RunOutcome(ok ? RunStatus.SUCCEEDED : RunStatus.FAILED,
                        now.minusSeconds(585 - i * 60L), ok ? 0 : 2, ok ? "dumped 1,204 tables\ndone" : "pg_dump: connection refused",
                        ok ? null : "exited with code 2"));
            }
            Run running = runs.insertManual(hook.id(), now.minusSeconds(5), 3, Map.of("REGION", "eu"));
            runs.claim(running.id(), "node-2", now.minusSeconds(4), now.plusSeconds(30));
            Run waiting = runs.insertManual(report.id(), now, 1, Map.of());
            RedisRunQueue queue = new RedisRunQueue(redis, keys);
            queue.ensureGroups(Set.of("default", "storage"));
            queue.enqueue(List.of(QueuedRun.of("default", waiting.id())));
            queue.delay(QueuedRun.of("default", running.id()), now.plusSeconds(40));
            queue.dead(QueuedRun.of("storage", 3), "exited with code 2 (attempt 1 of 1)", now.minusSeconds(420));
            heartbeats(redis);
            String holder = "node-1:" + java.util.UUID.randomUUID();
            new RedisLeaderLease(redis, keys).tryAcquire(holder, Duration.ofMinutes(5));
            new MysqlFencingEpochs(dataSource, clock).advance(NAMESPACE, holder);
        }
    }

    /** The three nodes beat now, as live nodes do every few seconds. */
    private static void heartbeats() {
        try (UnifiedJedis redis = RedisConnector.open(RedisConfig.fromUri(TestRedis.uri()), "seed", 1)) {
            heartbeats(redis);
        }
    }

    private static void heartbeats(UnifiedJedis redis) {
        RedisNodeRegistry nodes = new RedisNodeRegistry(redis, new RedisKeys(NAMESPACE));
        Instant now = Instant.now();
        for (int i = 1; i <= 3; i++) {
            nodes.heartbeat(new NodeInfo("node-" + i, "host-" + i, 4100 + i, "0.1.0", i == 1
                    ? Set.of(NodeRole.SCHEDULER, NodeRole.WORKER) : Set.of(NodeRole.WORKER),
                    i == 3 ? Set.of("storage") : Set.of("default"), 8, i == 2 ? 1 : 0, now.minusSeconds(3600), now),
                    Duration.ofMinutes(5));
        }
    }

    private static Task.Builder task(String name, String cron, CronDialect dialect, String zone, String command) {
        return Task.builder().namespace(NAMESPACE).name(name).cron(cron).dialect(dialect).zone(ZoneId.of(zone))
                .payload(new ShellPayload(command, null, Map.of())).timeout(Duration.ofMinutes(30));
    }

    @Start
    void start(Stage stage) {
        RedcronApp.applyTheme();
        executor = new FxUiExecutor();
        scene = new Scene(new javafx.scene.layout.StackPane(), 1280, 780);
        context = new AppContext(executor, new io.redcron.desktop.ui.FxDialogService(), new SessionFactory("alice@desktop", Clock.systemUTC()),
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
    void everyScreenLoadsInEnglishAndChinese(FxRobot robot) throws IOException {
        fill(robot, "#name", "Production");
        fill(robot, "#redisUri", TestRedis.uri());
        fill(robot, "#jdbcUrl", database.jdbcUrl());
        fill(robot, "#user", database.user());
        fill(robot, "#namespace", NAMESPACE);
        if (!database.password().isEmpty()) {
            fill(robot, "#dbPassword", database.password().reveal());
        }
        save(robot, "connect");
        press(robot, "#connect");
        await().atMost(Duration.ofSeconds(30)).until(() -> shows(robot, "#tasksButton"));
        tour(robot, "");
        Parent english = scene.getRoot();
        press(robot, "#chineseButton");
        // The switch replaces the whole view: wait for the new root before touring it.
        await().atMost(Duration.ofSeconds(10)).until(() -> scene.getRoot() != english && shows(robot, "#tasksButton"));
        tour(robot, "-zh");
    }

    private void tour(FxRobot robot, String suffix) throws IOException {
        for (String screen : List.of("tasks", "runs", "queues", "cluster", "dashboard", "audit")) {
            if (screen.equals("cluster")) {
                heartbeats();
            }
            press(robot, "#" + screen + "Button");
            settle();
            assertThat(robot.from(scene.getRoot()).lookup("#error").queryAll()).as(screen + suffix)
                    .allSatisfy(node -> assertThat(node instanceof Label label ? label.getText() : "").isBlank());
            save(robot, screen + suffix);
        }
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

    /** Lets the screen's first loads finish (they run off the FX thread and report back on it). */
    private static void settle() {
        for (int i = 0; i < 3; i++) {
            WaitForAsyncUtils.waitForFxEvents();
            await().pollDelay(Duration.ofMillis(400)).atMost(Duration.ofSeconds(2)).until(() -> true);
        }
    }

    private void save(FxRobot robot, String name) throws IOException {
        String target = System.getProperty("redcron.screenshots", "");
        if (target.isBlank()) {
            return;
        }
        AtomicReference<WritableImage> image = new AtomicReference<>();
        robot.interact(() -> image.set(scene.snapshot(null)));
        Path dir = Path.of(target);
        Files.createDirectories(dir);
        ImageIO.write(toBuffered(image.get()), "png", dir.resolve(name + ".png").toFile());
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
