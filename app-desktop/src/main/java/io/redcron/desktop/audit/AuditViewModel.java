package io.redcron.desktop.audit;

import io.redcron.desktop.ui.UiExecutor;
import io.redcron.format.RedactedJson;
import io.redcron.port.AuditEntry;
import io.redcron.port.AuditLog;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The audit trail of the namespace, newest first, a page at a time: what each entry is about, by
 * name, and the selected change field by field, beside its recorded states.
 */
public final class AuditViewModel {
    public static final int PAGE_SIZE = 100;

    private final ObservableList<AuditEntry> entries = FXCollections.observableArrayList();
    private final ObservableList<FieldChange> changes = FXCollections.observableArrayList();
    private final StringProperty subject = new SimpleStringProperty("");
    private final ObjectProperty<AuditEntry> selected = new SimpleObjectProperty<>();
    private final StringBinding before = Bindings.createStringBinding(() -> state(selected.get(), true), selected);
    private final StringBinding after = Bindings.createStringBinding(() -> state(selected.get(), false), selected);
    private final io.redcron.desktop.ui.Pager pager = new io.redcron.desktop.ui.Pager(PAGE_SIZE, this::load);
    private final BooleanProperty busy = new SimpleBooleanProperty();
    private final StringProperty error = new SimpleStringProperty("");

    private final AuditLog audit;
    private final String namespace;
    private final UiExecutor executor;
    private final io.redcron.desktop.ui.Messages messages;

    public AuditViewModel(AuditLog audit, String namespace, UiExecutor executor, io.redcron.desktop.ui.Messages messages) {
        this.audit = audit;
        this.namespace = namespace;
        this.executor = executor;
        this.messages = messages;
        selected.addListener((o, old, entry) -> changes.setAll(entry == null ? java.util.List.of()
                : AuditDiff.of(entry.before(), entry.after())));
    }

    public io.redcron.desktop.ui.TimeDisplay messagesTime() {
        return messages.time();
    }

    /** A column header that names the zone its times are in. */
    public String header(String key) {
        return messages.get("time.header", messages.get(key), messages.time().headerZone(messages));
    }

    /** When the entry was recorded, in the zone the app shows times in. */
    public String timeText(AuditEntry entry) {
        return messages.time().format(entry.at());
    }

    /** What the entry is about, by name where its states give one. */
    public String subjectText(AuditEntry entry) {
        return AuditSubjects.describe(entry, messages);
    }

    public void load() {
        String filter = subject.get() == null || subject.get().isBlank() ? null : subject.get().trim();
        PageRequest request = pager.request();
        busy.set(true);
        executor.submit(() -> audit.list(namespace, filter, request), (Page<AuditEntry> found) -> {
            busy.set(false);
            error.set("");
            entries.setAll(found.items());
            pager.total().set(found.total());
        }, failure -> {
            busy.set(false);
            error.set(failure.getMessage());
        });
    }

    public boolean hasNextPage() {
        return pager.hasNext();
    }

    public void nextPage() {
        pager.next();
    }

    public void previousPage() {
        pager.previous();
    }

    /** A state of the selected change as shown: nothing selected is empty, no state a dash. */
    private static String state(AuditEntry entry, boolean beforeSide) {
        if (entry == null) {
            return "";
        }
        String json = beforeSide ? entry.before() : entry.after();
        // Rows written before states were stored masked may still hold credentials.
        return json == null ? "—" : RedactedJson.of(json);
    }

    public ObservableList<AuditEntry> entries() { return entries; }
    public ObservableList<FieldChange> changes() { return changes; }
    public StringBinding beforeProperty() { return before; }
    public StringBinding afterProperty() { return after; }
    public StringProperty subjectProperty() { return subject; }
    public ObjectProperty<AuditEntry> selectedProperty() { return selected; }
    public IntegerProperty pageProperty() { return pager.page(); }
    public LongProperty totalProperty() { return pager.total(); }
    public BooleanProperty busyProperty() { return busy; }
    public StringProperty errorProperty() { return error; }
}
