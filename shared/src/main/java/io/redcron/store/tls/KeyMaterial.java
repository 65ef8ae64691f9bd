package io.redcron.store.tls;

import io.redcron.config.ConfigException;
import io.redcron.config.Secret;
import io.redcron.config.TlsFiles;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.util.Collection;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Turns a store's {@link TlsFiles} into the trust and key stores and the {@link SSLContext} of its
 * connections. A file that cannot be used is reported with the setting that names it.
 */
public final class KeyMaterial {
    private KeyMaterial() {
    }

    /**
     * An SSL context trusting the configured CA (else what the JVM trusts, including
     * {@code -Djavax.net.ssl.trustStore}) and presenting the configured client certificate (else
     * the one of {@code -Djavax.net.ssl.keyStore}, if any).
     */
    public static SSLContext sslContext(TlsFiles files) {
        try {
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(trustStore(files)); // null: the JVM's own trust store
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keyManagers(files), trust.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new ConfigException(files.prefix(), "cannot set up TLS: " + e.getMessage());
        }
    }

    /** The trust store the files name (a PEM CA file is read into one), or null for the JVM's. */
    public static KeyStore trustStore(TlsFiles files) {
        if (files.caFile() != null) {
            return pemCertificates(files.prefix() + ".ca-file", files.caFile());
        }
        if (files.trustStore() != null) {
            return load(files.prefix() + ".trust-store", files.trustStore(), files.trustStorePassword());
        }
        return null;
    }

    /** PEM certificates as a trust store, each an entry of its own. */
    public static KeyStore pemCertificates(String key, Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            Collection<? extends Certificate> certificates = CertificateFactory.getInstance("X.509").generateCertificates(in);
            if (certificates.isEmpty()) {
                throw new ConfigException(key, file + " holds no PEM certificate");
            }
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            int index = 0;
            for (Certificate certificate : certificates) {
                store.setCertificateEntry("ca-" + index++, certificate);
            }
            return store;
        } catch (IOException | GeneralSecurityException e) {
            throw new ConfigException(key, "cannot read the certificates in " + file + ": " + e.getMessage());
        }
    }

    /** A PKCS12 or JKS file (the JDK tells which from its content). */
    public static KeyStore load(String key, Path file, Secret password) {
        try {
            return KeyStore.getInstance(file.toFile(), password.isEmpty() ? null : password.reveal().toCharArray());
        } catch (IOException e) {
            // The JDK reports a wrong password as an IOException whose cause is an UnrecoverableKeyException.
            throw new ConfigException(key, "cannot open " + file + ": wrong password or not a PKCS12/JKS file ("
                    + e.getMessage() + ")");
        } catch (CertificateException | java.security.KeyStoreException | java.security.NoSuchAlgorithmException e) {
            throw new ConfigException(key, "cannot open " + file + ": " + e.getMessage());
        }
    }

    private static KeyManager[] keyManagers(TlsFiles files) throws GeneralSecurityException {
        KeyStore store;
        char[] password;
        if (files.keyStore() != null) {
            store = load(files.prefix() + ".key-store", files.keyStore(), files.keyStorePassword());
            password = files.keyStorePassword().reveal().toCharArray();
        } else if (System.getProperty("javax.net.ssl.keyStore") != null) {
            Secret jvmPassword = Secret.of(System.getProperty("javax.net.ssl.keyStorePassword"));
            store = load("javax.net.ssl.keyStore", Path.of(System.getProperty("javax.net.ssl.keyStore")), jvmPassword);
            password = jvmPassword.reveal().toCharArray();
        } else {
            return null;
        }
        KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        try {
            factory.init(store, password);
        } catch (java.security.UnrecoverableKeyException e) {
            throw new ConfigException(files.prefix() + ".key-store", "the key in it cannot be read with the password given");
        }
        return factory.getKeyManagers();
    }
}
