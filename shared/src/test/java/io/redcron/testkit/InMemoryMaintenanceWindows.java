package io.redcron.testkit;

import io.redcron.domain.MaintenanceWindow;
import io.redcron.port.MaintenanceWindows;

import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** Maintenance windows in memory, audited as the MySQL store audits them. */
final class InMemoryMaintenanceWindows implements MaintenanceWindows {
    private final Tables tables;

    InMemoryMaintenanceWindows(Tables tables) {
        this.tables = tables;
    }

    @Override
    public MaintenanceWindow open(String namespace, MaintenanceWindow.Request request, String actor) {
        String who = Texts.actor(actor);
        synchronized (tables) {
            Instant now = tables.now();
            MaintenanceWindow.Request asked = request.startingBy(now);
            MaintenanceWindow window = new MaintenanceWindow(tables.windows.size() + 1L, namespace, asked.group(),
                    Tables.millis(asked.from()), asked.until() == null ? null : Tables.millis(asked.until()),
                    asked.onResume(), asked.reason(), who, now, null, null);
            tables.windows.add(window);
            tables.audit(namespace, who, "window.open", "window:" + window.id(), null, window.scope());
            return window;
        }
    }

    @Override
    public boolean resume(String namespace, long id, String actor) {
        String who = Texts.actor(actor);
        synchronized (tables) {
            Instant now = tables.now();
            for (int i = 0; i < tables.windows.size(); i++) {
                MaintenanceWindow w = tables.windows.get(i);
                if (w.id() == id && w.namespace().equals(namespace) && w.resumedAt() == null
                        && (w.until() == null || w.until().isAfter(now))) {
                    tables.windows.set(i, new MaintenanceWindow(w.id(), w.namespace(), w.group(), w.from(), w.until(),
                            w.onResume(), w.reason(), w.createdBy(), w.createdAt(), now, who));
                    tables.audit(namespace, who, "window.resume", "window:" + id, null, now.toString());
                    return true;
                }
            }
            return false;
        }
    }

    @Override
    public Optional<MaintenanceWindow> get(String namespace, long id) {
        synchronized (tables) {
            return of(namespace).stream().filter(w -> w.id() == id).findFirst();
        }
    }

    @Override
    public List<MaintenanceWindow> current(String namespace) {
        synchronized (tables) {
            return relevant(namespace, tables.now());
        }
    }

    @Override
    public List<MaintenanceWindow> relevant(String namespace, Instant endedAfter) {
        synchronized (tables) {
            return of(namespace).stream().filter(w -> w.end() == null || w.end().isAfter(endedAfter)).toList();
        }
    }

    @Override
    public List<MaintenanceWindow> recent(String namespace, int limit) {
        synchronized (tables) {
            return of(namespace).stream().sorted(Comparator.comparingLong(MaintenanceWindow::id).reversed())
                    .limit(Math.max(1, limit)).toList();
        }
    }

    private List<MaintenanceWindow> of(String namespace) {
        return tables.windows.stream().filter(w -> w.namespace().equals(namespace)).toList();
    }
}
