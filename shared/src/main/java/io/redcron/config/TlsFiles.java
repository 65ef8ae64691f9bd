package io.redcron.config;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The key material of one store's TLS connections, all optional: whom to trust (a PEM file of CA
 * certificates, or a PKCS12/JKS trust store; neither means the JVM's trust store) and, for servers
 * that ask for one, this client's certificate and key (a PKCS12/JKS key store).
 *
 * @param prefix the settings these came from ({@code redis.tls} or {@code mysql.tls}), for messages
 */
public record TlsFiles(String prefix, Path caFile, Path trustStore, Secret trustStorePassword, Path keyStore,
                       Secret keyStorePassword) {

    public TlsFiles {
        trustStorePassword = trustStorePassword == null ? Secret.NONE : trustStorePassword;
        keyStorePassword = keyStorePassword == null ? Secret.NONE : keyStorePassword;
        if (caFile != null && trustStore != null) {
            throw new ConfigException(prefix + ".ca-file", "set either " + prefix + ".ca-file or " + prefix
                    + ".trust-store, not both");
        }
        readable(prefix + ".ca-file", caFile);
        readable(prefix + ".trust-store", trustStore);
        readable(prefix + ".key-store", keyStore);
    }

    /** No files: trust what the JVM trusts, present no client certificate. */
    public static TlsFiles none(String prefix) {
        return new TlsFiles(prefix, null, null, Secret.NONE, null, Secret.NONE);
    }

    public boolean hasTrust() {
        return caFile != null || trustStore != null;
    }

    private static void readable(String key, Path file) {
        if (file != null && !Files.isReadable(file)) {
            throw new ConfigException(key, "cannot read " + file + (Files.exists(file) ? " (permissions?)" : " (no such file)"));
        }
    }
}
