package io.redcron.node.api;

import io.redcron.config.ConfigException;
import io.redcron.config.Setting;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.List;

/** A certificate chain and its PKCS#8 key from PEM files, as an in-memory key store for Jetty. */
final class PemKeys {
    static final String PASSWORD = "in-memory";
    private static final List<String> ALGORITHMS = List.of("RSA", "EC", "Ed25519");

    private PemKeys() {
    }

    static KeyStore keyStore(Path certFile, Path keyFile) {
        List<? extends Certificate> chain;
        try (InputStream in = Files.newInputStream(certFile)) {
            chain = List.copyOf(CertificateFactory.getInstance("X.509").generateCertificates(in));
        } catch (IOException | GeneralSecurityException e) {
            throw new ConfigException(Setting.API_TLS_CERT_FILE.key(), "cannot read certificates from " + certFile
                    + ": " + e.getMessage());
        }
        if (chain.isEmpty()) {
            throw new ConfigException(Setting.API_TLS_CERT_FILE.key(), certFile + " holds no certificate");
        }
        PrivateKey key = privateKey(keyFile);
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry("api", key, PASSWORD.toCharArray(), chain.toArray(Certificate[]::new));
            return store;
        } catch (IOException | GeneralSecurityException e) {
            throw new ConfigException(Setting.API_TLS_KEY_FILE.key(), "the key does not fit the certificate: "
                    + e.getMessage());
        }
    }

    private static PrivateKey privateKey(Path keyFile) {
        String text;
        try {
            text = Files.readString(keyFile, StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new ConfigException(Setting.API_TLS_KEY_FILE.key(), "cannot read " + keyFile + ": " + e.getMessage());
        }
        int begin = text.indexOf("-----BEGIN PRIVATE KEY-----");
        int end = text.indexOf("-----END PRIVATE KEY-----");
        if (begin < 0 || end < begin) {
            throw new ConfigException(Setting.API_TLS_KEY_FILE.key(), keyFile + " holds no unencrypted PKCS#8 key"
                    + " (BEGIN PRIVATE KEY; convert with: openssl pkcs8 -topk8 -nocrypt)");
        }
        byte[] der = Base64.getMimeDecoder().decode(text.substring(begin + 27, end));
        for (String algorithm : ALGORITHMS) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
            } catch (GeneralSecurityException e) {
                // try the next algorithm
            }
        }
        throw new ConfigException(Setting.API_TLS_KEY_FILE.key(), keyFile + " holds no RSA, EC or Ed25519 key");
    }
}
