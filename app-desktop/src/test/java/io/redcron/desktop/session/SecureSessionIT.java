package io.redcron.desktop.session;

import io.redcron.desktop.connect.ConnectionProfile;
import io.redcron.testing.LockedDownStores;
import io.redcron.testing.LockedDownStores.Role;
import io.redcron.testing.TestCertificates;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Clock;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The desktop app against TLS-only stores: Redis is trusted through the JVM's trust store
 * ({@code -Djavax.net.ssl.trustStore}, read when a session opens), MySQL through the parameters of
 * the profile's JDBC URL; both verify the server's name.
 */
class SecureSessionIT {
    @TempDir
    static Path dir;
    static LockedDownStores stores;

    @BeforeAll
    static void start() {
        stores = LockedDownStores.startWithTls(dir);
    }

    @AfterAll
    static void stop() {
        if (stores != null) {
            stores.close();
        }
    }

    @AfterEach
    void forgetTrustStore() {
        System.clearProperty("javax.net.ssl.trustStore");
        System.clearProperty("javax.net.ssl.trustStorePassword");
    }

    @Test
    void aViewerSessionOpensOverTlsToBothStores() {
        trust(stores.certificates().trustStore());
        SessionFactory factory = new SessionFactory("viewer", Clock.systemUTC());

        SessionFactory.Check check = factory.check(profile(), Role.VIEWER.password(), Role.VIEWER.password());
        try (Session session = factory.open(profile(), Role.VIEWER.password(), Role.VIEWER.password())) {
            assertThat(check.ok()).as(check.toString()).isTrue();
            assertThat(session.redis().ping()).isEqualTo("PONG");
            assertThat(session.tasks().findByName("locked", "none")).isEmpty();
        }
    }

    @Test
    void withoutTheCaTheRedisCheckSaysTlsFailedAndWhy() {
        SessionFactory.Check check = new SessionFactory("viewer", Clock.systemUTC())
                .check(profile(), Role.VIEWER.password(), Role.VIEWER.password());

        assertThat(check.redis().ok()).isFalse();
        assertThat(check.redis().message()).startsWith("TLS with Redis at rediss://redcron-viewer@127.0.0.1:")
                .contains("not signed by a trusted CA");
    }

    private static void trust(Path trustStore) {
        System.setProperty("javax.net.ssl.trustStore", trustStore.toString());
        System.setProperty("javax.net.ssl.trustStorePassword", TestCertificates.STORE_PASSWORD);
    }

    private static ConnectionProfile profile() {
        // The database's certificate is checked against the JVM's trust store (set by trust()), as
        // for Redis: a URL must never carry a password, not even a trust store's.
        String jdbcUrl = stores.jdbcUrl() + "?sslMode=VERIFY_IDENTITY";
        return new ConnectionProfile("tls", stores.redisUri(Role.VIEWER), jdbcUrl, Role.VIEWER.databaseUser(), "locked");
    }

}
