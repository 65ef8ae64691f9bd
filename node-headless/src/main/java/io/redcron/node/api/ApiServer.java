package io.redcron.node.api;

import io.javalin.Javalin;
import io.javalin.http.HttpStatus;
import io.redcron.config.ApiConfig;
import io.redcron.config.ConfigException;
import io.redcron.config.Setting;
import io.redcron.port.ApiTokenStore;
import io.redcron.store.tls.KeyMaterial;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.ssl.SslContextFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * The JSON API of a node with the api role: Javalin on Jetty, HTTPS when the configuration gives
 * key material, every route under {@code /api/v1/namespaces/{ns}} behind a bearer token
 * ({@link ApiAuth}), request bodies limited, errors in one shape ({@link ApiErrors}). The OpenAPI
 * document is served at {@code /api/v1/openapi.yaml}.
 */
public final class ApiServer implements AutoCloseable {
    public static final String PREFIX = "/api/v1";
    static final String NAMESPACE = PREFIX + "/namespaces/{ns}";
    public static final String DOCUMENT = "/io/redcron/node/api/openapi.yaml";

    private final Javalin app;

    public ApiServer(ApiConfig config, ApiTokenStore tokens, List<ApiNamespace> served, Clock clock) {
        Map<String, ApiNamespace> namespaces = new java.util.LinkedHashMap<>();
        served.forEach(ns -> namespaces.put(ns.namespace(), ns));
        ApiAuth auth = new ApiAuth(tokens, namespaces, clock, config.rateLimit());
        String document = document();
        // Built now, so that bad key material stops the node at start rather than at the first connection.
        SslContextFactory.Server ssl = config.tls() ? sslContextFactory(config) : null;
        app = Javalin.create(javalin -> {
            javalin.showJavalinBanner = false;
            javalin.http.maxRequestSize = config.maxBody();
            javalin.http.defaultContentType = "application/json";
            javalin.jetty.defaultHost = config.bind();
            javalin.jetty.defaultPort = config.port();
            if (ssl != null) {
                javalin.jetty.addConnector((server, http) -> {
                    ServerConnector connector = new ServerConnector(server, ssl);
                    connector.setHost(config.bind());
                    connector.setPort(config.port());
                    return connector;
                });
            }
        });
        app.before(ctx -> {
            long length = ctx.req().getContentLengthLong();
            if (length > config.maxBody()) {
                throw new ApiException(HttpStatus.CONTENT_TOO_LARGE.getCode(), null, "the request body is " + length
                        + " bytes; at most " + config.maxBody() + " are accepted");
            }
        });
        app.beforeMatched(auth::check);
        ApiErrors.register(app);
        app.get(PREFIX + "/openapi.yaml", ctx -> ctx.contentType("application/yaml").result(document));
        new TaskRoutes(namespaces).register(app);
        new RunRoutes(namespaces).register(app);
        new ClusterRoutes(namespaces).register(app);
        new ManagedTaskRoutes(namespaces).register(app);
        new WorkflowRoutes(namespaces).register(app);
    }

    /** Starts listening; returns this. */
    public ApiServer start() {
        app.start();
        return this;
    }

    public int port() {
        return app.port();
    }

    /** Every route as {@code METHOD path}, for the check against the OpenAPI document. */
    public List<String> routes() {
        return app.unsafeConfig().pvt.internalRouter.allHttpHandlers().stream()
                .filter(entry -> entry.getEndpoint().getMethod().isHttpMethod())
                .map(entry -> entry.getEndpoint().getMethod().name() + " " + entry.getEndpoint().getPath())
                .sorted().toList();
    }

    static String document() {
        try (InputStream in = ApiServer.class.getResourceAsStream(DOCUMENT)) {
            if (in == null) {
                throw new IllegalStateException(DOCUMENT + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static SslContextFactory.Server sslContextFactory(ApiConfig config) {
        SslContextFactory.Server factory = new SslContextFactory.Server();
        if (config.keyStore() != null) {
            factory.setKeyStore(KeyMaterial.load(Setting.API_TLS_KEY_STORE.key(), config.keyStore(),
                    config.keyStorePassword()));
            factory.setKeyStorePassword(config.keyStorePassword().reveal());
        } else {
            factory.setKeyStore(PemKeys.keyStore(config.certFile(), config.keyFile()));
            factory.setKeyStorePassword(PemKeys.PASSWORD);
        }
        return factory;
    }

    @Override
    public void close() {
        app.stop();
    }

}
