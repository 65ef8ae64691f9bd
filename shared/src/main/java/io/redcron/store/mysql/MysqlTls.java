package io.redcron.store.mysql;

import io.redcron.config.ConfigException;
import io.redcron.config.MysqlConfig;
import io.redcron.config.MysqlTlsMode;
import io.redcron.config.Secret;
import io.redcron.config.TlsFiles;
import io.redcron.store.tls.KeyMaterial;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Properties;

/**
 * Maps {@code mysql.tls.*} onto the MySQL connector's own properties. The connector reads trust
 * stores only from URLs of PKCS12/JKS files, so a PEM CA file is copied once into a PKCS12 file
 * readable only by this process's user, deleted when the JVM exits.
 */
final class MysqlTls {
    private MysqlTls() {
    }

    static void addTo(Properties properties, MysqlConfig config) {
        MysqlTlsMode mode = config.tlsMode();
        if (mode == MysqlTlsMode.PREFERRED && !config.tlsFiles().hasTrust() && config.tlsFiles().keyStore() == null) {
            return; // the connector's default; parameters in mysql.url still apply
        }
        properties.setProperty("sslMode", mode.name());
        TlsFiles files = config.tlsFiles();
        if (files.caFile() != null) {
            KeyStore store = KeyMaterial.pemCertificates("mysql.tls.ca-file", files.caFile());
            Secret password = Secret.of(randomPassword());
            trustStore(properties, writePkcs12(store, password), "PKCS12", password);
        } else if (files.trustStore() != null) {
            KeyStore store = KeyMaterial.load("mysql.tls.trust-store", files.trustStore(), files.trustStorePassword());
            trustStore(properties, files.trustStore(), store.getType(), files.trustStorePassword());
        }
        if (files.keyStore() != null) {
            KeyStore store = KeyMaterial.load("mysql.tls.key-store", files.keyStore(), files.keyStorePassword());
            properties.setProperty("clientCertificateKeyStoreUrl", files.keyStore().toUri().toString());
            properties.setProperty("clientCertificateKeyStoreType", store.getType().toUpperCase(java.util.Locale.ROOT));
            properties.setProperty("clientCertificateKeyStorePassword", files.keyStorePassword().reveal());
        }
    }

    private static void trustStore(Properties properties, Path file, String type, Secret password) {
        properties.setProperty("trustCertificateKeyStoreUrl", file.toUri().toString());
        properties.setProperty("trustCertificateKeyStoreType", type.toUpperCase(java.util.Locale.ROOT));
        properties.setProperty("trustCertificateKeyStorePassword", password.reveal());
        // The configured CA alone decides: a certificate the JVM happens to trust does not do.
        properties.setProperty("fallbackToSystemTrustStore", "false");
    }

    private static Path writePkcs12(KeyStore store, Secret password) {
        try {
            Path file = Files.createTempFile("redcron-mysql-ca-", ".p12",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            file.toFile().deleteOnExit();
            try (OutputStream out = Files.newOutputStream(file)) {
                store.store(out, password.reveal().toCharArray());
            }
            return file;
        } catch (IOException | GeneralSecurityException | UnsupportedOperationException e) {
            throw new ConfigException("mysql.tls.ca-file", "cannot prepare a trust store from it: " + e.getMessage());
        }
    }

    private static String randomPassword() {
        byte[] bytes = new byte[18];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
