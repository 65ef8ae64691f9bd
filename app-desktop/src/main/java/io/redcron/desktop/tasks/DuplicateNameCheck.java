package io.redcron.desktop.tasks;

import io.redcron.desktop.ui.Debouncer;
import io.redcron.desktop.ui.UiExecutor;
import io.redcron.domain.Task;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Tells, while the operator types, whether another task of the namespace already has the name, so
 * that a clash shows at the name rather than as a refusal on Save. The look-up waits for typing to
 * pause and runs off the JavaFX thread; an answer for a name no longer in the field is dropped. A
 * failed look-up says nothing: Save still reports a clash the store refuses.
 */
final class DuplicateNameCheck {
    private final Function<String, Optional<Task>> findByName;
    private final UiExecutor executor;
    private final Consumer<String> onClash;
    private Debouncer debouncer = Debouncer.immediate();
    private String wanted = "";
    private Long ownId;
    private String clash = "";

    /**
     * @param findByName looks a task up by name in the namespace edited (a store call)
     * @param onClash    gets the clashing name, or "" when the name is free; on the JavaFX thread
     */
    DuplicateNameCheck(Function<String, Optional<Task>> findByName, UiExecutor executor, Consumer<String> onClash) {
        this.findByName = findByName;
        this.executor = executor;
        this.onClash = onClash;
    }

    void debounceWith(Debouncer value) {
        debouncer = value;
    }

    /** The task being edited, which may keep its own name; null for a new task. */
    void exclude(Long taskId) {
        ownId = taskId;
    }

    /** The name now in the field: checked once typing pauses. */
    void nameChanged(String name) {
        String trimmed = name == null ? "" : name.trim();
        wanted = trimmed;
        if (!trimmed.equals(clash)) {
            report("");
        }
        if (trimmed.isEmpty()) {
            return;
        }
        debouncer.schedule(() -> lookUp(trimmed));
    }

    private void lookUp(String name) {
        if (!name.equals(wanted)) {
            return; // typed on since
        }
        Long own = ownId;
        executor.submit(() -> findByName.apply(name).filter(found -> !Objects.equals(found.id(), own)).isPresent(),
                taken -> {
                    if (name.equals(wanted)) {
                        report(taken ? name : "");
                    }
                }, failure -> { });
    }

    private void report(String name) {
        if (!name.equals(clash)) {
            clash = name;
            onClash.accept(name);
        }
    }

    /** The name found taken, or "". */
    String clash() {
        return clash;
    }
}
