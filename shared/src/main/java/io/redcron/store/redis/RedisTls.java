package io.redcron.store.redis;

import io.redcron.config.RedisConfig;
import io.redcron.config.RedisTopology;
import io.redcron.store.tls.KeyMaterial;
import redis.clients.jedis.DefaultJedisClientConfig;

import java.security.cert.CertificateException;
import java.util.Optional;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocketFactory;

/**
 * TLS for {@code rediss://}: the socket factory built from {@code redis.tls.*}, hostname
 * verification always on (Jedis does none unless given SSL parameters that ask for it), and a
 * readable reason when a handshake fails. The same for every connection of a deployment: a
 * standalone server, Cluster nodes, sentinels and the primary they name.
 */
public final class RedisTls {
    private RedisTls() {
    }

    /** Sets up TLS on a client configuration when the URI asks for it; plain connections stay as they are. */
    public static void apply(DefaultJedisClientConfig.Builder client, RedisConfig config) {
        if (config.tls()) {
            client.ssl(true).sslSocketFactory(socketFactory(config)).sslParameters(parameters());
        }
    }

    public static SSLSocketFactory socketFactory(RedisConfig config) {
        return KeyMaterial.sslContext(config.tlsFiles()).getSocketFactory();
    }

    /** The server's certificate must name the host of the URI (a DNS name or an IP address). */
    public static SSLParameters parameters() {
        SSLParameters parameters = new SSLParameters();
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        return parameters;
    }

    /** What went wrong in a TLS handshake with Redis, in words that point at the setting to fix. */
    static Optional<String> explain(RedisConfig config, Throwable error) {
        if (!config.tls()) {
            return Optional.empty();
        }
        String where = "TLS with Redis at " + config.displayUri() + " failed: ";
        SSLException ssl = find(error, SSLException.class);
        if (ssl == null) {
            // With TLS 1.3 a server that wants a client certificate accepts the handshake and then
            // drops the connection, so the client sees a reset instead of a TLS alert.
            String message = String.valueOf(rootMessage(error));
            if (config.tlsFiles().keyStore() == null && (message.contains("Broken pipe")
                    || message.contains("Connection reset") || message.contains("Unexpected end of stream"))) {
                return Optional.of(where + "the server closed the connection (" + message + "); if it requires"
                        + " client certificates (tls-auth-clients yes), set redis.tls.key-store");
            }
            return Optional.empty();
        }
        String message = String.valueOf(ssl.getMessage());
        CertificateException certificate = find(error, CertificateException.class);
        if (certificate != null && String.valueOf(certificate.getMessage()).contains("subject alternative")) {
            // Behind Sentinel or Cluster the host is one the deployment named; the JDK's message names it.
            String host = config.topology() instanceof RedisTopology.Standalone ? config.host()
                    : "the host it was reached at";
            return Optional.of(where + "its certificate does not name " + host + " (" + certificate.getMessage() + ")");
        }
        if (message.contains("PKIX") || message.contains("unable to find valid certification path")) {
            return Optional.of(where + "its certificate is not signed by a trusted CA (set redis.tls.ca-file or"
                    + " redis.tls.trust-store to the CA that signed it)");
        }
        if (message.contains("bad_certificate") || message.contains("certificate_required")
                || message.contains("certificate_unknown") && config.tlsFiles().keyStore() == null) {
            return Optional.of(where + "the server wants a client certificate it trusts (redis.tls.key-store): " + message);
        }
        if (message.contains("Unsupported or unrecognized SSL message") || message.contains("plaintext")) {
            return Optional.of(where + "the server does not speak TLS on port " + config.port() + " (use redis:// or its tls-port)");
        }
        return Optional.of(where + message);
    }

    private static String rootMessage(Throwable error) {
        Throwable root = error;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getMessage();
    }

    private static <T extends Throwable> T find(Throwable error, Class<T> type) {
        for (Throwable cause = error; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (type.isInstance(cause)) {
                return type.cast(cause);
            }
            for (Throwable suppressed : cause.getSuppressed()) {
                if (type.isInstance(suppressed)) {
                    return type.cast(suppressed);
                }
            }
        }
        return null;
    }
}
