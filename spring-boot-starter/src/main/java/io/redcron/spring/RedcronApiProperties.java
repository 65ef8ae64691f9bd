package io.redcron.spring;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * {@code redcron.api.*}: the node with the api role an application talks to over HTTP, to
 * reconcile the tasks it declares in code (and to schedule runs without a database account).
 */
@ConfigurationProperties("redcron.api")
public class RedcronApiProperties {
    /** The node's base URL, such as {@code https://redcron.example.com:8686}; the HTTP client is configured only when set. */
    private String url;
    /** The bearer token ({@code redcron-node token create}); reconciling declared tasks needs the admin scope. */
    private String token;
    /** How long one request may take. */
    private Duration requestTimeout = Duration.ofSeconds(30);

    public String getUrl() {
        return url;
    }

    public void setUrl(String url) {
        this.url = url;
    }

    public String getToken() {
        return token;
    }

    public void setToken(String token) {
        this.token = token;
    }

    public Duration getRequestTimeout() {
        return requestTimeout;
    }

    public void setRequestTimeout(Duration requestTimeout) {
        this.requestTimeout = requestTimeout;
    }

    @Override
    public String toString() {
        // Never the token: properties objects end up in logs and actuator output.
        return "RedcronApiProperties[url=" + url + ", token=" + (token == null ? "none" : "******") + "]";
    }
}
