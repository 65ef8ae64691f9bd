package io.redcron.node.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.SwaggerParseResult;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Checks an answer of the API against the OpenAPI document: the route's operation must document
 * the status, and a JSON body must match the response's schema. The document's schemas are
 * turned into one JSON Schema (2020-12) document for the validator: {@code $ref}s point into its
 * {@code $defs}, OpenAPI 3.0's {@code nullable} becomes a {@code "null"} type, and an object that
 * lists its properties allows no others ({@code unevaluatedProperties}, so that an {@code allOf}
 * is closed as a whole, its branches referring to open variants), so a field the server sends but
 * the document does not name is caught too.
 */
final class OpenApiResponses {
    private static final String COMPONENT_SCHEMAS = "#/components/schemas/";
    /** The suffix of a schema's variant that leaves its properties open, for a branch of an {@code allOf}. */
    private static final String OPEN = ".open";
    private static final Set<String> OPENAPI_ONLY = Set.of("nullable", "discriminator", "xml", "externalDocs",
            "example");
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The document the server serves; one per test JVM (declared after the constants it is built with). */
    static final OpenApiResponses DOCUMENT = new OpenApiResponses(ApiServer.document());

    private final OpenAPI api;
    private final JsonNode raw;
    private final ObjectNode defs = NODES.objectNode();
    private final List<Route> routes;
    private final SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    private final Map<String, Schema> schemas = new ConcurrentHashMap<>();

    private record Route(String template, Pattern pattern, int literals) {
    }

