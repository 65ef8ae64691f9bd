package io.redcron.node.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * Calls the API as a client would, with the JDK's HTTP client, and checks every answer against the
 * OpenAPI document ({@link OpenApiResponses}): a status the route does not document, or a body that
 * breaks its schema, fails the test that made the call.
 */
final class ApiClient {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private final String base;
    private final String token;

    ApiClient(String base, String token) {
        this.base = base;
        this.token = token;
    }

    ApiClient as(String otherToken) {
        return new ApiClient(base, otherToken);
    }

    record Reply(int status, JsonNode body, HttpResponse<String> raw) {
        String error() {
            return body.path("error").asText();
        }

        String field() {
            return body.path("field").isNull() ? null : body.path("field").asText();
        }
    }

    Reply get(String path) {
        return send("GET", path, null);
    }

    Reply post(String path, String body) {
        return send("POST", path, body);
    }

    Reply put(String path, String body) {
        return send("PUT", path, body);
    }

    Reply delete(String path) {
        return send("DELETE", path, null);
    }

    Reply send(String method, String path, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).method(method,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        if (body != null) {
            request.header("Content-Type", "application/json");
        }
        try {
            HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
            OpenApiResponses.DOCUMENT.check(method, path, response.statusCode(),
                    response.headers().firstValue("Content-Type").orElse(null), response.body());
            JsonNode json = response.body().isEmpty() || !response.headers().firstValue("Content-Type").orElse("")
                    .startsWith("application/json") ? JSON.nullNode() : JSON.readTree(response.body());
            return new Reply(response.statusCode(), json, response);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** An event stream's lines as they come; only the status and type are checked against the document. */
    HttpResponse<java.util.stream.Stream<String>> lines(String path) throws IOException, InterruptedException {
        HttpResponse<java.util.stream.Stream<String>> response = HTTP.send(HttpRequest.newBuilder(URI.create(base + path))
                .header("Authorization", "Bearer " + token).build(), HttpResponse.BodyHandlers.ofLines());
        OpenApiResponses.DOCUMENT.check("GET", path, response.statusCode(),
                response.headers().firstValue("Content-Type").orElse(null), null);
        return response;
    }
}
