package io.redcron.desktop;

import atlantafx.base.theme.PrimerLight;
import io.redcron.desktop.connect.ProfileRepository;
import io.redcron.desktop.session.SessionFactory;
import io.redcron.desktop.ui.FxDialogService;
import io.redcron.desktop.ui.FxUiExecutor;
import io.redcron.desktop.ui.Messages;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;

import java.time.Clock;
import java.util.Locale;

/** The desktop application: one window that shows the connection screen, then the main window. */
public final class RedcronApp extends Application {
    /** Starts, shows the first window and quits: how packaging checks that an installed app runs. */
    public static final String SMOKE_TEST = "--smoke-test";

    private FxUiExecutor executor;
    private AppContext context;

    @Override
    public void start(Stage stage) {
        applyTheme();
        executor = new FxUiExecutor();
        String operator = System.getProperty("user.name", "operator") + "@desktop";
        Scene scene = new Scene(new javafx.scene.layout.StackPane());
        context = new AppContext(executor, new FxDialogService(), new SessionFactory(operator, Clock.systemUTC()),
                new ProfileRepository(AppContext.profilesFile()), AppContext::runningSandbox,
                new Messages(Locale.getDefault(), io.redcron.desktop.ui.TimeDisplay.remembered()), changed -> {
                    scene.setRoot(changed.currentView());
                    stage.setTitle(changed.messages().get("app.title"));
                });
        scene.setRoot(context.currentView());
        stage.setTitle(context.messages().get("app.title"));
        stage.setMinWidth(900);
        stage.setMinHeight(560);
        stage.setScene(scene);
        io.redcron.desktop.ui.WindowPlacement.forMainWindow().apply(stage);
        stage.show();
        if (getParameters().getRaw().contains(SMOKE_TEST)) {
            System.out.println("Redcron desktop started: window '" + stage.getTitle() + "' shown");
            Platform.runLater(Platform::exit);
        }
    }

    /** The app's look: AtlantaFX's Primer Light theme for every window. */
    public static void applyTheme() {
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
    }

    @Override
    public void stop() {
        if (context != null) {
            context.close();
        }
        if (executor != null) {
            executor.close();
        }
    }
}
