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
 * Maps {@code mysql.tls.*} onto the MySQL connector's own properties. The connector reads key
 * material only from URLs of PKCS12/JKS files with their passwords in its properties, so the CA
 * (PEM or trust store) and the client key are copied once into PKCS12 files under one-off
 * passwords, readable only by this process's user and deleted when the JVM exits: the operator's
 * own store passwords never reach the driver.
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
        KeyStore trust = KeyMaterial.trustStore(files);
        if (trust != null) {
            Secret password = Secret.of(randomPassword());
            properties.setProperty("trustCertificateKeyStoreUrl", writePkcs12(trust, password, "ca-file").toUri().toString());
            properties.setProperty("trustCertificateKeyStoreType", "PKCS12");
            properties.setProperty("trustCertificateKeyStorePassword", password.reveal());
            // The configured CA alone decides: a certificate the JVM happens to trust does not do.
            properties.setProperty("fallbackToSystemTrustStore", "false");
        }
        if (files.keyStore() != null) {
            Secret password = Secret.of(randomPassword());
            KeyStore copy = reProtected(KeyMaterial.load("mysql.tls.key-store", files.keyStore(), files.keyStorePassword()),
                    files.keyStorePassword(), password);
            properties.setProperty("clientCertificateKeyStoreUrl", writePkcs12(copy, password, "key-store").toUri().toString());
            properties.setProperty("clientCertificateKeyStoreType", "PKCS12");
            properties.setProperty("clientCertificateKeyStorePassword", password.reveal());
        }
    }

    /**
     * The key store's entries under a one-off password, so that the operator's password never
     * reaches the driver's properties (which a pool may log when debugging).
     */
    private static KeyStore reProtected(KeyStore source, Secret oldPassword, Secret newPassword) {
        try {
            KeyStore copy = KeyStore.getInstance("PKCS12");
            copy.load(null, null);
            char[] old = oldPassword.reveal().toCharArray();
            for (String alias : java.util.Collections.list(source.aliases())) {
                if (source.isKeyEntry(alias)) {
                    copy.setKeyEntry(alias, source.getKey(alias, old), newPassword.reveal().toCharArray(),
                            source.getCertificateChain(alias));
                } else {
                    copy.setCertificateEntry(alias, source.getCertificate(alias));
                }
            }
            return copy;
        } catch (GeneralSecurityException | IOException e) {
            throw new ConfigException("mysql.tls.key-store", "cannot read its key with the password given: " + e.getMessage());
        }
    }

    private static Path writePkcs12(KeyStore store, Secret password, String what) {
        try {
            Path file = Files.createTempFile("redcron-mysql-ca-", ".p12",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            file.toFile().deleteOnExit();
            try (OutputStream out = Files.newOutputStream(file)) {
                store.store(out, password.reveal().toCharArray());
            }
            return file;
        } catch (IOException | GeneralSecurityException | UnsupportedOperationException e) {
            throw new ConfigException("mysql.tls." + what, "cannot prepare a copy for the connector: " + e.getMessage());
        }
    }

    private static String randomPassword() {
        byte[] bytes = new byte[18];
        new SecureRandom().nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
