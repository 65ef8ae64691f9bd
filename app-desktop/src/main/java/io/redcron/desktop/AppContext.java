package io.redcron.desktop;

import io.redcron.config.SandboxConnection;
import io.redcron.desktop.connect.ConnectController;
import io.redcron.desktop.connect.ConnectViewModel;
import io.redcron.desktop.connect.ProfileRepository;
import io.redcron.desktop.main.MainController;
import io.redcron.desktop.session.Session;
import io.redcron.desktop.session.SessionFactory;
import io.redcron.desktop.tasks.TasksController;
import io.redcron.desktop.ui.DialogService;
import io.redcron.desktop.ui.FxmlView;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.desktop.ui.ViewLoader;
import javafx.scene.Parent;

import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Everything the desktop's controllers need, handed to them by the controller factory rather
 * than through statics. The JavaFX {@code Application} owns one; tests build their own.
 */
public final class AppContext implements AutoCloseable, io.redcron.desktop.ui.Views {
    private final UiExecutor executor;
    private final DialogService dialogs;
    private final SessionFactory sessions;
    private final ProfileRepository profiles;
    private final Supplier<Optional<SandboxConnection>> sandboxFinder;
    private final Consumer<AppContext> onChange;
    private Messages messages;
    private Session session;

    /**
     * @param onChange called on the JavaFX thread when the window must show something else (a
     *                 connection was opened or closed, the language changed)
     */
    public AppContext(UiExecutor executor, DialogService dialogs, SessionFactory sessions, ProfileRepository profiles,
                      Supplier<Optional<SandboxConnection>> sandboxFinder, Messages messages,
                      Consumer<AppContext> onChange) {
        this.executor = executor;
        this.dialogs = dialogs;
        this.sessions = sessions;
        this.profiles = profiles;
        this.sandboxFinder = sandboxFinder;
        this.messages = messages;
        this.onChange = onChange;
    }

    public static Path profilesFile() {
        return SandboxConnection.home().resolve("desktop").resolve("profiles.json");
    }

    public static Optional<SandboxConnection> runningSandbox() {
        return SandboxConnection.read(SandboxConnection.defaultLocation()).filter(SandboxConnection::isAlive);
    }

    /** The view to show now: the connection screen, or the main window once connected. */
    public Parent currentView() {
        return load(session == null ? FxmlView.CONNECT : FxmlView.MAIN);
    }

    public Parent load(FxmlView view) {
        return new ViewLoader(messages, this::controller).load(view).root();
    }

    @Override
    public <C> ViewLoader.Loaded<C> open(FxmlView view) {
        return new ViewLoader(messages, this::controller).load(view);
    }

    Object controller(Class<?> type) {
        if (type == ConnectController.class) {
            return new ConnectController(new ConnectViewModel(sessions, profiles, sandboxFinder, executor, messages,
                    this::connected));
        }
        if (type == MainController.class) {
            return new MainController(this, dialogs);
        }
        if (type == TasksController.class) {
            return new TasksController(screens().tasks(), this, messages, dialogs, this::openRuns,
                    io.redcron.desktop.tasks.GroupBy.PREFERENCES);
        }
        if (type == io.redcron.desktop.tasks.TaskEditorController.class) {
            return new io.redcron.desktop.tasks.TaskEditorController(
                    screens().taskEditor(),
                    new io.redcron.desktop.cron.CronBuilderDialog(messages, java.time.Clock.systemDefaultZone(),
                            screens().builderCalendars()));
        }
        if (type == io.redcron.desktop.dashboard.DashboardController.class) {
            Session current = requireSession();
            return new io.redcron.desktop.dashboard.DashboardController(new io.redcron.desktop.dashboard.DashboardViewModel(
                    current.statistics(), current.namespace(), current.clock(), executor, messages,
                    messages.time().zoneFor(null)), this::openRuns);
        }
        if (type == io.redcron.desktop.runs.RunsController.class) {
            io.redcron.desktop.runs.RunsPreset preset = pendingRuns;
            pendingRuns = null;
            return new io.redcron.desktop.runs.RunsController(screens().runs(), this, dialogs, preset);
        }
        if (type == io.redcron.desktop.runs.TriggerController.class) {
            return new io.redcron.desktop.runs.TriggerController(screens().trigger());
        }
        if (type == io.redcron.desktop.silences.SilencesController.class) {
            return new io.redcron.desktop.silences.SilencesController(screens().silences());
        }
        if (type == io.redcron.desktop.retention.RetentionController.class) {
            return new io.redcron.desktop.retention.RetentionController(screens().retention());
        }
        if (type == io.redcron.desktop.maintenance.PauseController.class) {
            return new io.redcron.desktop.maintenance.PauseController(screens().pause());
        }
        if (type == io.redcron.desktop.calendars.CalendarsController.class) {
            return new io.redcron.desktop.calendars.CalendarsController(screens().calendars(), dialogs);
        }
        if (type == io.redcron.desktop.queues.QueuesController.class) {
            return new io.redcron.desktop.queues.QueuesController(
                    screens().queues(), dialogs, this::openRuns);
        }
        if (type == io.redcron.desktop.cluster.ClusterController.class) {
            return new io.redcron.desktop.cluster.ClusterController(screens().cluster(), dialogs);
        }
        if (type == io.redcron.desktop.workflows.WorkflowsController.class) {
            return new io.redcron.desktop.workflows.WorkflowsController(screens().workflows(), this, dialogs,
                    this::openRuns);
        }
        if (type == io.redcron.desktop.workflows.WorkflowEditorController.class) {
            return new io.redcron.desktop.workflows.WorkflowEditorController(screens().workflowEditor(),
                    new io.redcron.desktop.cron.CronBuilderDialog(messages, java.time.Clock.systemDefaultZone(),
                            screens().builderCalendars()));
        }
        if (type == io.redcron.desktop.workflows.WorkflowRunController.class) {
            return new io.redcron.desktop.workflows.WorkflowRunController(screens().workflowRun());
        }
        if (type == io.redcron.desktop.audit.AuditController.class) {
            return new io.redcron.desktop.audit.AuditController(screens().audit());
        }
        throw new IllegalArgumentException("no controller " + type.getName());
    }

