package io.redcron.testkit;

import io.redcron.domain.AlertRule;
import io.redcron.port.AlertRules;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** Tasks' alert rules in memory, audited as the MySQL store audits them. */
final class InMemoryAlertRules implements AlertRules {
    private final Tables tables;

    InMemoryAlertRules(Tables tables) {
        this.tables = tables;
    }

    @Override
    public Map<Long, AlertRule> all(String namespace) {
        synchronized (tables) {
            return Map.copyOf(tables.alertRules.getOrDefault(namespace, Map.of()));
        }
    }

    @Override
    public Optional<AlertRule> of(String namespace, long taskId) {
        synchronized (tables) {
            return Optional.ofNullable(tables.alertRules.getOrDefault(namespace, Map.of()).get(taskId));
        }
    }

    @Override
    public AlertRule change(String namespace, long taskId, AlertRule change, String actor) {
        String who = Texts.actor(actor);
        synchronized (tables) {
            Map<Long, AlertRule> rules = tables.alertRules.computeIfAbsent(namespace, ns -> new HashMap<>());
            AlertRule before = rules.get(taskId);
            AlertRule after = (before == null ? AlertRule.NONE : before).with(change);
            if (after.isEmpty()) {
                rules.remove(taskId);
            } else {
                rules.put(taskId, after);
            }
            tables.audit(namespace, who, "alerts.rules.change", "task:" + taskId,
                    before == null ? null : before.toString(), after.toString());
            return after;
        }
    }

    @Override
    public boolean clear(String namespace, long taskId, String actor) {
        String who = Texts.actor(actor);
        synchronized (tables) {
            AlertRule before = tables.alertRules.getOrDefault(namespace, new HashMap<>()).remove(taskId);
            if (before == null) {
                return false;
            }
            tables.audit(namespace, who, "alerts.rules.clear", "task:" + taskId, before.toString(), null);
            return true;
        }
    }
}
