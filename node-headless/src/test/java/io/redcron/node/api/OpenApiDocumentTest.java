package io.redcron.node.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.redcron.config.ApiConfig;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/** The OpenAPI document in the repository is the API the server registers: the same routes, nothing more or less. */
class OpenApiDocumentTest {

    static OpenAPI document() {
        SwaggerParseResult result = new OpenAPIV3Parser().readContents(ApiServer.document(), null, null);
        assertThat(result.getMessages()).as("the document parses cleanly").isEmpty();
        return result.getOpenAPI();
    }

    @Test
    void everyRouteIsDocumentedAndEveryDocumentedRouteExists() {
        ApiServer server = new ApiServer(ApiConfig.defaults(), null, List.of(), Clock.systemUTC());
        TreeSet<String> registered = new TreeSet<>(server.routes());

        TreeSet<String> documented = new TreeSet<>();
        for (Map.Entry<String, PathItem> path : document().getPaths().entrySet()) {
            path.getValue().readOperationsMap().keySet().forEach(method ->
                    documented.add(method.name().toUpperCase(Locale.ROOT) + " " + path.getKey()));
        }

        assertThat(documented).containsExactlyElementsOf(registered);
    }

    @Test
    void everyProtectedRouteSaysWhatARefusalLooksLike() {
        document().getPaths().forEach((path, item) -> item.readOperations().forEach(operation -> {
            if (path.startsWith(ApiServer.PREFIX + "/namespaces/")) {
                assertThat(operation.getSecurity()).as(path + " needs the bearer token").isNull();
            }
        }));
        assertThat(document().getComponents().getSchemas()).containsKeys("Error", "Task", "Run", "RunRequest");
    }

    /** The token check answers before any handler: 401, 404 for a namespace out of reach, 429, and 403 for a scope too low. */
    @Test
    void everyProtectedRouteDocumentsTheRefusalsOfTheTokenCheck() {
        document().getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) -> {
            if (path.startsWith(ApiServer.PREFIX + "/namespaces/")) {
                assertThat(operation.getResponses()).as(method + " " + path).containsKeys("401", "404", "429");
                if (method != PathItem.HttpMethod.GET) {
                    assertThat(operation.getResponses()).as(method + " " + path).containsKey("403");
                }
            }
        }));
    }

    @Test
    void theServedDocumentIsTheOneInTheRepository() throws Exception {
        Path source = Path.of("src/main/resources/io/redcron/node/api/openapi.yaml");
        assertThat(ApiServer.document()).isEqualTo(Files.readString(source));
    }
}