    OpenApiResponses(String document) {
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(document, null, null);
        if (result.getOpenAPI() == null || !result.getMessages().isEmpty()) {
            throw new IllegalArgumentException("the OpenAPI document does not parse: " + result.getMessages());
        }
        api = result.getOpenAPI();
        try {
            raw = new ObjectMapper(new YAMLFactory()).readTree(document);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        raw.path("components").path("schemas").fields().forEachRemaining(entry -> {
            defs.set(entry.getKey(), convert(entry.getValue(), false));
            defs.set(entry.getKey() + OPEN, convert(entry.getValue(), true));
        });
        routes = api.getPaths().keySet().stream().map(OpenApiResponses::route).toList();
    }

    /**
     * @param path        the request's path, with or without a query
     * @param contentType the answer's Content-Type, or null
     * @throws AssertionError naming the route, the status and what does not match
     */
    void check(String method, String path, int status, String contentType, String body) {
        String bare = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
        Optional<Route> route = routes.stream().filter(r -> r.pattern().matcher(bare).matches())
                .max(java.util.Comparator.comparingInt(Route::literals));
        Operation operation = route.map(r -> api.getPaths().get(r.template()).readOperationsMap()
                .get(PathItem.HttpMethod.valueOf(method.toUpperCase(Locale.ROOT)))).orElse(null);
        if (operation == null) {
            // No such route: the router's refusal, in the one error shape.
            String what = method + " " + bare + " (no documented route) answered " + status;
            if (status != 404 && status != 405) {
                throw new AssertionError(what + ": only 404 or 405 can answer a route that is not documented");
            }
            validate(what, "no route", NODES.objectNode().put("$ref", "#/$defs/Error"), body);
            return;
        }
        String template = route.get().template();
        String what = method + " " + template + " answered " + status;
        String code = Integer.toString(status);
        ApiResponse response = operation.getResponses().get(code);
        if (response == null) {
            throw new AssertionError(what + ", a status the document does not give for this route (it gives "
                    + operation.getResponses().keySet() + ")");
        }
        JsonNode documented = raw.path("paths").path(template).path(method.toLowerCase(Locale.ROOT))
                .path("responses").path(code);
        if (documented.has("$ref")) {
            documented = raw.at("/" + documented.get("$ref").asText().substring(2));
        }
        JsonNode content = documented.path("content");
        if (body == null || body.isEmpty()) {
            if (!content.isMissingNode() && !content.path("application/json").isMissingNode()) {
                throw new AssertionError(what + " with no body; the document says it has a JSON body");
            }
            return;
        }
        String type = contentType == null ? "" : contentType.split(";")[0].strip().toLowerCase(Locale.ROOT);
        if (!content.has(type)) {
            throw new AssertionError(what + " with a " + (type.isEmpty() ? "body of no type" : type + " body")
                    + "; the document gives " + (content.isMissingNode() ? "no body" : fieldNames(content)));
        }
        if (type.equals("application/json")) {
            JsonNode schema = content.path(type).path("schema");
            validate(what, method + " " + template + " " + code, convert(schema, false), body);
        }
    }

    private void validate(String what, String key, JsonNode schema, String body) {
        Schema compiled = schemas.computeIfAbsent(key, k -> {
            ObjectNode document = ((ObjectNode) schema).deepCopy();
            document.put("$schema", SpecificationVersion.DRAFT_2020_12.getDialectId());
            document.set("$defs", defs);
            return registry.getSchema(document.toString(), InputFormat.JSON);
        });
        List<Error> errors;
        try {
            JSON.readTree(body);
            errors = compiled.validate(body, InputFormat.JSON);
        } catch (IOException e) {
            throw new AssertionError(what + " with a body that is not JSON: " + body);
        }
        if (!errors.isEmpty()) {
            StringBuilder message = new StringBuilder(what + " with a body that breaks the document's schema:");
            errors.forEach(error -> message.append("\n  ").append(error));
            message.append("\nbody: ").append(body.length() > 2000 ? body.substring(0, 2000) + "…" : body);
            throw new AssertionError(message.toString());
        }
    }

    /**
     * An OpenAPI 3.0 schema as JSON Schema 2020-12.
     *
     * @param branch whether it is a branch of an {@code allOf}: its properties are checked as
     *               closed by the whole, not by the branch, which sees only its own
     */
    static JsonNode convert(JsonNode schema, boolean branch) {
        if (!schema.isObject()) {
            return schema;
        }
        ObjectNode out = NODES.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = schema.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            String keyword = entry.getKey();
            JsonNode value = entry.getValue();
            switch (keyword) {
                case "$ref" -> out.put("$ref", value.asText().replace(COMPONENT_SCHEMAS, "#/$defs/"));
                case "properties" -> {
                    ObjectNode properties = out.putObject("properties");
                    value.fields().forEachRemaining(p -> properties.set(p.getKey(), convert(p.getValue(), false)));
                }
                case "items", "not" -> out.set(keyword, convert(value, false));
                case "additionalProperties" -> out.set(keyword, value.isObject() ? convert(value, false) : value);
                case "allOf", "anyOf", "oneOf" -> {
                    ArrayNode parts = out.putArray(keyword);
                    value.forEach(part -> {
                        JsonNode converted = convert(part, keyword.equals("allOf"));
                        if (keyword.equals("allOf") && converted.has("$ref")) {
                            ((ObjectNode) converted).put("$ref", converted.get("$ref").asText() + OPEN);
                        }
                        parts.add(converted);
                    });
                }
                default -> {
                    if (!OPENAPI_ONLY.contains(keyword)) {
                        out.set(keyword, value);
                    }
                }
            }
        }
        if (!branch && (schema.has("properties") || schema.has("allOf")) && !schema.has("additionalProperties")) {
            out.put("unevaluatedProperties", false);
        }
        if (!schema.path("nullable").asBoolean(false)) {
            return out;
        }
        if (out.has("type")) {
            out.set("type", NODES.arrayNode().add(out.get("type").asText()).add("null"));
            if (out.has("enum")) {
                ((ArrayNode) out.get("enum")).addNull();
            }
            return out;
        }
        ObjectNode either = NODES.objectNode();
        either.putArray("anyOf").add(out).addObject().put("type", "null");
        return either;
    }

    private static Route route(String template) {
        StringBuilder regex = new StringBuilder();
        int literals = 0;
        for (String part : template.split("(?=\\{)|(?<=\\})")) {
            if (part.startsWith("{")) {
                regex.append("[^/]+");
            } else {
                regex.append(Pattern.quote(part));
                literals += part.length();
            }
        }
        return new Route(template, Pattern.compile(regex.toString()), literals);
    }

    private static String fieldNames(JsonNode node) {
        StringBuilder names = new StringBuilder();
        node.fieldNames().forEachRemaining(name -> names.append(names.isEmpty() ? "" : ", ").append(name));
        return names.toString();
    }
}
