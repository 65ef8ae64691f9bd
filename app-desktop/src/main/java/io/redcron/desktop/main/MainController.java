package io.redcron.desktop.main;

import io.redcron.desktop.AppContext;
import io.redcron.desktop.ui.DialogService;
import io.redcron.desktop.ui.FxmlView;
import javafx.fxml.FXML;
import io.redcron.desktop.cluster.ClusterTrouble;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.StackPane;

import java.util.Locale;

/**
 * The main window: navigation on the left, the chosen screen in the middle, and above them a
 * banner with what is wrong in the cluster (read every few seconds whatever screen is shown),
 * counted on the sidebar entries of the screens concerned; under it, the namespace's maintenance
 * windows (paused now, or planned).
 */
public final class MainController {
    private final AppContext context;
    private final DialogService dialogs;

    @FXML private StackPane content;
    @FXML private ToggleGroup navigation;
    @FXML private ToggleButton tasksButton;
    @FXML private ToggleButton runsButton;
    @FXML private ToggleButton queuesButton;
    @FXML private ToggleButton clusterButton;
    @FXML private ToggleButton auditButton;
    @FXML private ToggleButton dashboardButton;
    @FXML private ComboBox<String> namespaces;
    @FXML private ComboBox<io.redcron.desktop.ui.TimeDisplay.Mode> timeZone;
    @FXML private HBox troubleBanner;
    @FXML private Label troubleText;
    @FXML private Label clusterBadge;
    @FXML private Label queuesBadge;
    @FXML private io.redcron.desktop.maintenance.PausedBanner pausedBanner;
    private FxmlView shown = FxmlView.TASKS;

    public MainController(AppContext context, DialogService dialogs) {
        this.context = context;
        this.dialogs = dialogs;
    }

    @FXML
    private void initialize() {
        context.session().ifPresent(session -> {
            namespaces.setValue(session.namespace());
            context.namespaces(known -> namespaces.getItems().setAll(known));
        });
        navigation.selectedToggleProperty().addListener((o, old, selected) -> {
            if (selected == null) {
                old.setSelected(true);
            }
        });
        io.redcron.desktop.ui.TimeDisplay time = context.messages().time();
        timeZone.getItems().setAll(io.redcron.desktop.ui.TimeDisplay.Mode.values());
        timeZone.setConverter(io.redcron.desktop.ui.Cells.converter(mode -> context.messages().get(
                "time.mode." + mode.name().toLowerCase(Locale.ROOT), time.local().getId())));
        timeZone.setValue(time.mode());
        context.onOpenRuns(preset -> {
            runsButton.setSelected(true);
            show(FxmlView.RUNS);
        });
        tasksButton.setSelected(true);
        show(FxmlView.TASKS);
        io.redcron.desktop.ui.WhileShown.repeat(content, javafx.util.Duration.seconds(5),
                () -> context.clusterTrouble(this::showTrouble));
        context.clusterTrouble(this::showTrouble);
        context.session().ifPresent(session -> pausedBanner.bind(context.maintenanceBanner(), dialogs));
        // Ctrl+1 … Ctrl+7 switch screens in sidebar order, like tabs in a browser.
        content.sceneProperty().addListener((o, old, scene) -> {
            if (scene == null) {
                return;
            }
            ToggleButton[] screens = sidebarOrder();
            for (int i = 0; i < screens.length; i++) {
                ToggleButton button = screens[i];
                scene.getAccelerators().put(new javafx.scene.input.KeyCodeCombination(
                        javafx.scene.input.KeyCode.getKeyCode(Integer.toString(i + 1)),
                        javafx.scene.input.KeyCombination.SHORTCUT_DOWN), () -> {
                            button.setSelected(true);
                            button.fire();
                        });
            }
        });
    }

    /** The screens as the sidebar lists them: Ctrl+1 is the first, Ctrl+7 the last. */
    ToggleButton[] sidebarOrder() {
        return navigation.getToggles().stream().map(ToggleButton.class::cast).toArray(ToggleButton[]::new);
    }

    /** Shows the cluster's trouble above every screen, and counts it beside Cluster and Queues. */
    void showTrouble(ClusterTrouble trouble) {
        java.time.Instant now = context.session().map(session -> session.clock().instant())
                .orElseGet(java.time.Instant::now);
        troubleText.setText(String.join("\n", trouble.lines(context.messages(), now)));
        troubleBanner.setVisible(trouble.any());
        troubleBanner.setManaged(trouble.any());
        badge(clusterBadge, trouble.count());
        badge(queuesBadge, trouble.unserved().size());
    }

    private void badge(Label badge, int count) {
        badge.setText(Integer.toString(count));
        badge.setVisible(count > 0);
        badge.setManaged(count > 0);
        badge.setTooltip(count > 0 ? new Tooltip(context.messages().get("trouble.badge", count)) : null);
    }

    @FXML
    private void onShowTrouble() {
        clusterButton.setSelected(true);
        show(FxmlView.CLUSTER);
    }

    /** Every screen shows times in the zone chosen; the window is rebuilt in it, on the same screen. */
    @FXML
    private void onTimeZone() {
        context.switchTime(timeZone.getValue());
    }

    /** The business calendars of the namespace shown, in a window beside this one. */
    @FXML
    private void onCalendars() {
        new io.redcron.desktop.calendars.CalendarsWindow(context, dialogs, context.messages()).open();
    }

    @FXML
    private void onAbout() {
        dialogs.inform(new DialogService.Information(context.messages().get("about.title"), "Redcron " + version(),
                context.messages().get("about.text", System.getProperty("java.version"))));
    }

    static String version() {
        String version = MainController.class.getPackage().getImplementationVersion();
        return version == null ? "dev" : version;
    }

    /** The namespace's alert silences, in a window of their own. */
    @FXML
    private void onSilences() {
        new io.redcron.desktop.silences.SilencesWindow(context, dialogs, context.messages()).open();
    }

    @FXML
    private void onTheme() {
        context.toggleTheme();
    }

    private void show(FxmlView view) {
        shown = view;
        content.getChildren().setAll(context.load(view));
    }

    /** A namespace picked or typed in the chooser: the same connection, the same screen, other data. */
    @FXML
    private void onNamespace() {
        context.switchNamespace(namespaces.getValue(), () -> {
            show(shown);
            pausedBanner.refresh();
        }, namespaces::setValue);
    }

    /** Pauses the namespace or a routing group: a maintenance window, announced in the banner once open. */
    @FXML
    private void onPause() {
        new io.redcron.desktop.maintenance.PauseDialog(context, dialogs, context.messages())
                .open(opened -> pausedBanner.refresh());
    }

    @FXML
    private void onTasks() {
        show(FxmlView.TASKS);
    }

    @FXML
    private void onDashboard() {
        show(FxmlView.DASHBOARD);
    }

    @FXML
    private void onRuns() {
        show(FxmlView.RUNS);
    }

    @FXML
    private void onQueues() {
        show(FxmlView.QUEUES);
    }

    @FXML
    private void onCluster() {
        show(FxmlView.CLUSTER);
    }

    @FXML
    private void onWorkflows() {
        show(FxmlView.WORKFLOWS);
    }

    @FXML
    private void onAudit() {
        show(FxmlView.AUDIT);
    }

    @FXML
    private void onDisconnect() {
        context.disconnect();
    }

    @FXML
    private void onEnglish() {
        context.switchLanguage(Locale.ENGLISH);
    }

    @FXML
    private void onChinese() {
        context.switchLanguage(Locale.SIMPLIFIED_CHINESE);
    }
}
