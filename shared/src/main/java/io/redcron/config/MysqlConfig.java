package io.redcron.config;

import java.time.Duration;
import java.util.Locale;

/**
 * Where the source of truth lives.
 *
 * @param jdbcUrl {@code jdbc:mysql://host:3306/redcron} or {@code jdbc:mariadb://…} (read by
 *                the MySQL connector either way)
 */
public record MysqlConfig(String jdbcUrl, String user, Secret password, int poolSize, Duration connectTimeout,
                          MysqlTlsMode tlsMode, TlsFiles tlsFiles) {

    /** {@code ?password=…} (any case, also {@code xdevapi.password}…) or {@code //user:password@host}. */
    private static final java.util.regex.Pattern CREDENTIALS_IN_URL = java.util.regex.Pattern.compile(
            "(?i)[?&;][^=&;]*password=|//[^/@?]*:[^/@?]*@");

    public MysqlConfig {
        if (jdbcUrl == null || jdbcUrl.isBlank()) {
            throw new ConfigException("mysql.url", "is required (for example jdbc:mysql://127.0.0.1:3306/redcron)");
        }
        String lower = jdbcUrl.toLowerCase(Locale.ROOT);
        if (!lower.startsWith("jdbc:mysql:") && !lower.startsWith("jdbc:mariadb:")) {
            throw new ConfigException("mysql.url", "'" + jdbcUrl + "' must start with jdbc:mysql:// or jdbc:mariadb://");
        }
        if (carriesPassword(jdbcUrl)) {
            // A URL is printed in messages and logs; the password would go with it. (Not echoed here either.)
            throw new ConfigException("mysql.url", "must not carry a password; set REDCRON_MYSQL_PASSWORD or"
                    + " mysql.password-file");
        }
        if (user == null || user.isBlank()) {
            throw new ConfigException("mysql.user", "is required");
        }
        password = password == null ? Secret.NONE : password;
        SettingChecks.range(Setting.MYSQL_POOL_SIZE, poolSize, 1, 500);
        SettingChecks.positive(Setting.MYSQL_CONNECT_TIMEOUT, connectTimeout);
        SettingChecks.present(Setting.MYSQL_TLS_MODE, tlsMode);
        tlsFiles = tlsFiles == null ? TlsFiles.none("mysql.tls") : tlsFiles;
        if (tlsFiles.hasTrust() && !tlsMode.verifies()) {
            throw new ConfigException("mysql.tls.mode", "is " + tlsMode.key() + ", which checks no certificate: set it to"
                    + " verify-identity (or verify-ca) to use " + (tlsFiles.caFile() != null ? "mysql.tls.ca-file"
                    : "mysql.tls.trust-store"));
        }
    }

    /** This database and user with the default pool, timeout and TLS mode, and no TLS files. */
    public static MysqlConfig of(String jdbcUrl, String user, Secret password) {
        return new MysqlConfig(jdbcUrl, user, password, Setting.MYSQL_POOL_SIZE.defaultInt(),
                Setting.MYSQL_CONNECT_TIMEOUT.defaultDuration(), MysqlTlsMode.parse(Setting.MYSQL_TLS_MODE.defaultValue()),
                null);
    }

    /** Whether a JDBC URL holds a password, as a parameter or before an '@'. */
    public static boolean carriesPassword(String jdbcUrl) {
        return jdbcUrl != null && CREDENTIALS_IN_URL.matcher(jdbcUrl).find();
    }

    /** The same database and TLS settings with a pool of another size. */
    public MysqlConfig withPoolSize(int size) {
        return new MysqlConfig(jdbcUrl, user, password, size, connectTimeout, tlsMode, tlsFiles);
    }

    /** The same database and TLS settings with another connect timeout. */
    public MysqlConfig withConnectTimeout(Duration timeout) {
        return new MysqlConfig(jdbcUrl, user, password, poolSize, timeout, tlsMode, tlsFiles);
    }

    /** The same database and TLS settings for another user. */
    public MysqlConfig withUser(String otherUser, Secret otherPassword) {
        return new MysqlConfig(jdbcUrl, otherUser, otherPassword, poolSize, connectTimeout, tlsMode, tlsFiles);
    }

    /** The URL as the MySQL connector reads it: {@code jdbc:mariadb:} is accepted as an alias. */
    public String connectorUrl() {
        return jdbcUrl.regionMatches(true, 0, "jdbc:mariadb:", 0, 13) ? "jdbc:mysql:" + jdbcUrl.substring(13) : jdbcUrl;
    }
}
