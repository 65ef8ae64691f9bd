package io.redcron.node.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.redcron.config.ApiConfig;
import io.redcron.config.ConfigException;
import io.redcron.config.Secret;
import io.redcron.domain.ApiScope;
import io.redcron.domain.ApiToken;
import io.redcron.testkit.InMemoryApiTokenStore;
import io.redcron.testkit.InMemoryStores;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * The API speaks HTTPS with the key material of its configuration, from a PKCS12 key store or
 * from PEM files, and plain HTTP clients get nowhere. Certificates are made here with keytool.
 */
class ApiTlsIT {
    private static final String PASSWORD = "changeit";

    @TempDir
    static Path dir;
    static Path keyStore;
    static Path certFile;
    static Path keyFile;
    static SSLContext trusting;

    @BeforeAll
    static void certificates() throws Exception {
        keyStore = dir.resolve("api.p12");
        keytool("-genkeypair", "-alias", "api", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2", "-dname",
                "CN=localhost", "-ext", "SAN=ip:127.0.0.1,dns:localhost", "-storetype", "PKCS12", "-keystore",
                keyStore.toString(), "-storepass", PASSWORD, "-keypass", PASSWORD);
        certFile = dir.resolve("api.crt");
        keytool("-exportcert", "-rfc", "-alias", "api", "-keystore", keyStore.toString(), "-storepass", PASSWORD,
                "-file", certFile.toString());
        KeyStore store = KeyStore.getInstance(keyStore.toFile(), PASSWORD.toCharArray());
        PrivateKey key = (PrivateKey) store.getKey("api", PASSWORD.toCharArray());
        keyFile = dir.resolve("api.key");
        Files.writeString(keyFile, "-----BEGIN PRIVATE KEY-----\n" + Base64.getMimeEncoder().encodeToString(key.getEncoded())
                + "\n-----END PRIVATE KEY-----\n");
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(store);
        trusting = SSLContext.getInstance("TLS");
        trusting.init(null, trust.getTrustManagers(), null);
    }

    @Test
    void aKeyStoreServesHttps() throws Exception {
        assertServesHttpsOnly(new ApiConfig("127.0.0.1", 0, null, null, keyStore, Secret.of(PASSWORD), 20, 65536));
    }

    @Test
    void pemFilesServeHttps() throws Exception {
        assertServesHttpsOnly(new ApiConfig("127.0.0.1", 0, certFile, keyFile, null, Secret.NONE, 20, 65536));
    }

    @Test
    void halfTheKeyMaterialIsRefusedNamingTheSetting() {
        assertThatThrownBy(() -> new ApiConfig("127.0.0.1", 0, certFile, null, null, Secret.NONE, 20, 65536))
                .isInstanceOf(ConfigException.class).hasMessageContaining("api.tls.key-file");
        assertThatThrownBy(() -> new ApiConfig("127.0.0.1", 0, certFile, keyFile, keyStore, Secret.NONE, 20, 65536))
                .isInstanceOf(ConfigException.class).hasMessageContaining("api.tls.key-store");
        assertThatThrownBy(() -> new ApiServer(new ApiConfig("127.0.0.1", 0, certFile, certFile, null, Secret.NONE, 20,
                65536), null, List.of(), Clock.systemUTC())).isInstanceOf(ConfigException.class)
                .hasMessageContaining("api.tls.key-file");
    }

    private static void assertServesHttpsOnly(ApiConfig config) throws Exception {
        InMemoryStores stores = new InMemoryStores(Clock.systemUTC());
        InMemoryApiTokenStore tokens = new InMemoryApiTokenStore(stores.audit());
        String secret = ApiToken.newSecret();
        ApiToken token = tokens.create(ApiToken.draft("tls", secret, ApiScope.READ, List.of("default"), Map.of(),
                Instant.now(), "test", null), "test");
        try (ApiServer server = new ApiServer(config, tokens, new ArrayList<>(), Clock.systemUTC()).start()) {
            HttpClient client = HttpClient.newBuilder().sslContext(trusting).build();
            HttpResponse<String> document = client.send(HttpRequest.newBuilder(URI.create("https://127.0.0.1:"
                    + server.port() + "/api/v1/openapi.yaml")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(document.statusCode()).isEqualTo(200);
            HttpResponse<String> unauthenticated = client.send(HttpRequest.newBuilder(URI.create("https://127.0.0.1:"
                    + server.port() + "/api/v1/namespaces/default/tasks")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(unauthenticated.statusCode()).isEqualTo(401);
            HttpResponse<String> authenticated = client.send(HttpRequest.newBuilder(URI.create("https://127.0.0.1:"
                    + server.port() + "/api/v1/namespaces/default/tasks")).header("Authorization", "Bearer "
                    + ApiToken.presented(token.id(), secret)).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(authenticated.statusCode()).as("a namespace the server does not serve").isEqualTo(404);

            assertThatThrownBy(() -> HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                    "https://127.0.0.1:" + server.port() + "/api/v1/openapi.yaml")).build(),
                    HttpResponse.BodyHandlers.ofString())).as("an untrusted certificate").isInstanceOf(SSLHandshakeException.class);
            assertThatThrownBy(() -> HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
                    "http://127.0.0.1:" + server.port() + "/api/v1/openapi.yaml")).build(),
                    HttpResponse.BodyHandlers.ofString()).statusCode()).as("plain HTTP").isInstanceOf(IOException.class);
        }
    }

    private static void keytool(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        if (process.waitFor() != 0) {
            throw new IOException("keytool failed: " + output);
        }
    }
}
