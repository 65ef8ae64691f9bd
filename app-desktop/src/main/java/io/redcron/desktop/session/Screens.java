package io.redcron.desktop.session;

import io.redcron.desktop.audit.AuditViewModel;
import io.redcron.desktop.cluster.ClusterViewModel;
import io.redcron.desktop.cluster.EpochSource;
import io.redcron.desktop.queues.QueuesViewModel;
import io.redcron.desktop.runs.RunsViewModel;
import io.redcron.desktop.runs.TriggerViewModel;
import io.redcron.desktop.tasks.TaskEditorViewModel;
import io.redcron.desktop.tasks.TasksViewModel;
import io.redcron.desktop.ui.Messages;
import io.redcron.desktop.ui.UiExecutor;

import java.time.ZoneId;

/**
 * Builds each screen's view-model on the ports of a session, for the namespace shown when the
 * screen is opened: the one place that knows which ports a screen works on.
 */
public final class Screens {
    private final Session session;
    private final UiExecutor executor;
    private final Messages messages;

    public Screens(Session session, UiExecutor executor, Messages messages) {
        this.session = session;
        this.executor = executor;
        this.messages = messages;
    }

    public TasksViewModel tasks() {
        return new TasksViewModel(session.tasks(), session.runs(), session.managed(), session.operations().trigger(), session.workspace(),
                executor, messages);
    }

    public TaskEditorViewModel taskEditor() {
        return new TaskEditorViewModel(session.tasks(), session.workspace(), executor, messages)
                .withCalendars(session.calendars());
    }

    public RunsViewModel runs() {
        return runs(messages.time().zoneFor(null));
    }

    /** @param zone the zone times are shown in, and the date filters read in */
    public RunsViewModel runs(ZoneId zone) {
        return new RunsViewModel(session.operations(), session.runs(), session.retention(), session.workspace(), executor,
                messages, zone,
                io.redcron.desktop.runs.HiddenTasks.Memory.inPreferences(session.namespace()))
                .withWorkflows(session.workflows());
    }

    /** The retention dialog, opened on the namespace's policy or a task's. */
    public io.redcron.desktop.retention.RetentionViewModel retention() {
        return new io.redcron.desktop.retention.RetentionViewModel(session.retention(), session.tasks(),
                session.workspace(), executor, messages);
    }

    /** The maintenance banner; it reads the namespace shown at each refresh, so it follows a switch. */
    public io.redcron.desktop.maintenance.MaintenanceBannerViewModel maintenanceBanner() {
        return new io.redcron.desktop.maintenance.MaintenanceBannerViewModel(session.maintenanceWindows(),
                session::namespace, session.operator(), session.clock(), executor, messages);
    }

    /** The Pause dialog, over the namespace shown. */
    public io.redcron.desktop.maintenance.PauseViewModel pause() {
        return new io.redcron.desktop.maintenance.PauseViewModel(session.maintenanceWindows(), session.tasks(),
                session.workspace(), executor, messages);
    }

    /** The alert silences window, times in the zone the desktop shows. */
    public io.redcron.desktop.silences.SilencesViewModel silences() {
        return new io.redcron.desktop.silences.SilencesViewModel(session.silences(), session.tasks(),
                session.workspace(), executor, messages, messages.time().zoneFor(null));
    }

    /** The Calendars window, over the namespace shown. */
    public io.redcron.desktop.calendars.CalendarsViewModel calendars() {
        return new io.redcron.desktop.calendars.CalendarsViewModel(session.calendars(), session.workspace(), executor,
                messages);
    }

    /** The cron builder reads the namespace's calendars for its preview through this. */
    public io.redcron.desktop.cron.BuilderCalendars builderCalendars() {
        String namespace = session.namespace();
        io.redcron.port.CalendarStore calendars = session.calendars();
        return io.redcron.desktop.cron.BuilderCalendars.of(() -> calendars.calendars(namespace), executor);
    }

    /** The workflows screen, over the namespace shown. */
    public io.redcron.desktop.workflows.WorkflowsViewModel workflows() {
        return new io.redcron.desktop.workflows.WorkflowsViewModel(session.workflows(), session.workspace(), executor,
                messages);
    }

    /** The workflow editor; step targets complete from the namespace's tasks and workflows. */
    public io.redcron.desktop.workflows.WorkflowEditorViewModel workflowEditor() {
        return new io.redcron.desktop.workflows.WorkflowEditorViewModel(session.workflows(),
                session.operations().lookup(), session.workspace(), executor, messages);
    }

    /** One workflow run's graph and steps. */
    public io.redcron.desktop.workflows.WorkflowRunViewModel workflowRun() {
        return new io.redcron.desktop.workflows.WorkflowRunViewModel(session.workflows(), executor, messages,
                session.clock());
    }

    public TriggerViewModel trigger() {
        return new TriggerViewModel(TriggerViewModel.through(session.operations()), executor, messages);
    }

    public QueuesViewModel queues() {
        return new QueuesViewModel(session.queues(), session.runs(), session.operations(), session.clock(), executor, messages);
    }

    public AuditViewModel audit() {
        return new AuditViewModel(session.audit(), session.namespace(), executor, messages);
    }

    public ClusterViewModel cluster() {
        String namespace = session.namespace();
        return cluster(new EpochSource(() -> session.epochs().current(namespace)));
    }

    public ClusterViewModel cluster(EpochSource epochs) {
        return new ClusterViewModel(session.leader(), trouble(), epochs, session.clock(), executor, messages)
                .withDrains(new ClusterViewModel.Drains(session.drains(), session.namespace(), session.operator()));
    }

    /** What the cluster's groups and nodes look like, for the cluster screen and the window's banner. */
    public io.redcron.desktop.cluster.TroubleReader trouble() {
        return new io.redcron.desktop.cluster.TroubleReader(session.nodes(), session.queues(), session.recovery(),
                session.namespace(), session.clock());
    }
}
