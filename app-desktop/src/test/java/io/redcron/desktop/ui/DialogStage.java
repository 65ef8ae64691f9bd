package io.redcron.desktop.ui;

import io.redcron.config.MysqlConfig;
import io.redcron.config.Secret;
import io.redcron.desktop.connect.ConnectionProfile;
import io.redcron.desktop.session.Screens;
import io.redcron.desktop.session.Session;
import io.redcron.desktop.session.SessionFactory;
import io.redcron.domain.ShellPayload;
import io.redcron.domain.Task;
import io.redcron.schedule.CronDialect;
import io.redcron.testing.TestRedis;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.testfx.util.WaitForAsyncUtils;

import java.time.Clock;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Where a dialog's view test shows it: a session of the app on the real stores, in a namespace of
 * its own, the app's executor, and a stage whose content becomes the dialog the test opens. The
 * dialogs themselves are opened through {@link ScriptedDialogs}, as the app opens them.
 */
public final class DialogStage {
    private final MysqlConfig database;
    private final Messages messages = new Messages(Locale.ENGLISH);
    private FxUiExecutor executor;
    private Session session;
    private Screens screens;
    private Stage stage;

    public DialogStage(MysqlConfig database) {
        this.database = database;
    }

    /** Opens the session and shows an empty stage of this size; call it from the test's {@code @Start}. */
    public void start(Stage shown, double width, double height) {
        stage = shown;
        executor = new FxUiExecutor();
        session = new SessionFactory("tester", Clock.systemUTC()).open(new ConnectionProfile("t", TestRedis.uri(),
                database.jdbcUrl(), database.user(), TestRedis.freshNamespace()), database.password(), Secret.NONE);
        screens = new Screens(session, executor, messages);
        stage.setScene(new Scene(new StackPane(), width, height));
        stage.show();
    }

    /** Views that load every FXML view with the controller {@code controller} makes of the screens. */
    public Views views(Function<Screens, Object> controller) {
        return new Views() {
            @Override
            public <C> ViewLoader.Loaded<C> open(FxmlView view) {
                return new ViewLoader(messages, type -> controller.apply(screens)).load(view);
            }
        };
    }

    /** Views whose controllers {@code controller} makes for each controller class, from the screens (a view that opens others). */
    public Views viewsByType(java.util.function.BiFunction<Class<?>, Screens, Object> controller) {
        return new Views() {
            @Override
            public <C> ViewLoader.Loaded<C> open(FxmlView view) {
                return new ViewLoader(messages, type -> controller.apply(type, screens)).load(view);
            }
        };
    }

    /** A shell task of the namespace, daily at 03:00 UTC, in {@code group}. */
    public Task task(String name, String group) {
        return session.tasks().create(Task.builder().namespace(session.namespace()).name(name).cron("0 3 * * *")
                .group(group).dialect(CronDialect.UNIX).zone(ZoneOffset.UTC)
                .payload(new ShellPayload("echo hi", null, Map.of())).build(), "test");
    }

    /** Shows the content of the newest dialog opened through {@code dialogs} in the stage; on the FX thread. */
    public void showNewest(ScriptedDialogs dialogs) {
        stage.getScene().setRoot(dialogs.opened().get(dialogs.opened().size() - 1).content());
    }

    public Stage stage() {
        return stage;
    }

    public Session session() {
        return session;
    }

    public Messages messages() {
        return messages;
    }

    /** Empties the stage, then closes the executor and the session; call it from the test's {@code @AfterEach}. */
    public void close() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> stage.getScene().setRoot(new StackPane())).get();
        executor.close();
        session.close();
    }
}
