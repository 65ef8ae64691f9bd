package io.redcron.desktop.runs;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

/**
 * The tasks whose runs the operator hid from the runs list (a task that fires every ten seconds
 * buries every other run), remembered per namespace as the time zone choice is, so that they
 * stay hidden when the screen is opened again.
 */
public final class HiddenTasks {
    /** A hidden task: its id filters, its name is what the screen shows. */
    public record Task(long id, String name) {
    }

    /** Where the hidden tasks are kept between screens. */
    public interface Memory {
        List<Task> load();

        void save(List<Task> tasks);

        /** Kept only while the screen is open. */
        static Memory none() {
            return new Memory() {
                @Override
                public List<Task> load() {
                    return List.of();
                }

                @Override
                public void save(List<Task> tasks) {
                }
            };
        }

        /** Kept in the user's preferences, per namespace. */
        static Memory inPreferences(String namespace) {
            return new PreferencesMemory(namespace);
        }
    }

    private final ObservableList<Task> tasks = FXCollections.observableArrayList();
    private final Memory memory;

    public HiddenTasks(Memory memory) {
        this.memory = memory;
        tasks.setAll(memory.load());
    }

    /** Hides a task's runs; false if they were hidden already. */
    boolean hide(long id, String name) {
        if (ids().contains(id)) {
            return false;
        }
        tasks.add(new Task(id, name));
        memory.save(List.copyOf(tasks));
        return true;
    }

    /** Shows a task's runs again; false if they were not hidden. */
    boolean show(long id) {
        boolean removed = tasks.removeIf(task -> task.id() == id);
        if (removed) {
            memory.save(List.copyOf(tasks));
        }
        return removed;
    }

    Set<Long> ids() {
        Set<Long> ids = new LinkedHashSet<>();
        tasks.forEach(task -> ids.add(task.id()));
        return ids;
    }

    public ObservableList<Task> tasks() {
        return tasks;
    }

    /** One line per task, "id TAB name"; a task name holds no tab or line break. */
    private static final class PreferencesMemory implements Memory {
        private static final Preferences NODE = Preferences.userRoot().node("io/redcron/desktop/runs/hidden");
        private final String key;

        PreferencesMemory(String namespace) {
            // A preference key is at most 80 characters; a namespace is shorter, but be safe.
            key = namespace.length() <= Preferences.MAX_KEY_LENGTH ? namespace : Integer.toHexString(namespace.hashCode());
        }

        @Override
        public List<Task> load() {
            List<Task> tasks = new ArrayList<>();
            for (String line : NODE.get(key, "").split("\n")) {
                int tab = line.indexOf('\t');
                if (tab > 0) {
                    try {
                        tasks.add(new Task(Long.parseLong(line.substring(0, tab)), line.substring(tab + 1)));
                    } catch (NumberFormatException ignored) {
                        // a line written by something else: left out
                    }
                }
            }
            return tasks;
        }

        @Override
        public void save(List<Task> tasks) {
            StringBuilder text = new StringBuilder();
            for (Task task : tasks) {
                String line = task.id() + "\t" + task.name() + "\n";
                if (text.length() + line.length() > Preferences.MAX_VALUE_LENGTH) {
                    break; // the rest stay hidden while the screen is open, not after
                }
                text.append(line);
            }
            if (text.isEmpty()) {
                NODE.remove(key);
            } else {
                NODE.put(key, text.toString());
            }
            try {
                NODE.flush();
            } catch (BackingStoreException e) {
                // Preferences are a convenience: the choice still holds while the screen is open.
            }
        }
    }
}
