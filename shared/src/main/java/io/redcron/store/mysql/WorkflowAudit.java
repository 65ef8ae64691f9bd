package io.redcron.store.mysql;

import io.redcron.workflow.Workflow;

import java.util.LinkedHashMap;
import java.util.Map;

/** A workflow as its audit rows show it: the definition, parameter names but not their values. */
final class WorkflowAudit {
    private WorkflowAudit() {
    }

    static String json(Workflow workflow) {
        Map<String, Object> state = new LinkedHashMap<>();
        state.put("name", workflow.name());
        state.put("description", workflow.description());
        state.put("cron", workflow.cron());
        state.put("dialect", workflow.dialect().name());
        state.put("zone", workflow.zone().getId());
        state.put("misfire", workflow.misfirePolicy().name());
        state.put("concurrency", workflow.concurrencyPolicy().name());
        state.put("enabled", workflow.enabled());
        state.put("params", workflow.params().keySet().stream().sorted().toList());
        state.put("steps", workflow.steps().stream().map(step -> step.name() + " -> " + step.target()).toList());
        return Json.write(state);
    }
}
