package io.redcron.domain;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.TreeSet;

/**
 * An HTTP call. The run succeeds when the response status is in {@code acceptedStatuses}
 * (empty means any 2xx). Redirects are followed only as {@code redirects} allows (none when not
 * given).
 */
public record HttpPayload(String method, URI url, Map<String, String> headers, String body,
                          Set<Integer> acceptedStatuses, RedirectPolicy redirects) implements TaskPayload {

    private static final Set<String> METHODS = Set.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");

    public HttpPayload {
        method = method == null || method.isBlank() ? "GET" : method.trim().toUpperCase(Locale.ROOT);
        if (!METHODS.contains(method)) {
            throw new InvalidTaskException("http-method", "'" + method + "' is not one of " + new TreeSet<>(METHODS));
        }
        Checks.required("url", url);
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new InvalidTaskException("url", "'" + url + "' must be an absolute http:// or https:// URL");
        }
        if (url.getHost() == null || url.getHost().isBlank()) {
            throw new InvalidTaskException("url", "'" + url + "' has no host");
        }
        headers = headers == null ? Map.of() : Map.copyOf(headers);
        headers.forEach((name, value) -> {
            if (name.isBlank() || name.chars().anyMatch(c -> c <= ' ' || c == ':' || c >= 0x7f)) {
                throw new InvalidTaskException("http-header", "'" + name + "' is not a valid header name");
            }
            if (value.chars().anyMatch(c -> c == '\r' || c == '\n' || c == 0)) {
                throw new InvalidTaskException("http-header", "value of '" + name + "' contains a line break");
            }
            SecretReferences.check("http-header", value);
        });
        Checks.payloadMap("http-header", headers);
        body = Checks.payloadText("http-body", body == null ? "" : body);
        SecretReferences.check("http-body", body);
        acceptedStatuses = acceptedStatuses == null ? Set.of() : Set.copyOf(acceptedStatuses);
        for (int status : acceptedStatuses) {
            if (status < 100 || status > 599) {
                throw new InvalidTaskException("http-accept", status + " is not an HTTP status (100-599)");
            }
        }
        redirects = redirects == null ? RedirectPolicy.NONE : redirects;
    }

    /** A call that follows no redirects. */
    public HttpPayload(String method, URI url, Map<String, String> headers, String body, Set<Integer> acceptedStatuses) {
        this(method, url, headers, body, acceptedStatuses, RedirectPolicy.NONE);
    }

    public HttpPayload withRedirects(RedirectPolicy policy) {
        return new HttpPayload(method, url, headers, body, acceptedStatuses, policy);
    }

    /**
     * This call with every {@code ${secret:NAME}} in its headers and body replaced by
     * {@code resolve(NAME)}: what a node sends, never what is stored. A resolved value that breaks
     * a rule (a line break in a header) is refused like any other; the error names the header, not
     * the value.
     */
    public HttpPayload withSecretsResolved(Function<String, String> resolve) {
        Map<String, String> resolvedHeaders = new LinkedHashMap<>();
        headers.forEach((name, value) -> resolvedHeaders.put(name, SecretReferences.resolve(value, resolve)));
        return new HttpPayload(method, url, resolvedHeaders, SecretReferences.resolve(body, resolve), acceptedStatuses,
                redirects);
    }

    /** Parses a URL given as text, with an error that names the field. */
    public static URI url(String text) {
        if (text == null || text.isBlank()) {
            throw new InvalidTaskException("url", "is required");
        }
        try {
            return new URI(text.trim());
        } catch (URISyntaxException e) {
            throw new InvalidTaskException("url", "'" + text + "' is not a valid URL: " + e.getReason());
        }
    }

    public boolean accepts(int status) {
        return acceptedStatuses.isEmpty() ? status >= 200 && status < 300 : acceptedStatuses.contains(status);
    }

    @Override
    public TaskType type() {
        return TaskType.HTTP;
    }
}
