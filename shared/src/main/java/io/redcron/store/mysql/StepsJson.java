package io.redcron.store.mysql;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.redcron.workflow.Edge;
import io.redcron.workflow.EdgeCondition;
import io.redcron.workflow.Join;
import io.redcron.workflow.Step;
import io.redcron.workflow.StepTarget;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The steps of a workflow as the {@code steps} columns keep them. */
final class StepsJson {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private StepsJson() {
    }

    static String write(List<Step> steps) {
        ArrayNode array = MAPPER.createArrayNode();
        for (Step step : steps) {
            ObjectNode node = array.addObject();
            node.put("name", step.name());
            node.put(step.target().kind() == StepTarget.Kind.TASK ? "task" : "workflow", step.target().name());
            ObjectNode params = node.putObject("params");
            step.params().forEach(params::put);
            node.put("join", step.join().name());
            ArrayNode after = node.putArray("after");
            for (Edge edge : step.after()) {
                after.addObject().put("step", edge.from()).put("when", edge.when().name());
            }
        }
        return array.toString();
    }

    static List<Step> read(String json) {
        JsonNode array;
        try {
            array = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored workflow steps are not JSON: " + e.getOriginalMessage(), e);
        }
        List<Step> steps = new ArrayList<>();
        for (JsonNode node : array) {
            StepTarget target = node.has("task") ? StepTarget.task(node.get("task").asText())
                    : StepTarget.workflow(node.get("workflow").asText());
            Map<String, String> params = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = node.path("params").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                params.put(field.getKey(), field.getValue().asText());
            }
            List<Edge> after = new ArrayList<>();
            for (JsonNode edge : node.path("after")) {
                after.add(new Edge(edge.get("step").asText(), EdgeCondition.valueOf(edge.get("when").asText())));
            }
            steps.add(new Step(node.get("name").asText(), target, params, Join.valueOf(node.get("join").asText()), after));
        }
        return steps;
    }
}
