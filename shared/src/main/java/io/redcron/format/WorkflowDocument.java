package io.redcron.format;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.InvalidTaskException;
import io.redcron.domain.MisfirePolicy;
import io.redcron.domain.Task;
import io.redcron.schedule.CronDialect;
import io.redcron.workflow.Edge;
import io.redcron.workflow.EdgeCondition;
import io.redcron.workflow.InvalidWorkflowException;
import io.redcron.workflow.Join;
import io.redcron.workflow.Step;
import io.redcron.workflow.StepTarget;
import io.redcron.workflow.Workflow;

import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The YAML/JSON form of a workflow, read by {@code workflow add/update --file} and written by
 * {@code workflow show --json / --output yaml}; what one writes, the other reads back. Reading is
 * strict: an unknown or mistyped key is an error naming it ({@code steps[2].after[0].when}), and the
 * graph's own checks name the step ({@code step load: …}).
 *
 * <pre>
 * name: nightly-etl
 * cron: "0 2 * * *"
 * steps:
 *   - name: extract
 *     task: extract-orders
 *   - name: load
 *     task: load-warehouse
 *     after: [extract, {step: clean, when: always}]
 * </pre>
 */
public final class WorkflowDocument {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    /** Reads YAML, and JSON (which is YAML too). */
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
            .disable(YAMLGenerator.Feature.SPLIT_LINES));
    private static final DocumentFields READ = new DocumentFields(InvalidWorkflowException::new);
    /** What a file may set, and what {@link #write} adds that reading ignores (the store's fields). */
    private static final Set<String> FIELDS = Set.of("name", "description", "cron", "dialect", "zone", "misfire",
            "catchUpLimit", "concurrency", "enabled", "params", "steps", "version",
            "id", "namespace", "schedule", "createdAt", "updatedAt", "nextFireAt");
    private static final Set<String> STEP_FIELDS = Set.of("name", "task", "workflow", "params", "join", "after");
    private static final Set<String> EDGE_FIELDS = Set.of("step", "when");

    private WorkflowDocument() {
    }

    /**
     * What a file defines: the workflow (in {@code namespace}), whether it said {@code enabled}
     * (an update keeps the stored state otherwise), and the version it was read at, if it says.
     */
    public record Definition(Workflow workflow, boolean enabledGiven, Long version) {
    }

    /** Reads a document; a missing {@code name} is taken from {@code defaultName} when that is not null. */
    public static Definition read(JsonNode doc, String namespace, String defaultName) {
        if (doc == null || !doc.isObject()) {
            throw new InvalidWorkflowException("file", "must hold one workflow as a mapping of keys");
        }
        refuseUnknown(doc, FIELDS, "", "a workflow key (name, description, cron, dialect, zone, misfire,"
                + " catchUpLimit, concurrency, enabled, params, steps)");
        String name = READ.text(doc, "name").orElse(defaultName);
        String description = READ.text(doc, "description").orElse("");
        String cron = READ.text(doc, "cron").orElse(null);
        CronDialect dialect = READ.text(doc, "dialect").map(WorkflowDocument::dialect).orElse(null);
        ZoneId zone = READ.text(doc, "zone").map(value -> parse("zone", value, Task::zone)).orElse(null);
        MisfirePolicy misfire = READ.text(doc, "misfire").map(value -> parse("misfire", value, MisfirePolicy::parse))
                .orElse(null);
        int catchUpLimit = doc.has("catchUpLimit") ? READ.integer(doc.get("catchUpLimit"), "catchUpLimit") : 1;
        ConcurrencyPolicy concurrency = READ.text(doc, "concurrency")
                .map(value -> parse("concurrency", value, ConcurrencyPolicy::parse)).orElse(null);
        boolean enabledGiven = doc.hasNonNull("enabled");
        if (enabledGiven && !doc.get("enabled").isBoolean()) {
            throw new InvalidWorkflowException("enabled", "must be true or false");
        }
        boolean enabled = !enabledGiven || doc.get("enabled").asBoolean();
        Map<String, String> params = READ.stringMap(doc.get("params"), "params");
        Long version = null;
        if (doc.hasNonNull("version")) {
            JsonNode node = doc.get("version");
            if (!node.isIntegralNumber() || node.asLong() < 1) {
                throw new InvalidWorkflowException("version", "must be the whole number 'workflow show' printed");
            }
            version = node.asLong();
        }
        List<Step> steps = steps(doc.get("steps"));
        Workflow workflow = new Workflow(null, namespace, name, description, cron, dialect, zone, misfire,
                catchUpLimit, concurrency, enabled, params, steps, 0, null, null, null);
        return new Definition(workflow, enabledGiven, version);
    }

    private static List<Step> steps(JsonNode node) {
        if (node == null || node.isNull()) {
            throw new InvalidWorkflowException("steps", "is required: a list of steps, each with a name and a task"
                    + " or workflow");
        }
        if (!node.isArray()) {
            throw new InvalidWorkflowException("steps", "must be a list of steps");
        }
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            steps.add(step(node.get(i), "steps[" + i + "]"));
        }
        return steps;
    }

    private static Step step(JsonNode node, String at) {
        if (!node.isObject()) {
            throw new InvalidWorkflowException(at, "must be a mapping of name, task or workflow, params, join, after");
        }
        refuseUnknown(node, STEP_FIELDS, at + ".", "a step key (name, task, workflow, params, join, after)");
        String name = READ.text(node, "name", at + ".name")
                .orElseThrow(() -> new InvalidWorkflowException(at + ".name", "is required"));
        Optional<String> task = READ.text(node, "task", at + ".task");
        Optional<String> workflow = READ.text(node, "workflow", at + ".workflow");
        if (task.isPresent() == workflow.isPresent()) {
            throw new InvalidWorkflowException(at, task.isPresent()
                    ? "give one of task and workflow, not both"
                    : "needs a task or a workflow to run");
        }
        StepTarget target = task.map(StepTarget::task).orElseGet(() -> StepTarget.workflow(workflow.get()));
        Join join = READ.text(node, "join", at + ".join").map(value -> Join.parse(at + ".join", value)).orElse(null);
        Map<String, String> params = READ.stringMap(node.get("params"), at + ".params");
        List<Edge> after = edges(node.get("after"), at + ".after");
        return new Step(name, target, params, join, after);
    }

    /** {@code after: [a, {step: b, when: failure}]}; a bare name is an edge on success. */
    private static List<Edge> edges(JsonNode node, String at) {
        List<Edge> edges = new ArrayList<>();
        if (node == null || node.isNull()) {
            return edges;
        }
        if (node.isTextual()) {
            edges.add(Edge.onSuccess(node.asText()));
            return edges;
        }
        if (!node.isArray()) {
            throw new InvalidWorkflowException(at, "must be a list of step names or {step, when} mappings");
        }
        for (int i = 0; i < node.size(); i++) {
            JsonNode item = node.get(i);
            String here = at + "[" + i + "]";
            if (item.isTextual()) {
                edges.add(Edge.onSuccess(item.asText()));
            } else if (item.isObject()) {
                refuseUnknown(item, EDGE_FIELDS, here + ".", "an edge key (step, when)");
                String from = READ.text(item, "step", here + ".step")
                        .orElseThrow(() -> new InvalidWorkflowException(here + ".step", "is required"));
                EdgeCondition when = READ.text(item, "when", here + ".when")
                        .map(value -> EdgeCondition.parse(here + ".when", value)).orElse(EdgeCondition.SUCCESS);
                edges.add(new Edge(from, when));
            } else {
                throw new InvalidWorkflowException(here, "must be a step name or a {step, when} mapping");
            }
        }
        return edges;
    }

    /**
     * The document of a stored workflow: every key a file may set, then the store's (which a file
     * read back ignores, but for {@code version}).
     */
    public static ObjectNode write(Workflow workflow, Locale locale) {
        ObjectNode doc = JSON.objectNode();
        doc.put("name", workflow.name());
        doc.put("description", workflow.description());
        if (workflow.cron() == null) {
            doc.putNull("cron");
        } else {
            doc.put("cron", workflow.cron());
        }
        doc.put("dialect", workflow.dialect().id());
        doc.put("zone", workflow.zone().getId());
        doc.put("misfire", label(workflow.misfirePolicy()));
        doc.put("catchUpLimit", workflow.catchUpLimit());
        doc.put("concurrency", label(workflow.concurrencyPolicy()));
        doc.put("enabled", workflow.enabled());
        doc.set("params", DocumentFields.map(workflow.params()));
        ArrayNode steps = doc.putArray("steps");
        workflow.steps().forEach(step -> steps.add(step(step)));
        if (workflow.id() != null) {
            doc.put("id", workflow.id());
        }
        doc.put("namespace", workflow.namespace());
        doc.put("schedule", workflow.schedule().map(schedule -> schedule.describe(locale)).orElse("manual only"));
        if (workflow.id() != null) {
            doc.put("version", workflow.version());
            doc.put("createdAt", TaskDocument.instant(workflow.createdAt(), workflow.zone()));
            doc.put("updatedAt", TaskDocument.instant(workflow.updatedAt(), workflow.zone()));
            doc.put("nextFireAt", TaskDocument.instant(workflow.nextFireAt(), workflow.zone()));
        }
        return doc;
    }

    private static ObjectNode step(Step step) {
        ObjectNode node = JSON.objectNode();
        node.put("name", step.name());
        node.put(step.target().kind() == StepTarget.Kind.TASK ? "task" : "workflow", step.target().name());
        if (!step.params().isEmpty()) {
            node.set("params", DocumentFields.map(step.params()));
        }
        if (step.join() != Join.ALL) {
            node.put("join", step.join().label());
        }
        if (!step.after().isEmpty()) {
            ArrayNode after = node.putArray("after");
            for (Edge edge : step.after()) {
                if (edge.when() == EdgeCondition.SUCCESS) {
                    after.add(edge.from());
                } else {
                    after.addObject().put("step", edge.from()).put("when", edge.when().label());
                }
            }
        }
        return node;
    }

    /** A document as YAML, as {@code workflow show --output yaml} prints it; {@link #parse} reads it back. */
    public static String yaml(JsonNode doc) {
        try {
            return YAML.writeValueAsString(doc);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write YAML", e);
        }
    }

    /** The tree of a YAML or JSON text; a text that is neither is refused as {@code file}. */
    public static JsonNode parse(byte[] content, String source) {
        try {
            return YAML.readTree(content);
        } catch (java.io.IOException e) {
            String message = e.getMessage() == null ? "" : e.getMessage().strip();
            int newline = message.indexOf('\n');
            throw new InvalidWorkflowException("file", source + " is not valid YAML/JSON: "
                    + (newline < 0 ? message : message.substring(0, newline).strip()));
        }
    }

    /** {@code fire-once}, {@code catch-up}, {@code forbid}: as a file writes them. */
    public static String label(Enum<?> value) {
        return value.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The time as the documents print every time: ISO-8601 with the zone's offset. */
    public static String instant(Instant instant, ZoneId zone) {
        return TaskDocument.instant(instant, zone);
    }

    private static CronDialect dialect(String value) {
        try {
            return CronDialect.parse(value);
        } catch (IllegalArgumentException e) {
            throw new InvalidWorkflowException("dialect", "'" + value + "' is not one of unix, quartz, spring");
        }
    }

    /** A parser of the task model, its error renamed to this document's field. */
    private static <T> T parse(String field, String value, Function<String, T> parser) {
        try {
            return parser.apply(value);
        } catch (InvalidTaskException e) {
            throw new InvalidWorkflowException(field, e.getMessage().substring(e.field().length() + 2));
        }
    }

    private static void refuseUnknown(JsonNode node, Set<String> known, String prefix, String what) {
        Iterator<String> names = node.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            if (!known.contains(name)) {
                throw new InvalidWorkflowException(prefix + name, "is not " + what);
            }
        }
    }
}
