package io.redcron.config;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The JSON API of a node with the api role. TLS comes from PEM files (certificate chain and key)
 * or from a key store, not both; with neither the API speaks plain HTTP, which is only sensible
 * on 127.0.0.1 or behind a proxy that terminates TLS.
 *
 * @param port      0 picks a free port
 * @param rateLimit requests per second per token
 * @param maxBody   bytes of a request body at most
 */
public record ApiConfig(String bind, int port, Path certFile, Path keyFile, Path keyStore, Secret keyStorePassword,
                        int rateLimit, int maxBody) {
    public ApiConfig {
        if (bind == null || bind.isBlank()) {
            throw new ConfigException(Setting.API_BIND.key(), "is required (an address such as 0.0.0.0 or 127.0.0.1)");
        }
        SettingChecks.range(Setting.API_PORT, port, 0, 65535);
        SettingChecks.range(Setting.API_RATE_LIMIT, rateLimit, 1, 100_000);
        SettingChecks.range(Setting.API_MAX_BODY, maxBody, 1024, 16 * 1024 * 1024);
        keyStorePassword = keyStorePassword == null ? Secret.NONE : keyStorePassword;
        if ((certFile == null) != (keyFile == null)) {
            throw new ConfigException(certFile == null ? Setting.API_TLS_CERT_FILE.key() : Setting.API_TLS_KEY_FILE.key(),
                    "is required with " + (certFile == null ? Setting.API_TLS_KEY_FILE.key() : Setting.API_TLS_CERT_FILE.key()));
        }
        if (certFile != null && keyStore != null) {
            throw new ConfigException(Setting.API_TLS_KEY_STORE.key(), "set either " + Setting.API_TLS_KEY_STORE.key()
                    + " or the PEM files (" + Setting.API_TLS_CERT_FILE.key() + ", " + Setting.API_TLS_KEY_FILE.key()
                    + "), not both");
        }
        readable(Setting.API_TLS_CERT_FILE, certFile);
        readable(Setting.API_TLS_KEY_FILE, keyFile);
        readable(Setting.API_TLS_KEY_STORE, keyStore);
    }

    public static ApiConfig defaults() {
        return new ApiConfig(Setting.API_BIND.defaultValue(), Setting.API_PORT.defaultInt(), null, null, null,
                Secret.NONE, Setting.API_RATE_LIMIT.defaultInt(), Setting.API_MAX_BODY.defaultInt());
    }

    public boolean tls() {
        return certFile != null || keyStore != null;
    }

    private static void readable(Setting setting, Path file) {
        if (file != null && !Files.isReadable(file)) {
            throw new ConfigException(setting.key(), "cannot read " + file + (Files.exists(file) ? " (permissions?)" : " (no such file)"));
        }
    }
}
