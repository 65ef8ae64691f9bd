package io.redcron.config;

import java.util.Locale;

/**
 * How the database connection uses TLS, as the MySQL connector's {@code sslMode}: only the two
 * {@code verify-*} modes protect against a server that is not the one intended.
 */
public enum MysqlTlsMode {
    /** Plain text. */
    DISABLED,
    /** TLS when the server offers it, without checking its certificate (the connector's default). */
    PREFERRED,
    /** TLS or no connection, without checking the certificate. */
    REQUIRED,
    /** TLS, and the server's certificate must be signed by a trusted CA. */
    VERIFY_CA,
    /** As {@link #VERIFY_CA}, and the certificate must name the host in the URL. */
    VERIFY_IDENTITY;

    public static MysqlTlsMode parse(String text) {
        String wanted = text.trim().toUpperCase(Locale.ROOT).replace('-', '_');
        for (MysqlTlsMode mode : values()) {
            if (mode.name().equals(wanted)) {
                return mode;
            }
        }
        throw new ConfigException(Setting.MYSQL_TLS_MODE.key(), "'" + text
                + "' is not one of disabled, preferred, required, verify-ca, verify-identity");
    }

    public String key() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public boolean verifies() {
        return this == VERIFY_CA || this == VERIFY_IDENTITY;
    }
}
