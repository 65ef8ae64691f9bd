package io.redcron.desktop.runs;

import io.redcron.desktop.ui.Debouncer;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.Task;
import io.redcron.ops.Lookup;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Task names to offer while the operator types part of one into the runs filter: at most
 * {@link #SHOWN}, by name, looked up once typing pauses and off the JavaFX thread.
 */
public final class TaskNameCompletion {
    static final int SHOWN = 10;

    private final ObservableList<String> names = FXCollections.observableArrayList();
    private final Lookup lookup;
    private final UiExecutor executor;
    private Debouncer debouncer = Debouncer.immediate();
    /** Counts look-ups: an answer to an older text, or one that came after a dismissal, is dropped. */
    private long asked;

    TaskNameCompletion(Lookup lookup, UiExecutor executor) {
        this.lookup = lookup;
        this.executor = executor;
    }

    /** Waits for a pause in typing before looking names up (the view gives an {@code FxDebouncer}). */
    public void debounceWith(Debouncer value) {
        debouncer = value;
    }

    /** The operator typed {@code text}: offers the names that contain it, once typing pauses. */
    public void typed(String text) {
        long mine = ++asked;
        String part = text == null ? "" : text.strip();
        if (part.isEmpty()) {
            names.clear();
            return;
        }
        debouncer.schedule(() -> {
            if (mine != asked) {
                return;
            }
            executor.submit(() -> lookup.tasksNamedLike(part, SHOWN).tasks().stream().map(Task::name).toList(),
                    found -> {
                        if (mine == asked) {
                            names.setAll(found);
                        }
                    }, failure -> names.clear());
        });
    }

    /** Offers nothing until the operator types again (a name was chosen, or the field was left). */
    public void dismiss() {
        asked++;
        names.clear();
    }

    public ObservableList<String> names() {
        return names;
    }
}