    private io.redcron.desktop.session.Screens screens() {
        return new io.redcron.desktop.session.Screens(requireSession(), executor, messages);
    }

    private Consumer<io.redcron.desktop.runs.RunsPreset> runsOpener = preset -> { };
    private io.redcron.desktop.runs.RunsPreset pendingRuns;

    /** The main window says how it shows the runs screen on another screen's request. */
    public void onOpenRuns(Consumer<io.redcron.desktop.runs.RunsPreset> opener) {
        runsOpener = opener;
    }

    /** Sends the operator to the runs screen, opened on {@code preset}. */
    public void openRuns(io.redcron.desktop.runs.RunsPreset preset) {
        pendingRuns = preset;
        runsOpener.accept(preset);
    }

    private void connected(Session opened) {
        session = opened;
        onChange.accept(this);
    }

    /**
     * Reads what is wrong with the cluster (groups nobody serves, lost nodes) off the FX thread;
     * nothing is reported when it cannot be read: the screens say so themselves.
     */
    public void clusterTrouble(Consumer<io.redcron.desktop.cluster.ClusterTrouble> onRead) {
        if (session == null) {
            return;
        }
        io.redcron.desktop.cluster.TroubleReader reader = screens().trouble();
        executor.submit(() -> reader.read().trouble(), onRead, failure -> { });
    }

    /** The maintenance windows of the namespace shown, for the main window's banner. */
    public io.redcron.desktop.maintenance.MaintenanceBannerViewModel maintenanceBanner() {
        return screens().maintenanceBanner();
    }

    /** Fetches the namespaces of the connected installation off the FX thread. */
    public void namespaces(java.util.function.Consumer<java.util.List<String>> onLoaded) {
        Session current = requireSession();
        executor.submit(current::namespaces, onLoaded, failure -> { });
    }

    /**
     * Works in another namespace of the same connection. The same or a blank name changes nothing;
     * a name that is not valid gives {@code keep} the namespace still in use.
     *
     * @param switched reopens the screen shown, once the namespace changed
     */
    public void switchNamespace(String chosen, Runnable switched, Consumer<String> keep) {
        String namespace = chosen == null ? "" : chosen.trim();
        String current = requireSession().namespace();
        if (namespace.isEmpty() || namespace.equals(current)) {
            return;
        }
        try {
            requireSession().switchNamespace(namespace);
        } catch (IllegalArgumentException e) {
            keep.accept(current);
            return;
        }
        switched.run();
    }

    public void disconnect() {
        Session closing = session;
        session = null;
        if (closing != null) {
            executor.submit(() -> {
                closing.close();
                return null;
            }, ignored -> { }, failure -> { });
        }
        onChange.accept(this);
    }

    /** Switches between the light and the dark theme. */
    public void toggleTheme() {
        dark = !dark;
        javafx.application.Application.setUserAgentStylesheet(dark
                ? new atlantafx.base.theme.PrimerDark().getUserAgentStylesheet()
                : new atlantafx.base.theme.PrimerLight().getUserAgentStylesheet());
    }

    private boolean dark;

    public void switchLanguage(java.util.Locale locale) {
        messages = new Messages(locale, messages.time());
        onChange.accept(this);
    }

    /** Shows every time in another zone (UTC, the desktop's, each task's), and keeps the choice. */
    public void switchTime(io.redcron.desktop.ui.TimeDisplay.Mode mode) {
        if (mode == null || mode == messages.time().mode()) {
            return;
        }
        io.redcron.desktop.ui.TimeDisplay chosen = messages.time().with(mode);
        chosen.remember();
        messages = messages.withTime(chosen);
        onChange.accept(this);
    }

    public Messages messages() {
        return messages;
    }

    public Optional<Session> session() {
        return Optional.ofNullable(session);
    }

    private Session requireSession() {
        if (session == null) {
            throw new IllegalStateException("not connected");
        }
        return session;
    }

    @Override
    public void close() {
        if (session != null) {
            session.close();
            session = null;
        }
    }
}
