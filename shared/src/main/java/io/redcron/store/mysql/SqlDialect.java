package io.redcron.store.mysql;

import io.redcron.port.StoreException;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * The one place where MySQL 8 and MariaDB differ. The MySQL connector reports "MySQL" as the
 * product of both, so the server is told apart by its version string ({@code 10.11.5-MariaDB}).
 */
public enum SqlDialect {
    MYSQL("utf8mb4_0900_bin", "FOR SHARE", 8, 0, 1) {
        @Override
        public String insertAlias() {
            return " AS new";
        }

        @Override
        public String inserted(String column) {
            return "new." + column;
        }
    },
    MARIADB("utf8mb4_nopad_bin", "LOCK IN SHARE MODE", 10, 6, 0) {
        @Override
        public String insertAlias() {
            return "";
        }

        @Override
        public String inserted(String column) {
            return "VALUES(" + column + ")";
        }
    };

    private static final String MARIADB_PREFIX = "5.5.5-";
    private static final Pattern VERSION = Pattern.compile("(\\d+)\\.(\\d+)(?:\\.(\\d+))?");

    private final String nameCollation;
    private final String forShare;
    private final int[] skipLockedSince;

    SqlDialect(String nameCollation, String forShare, int... skipLockedSince) {
        this.nameCollation = nameCollation;
        this.forShare = forShare;
        this.skipLockedSince = skipLockedSince;
    }

    /** A binary collation without trailing-space padding, so names compare exactly. */
    public String nameCollation() {
        return nameCollation;
    }

    /** The clause that reads a row with a shared lock (fencing reads). */
    public String forShare() {
        return forShare;
    }

    /**
     * The alias that makes the inserted row addressable in {@code ON DUPLICATE KEY UPDATE}: MySQL
     * deprecates {@code VALUES(col)} there (8.0.20) and MariaDB does not know the alias.
     */
    public abstract String insertAlias();

    /** The value a column would have had in the row that the insert tried to add. */
    public abstract String inserted(String column);

    /** Whether {@code FOR UPDATE SKIP LOCKED} is understood by this server version. */
    public boolean supportsSkipLocked(String serverVersion) {
        int[] version = parseVersion(serverVersion);
        for (int i = 0; i < skipLockedSince.length; i++) {
            if (version[i] != skipLockedSince[i]) {
                return version[i] > skipLockedSince[i];
            }
        }
        return true;
    }

    /** Tells the dialect from the product version the server reports. */
    public static SqlDialect of(String productVersion) {
        return productVersion != null && productVersion.toLowerCase(Locale.ROOT).contains("mariadb") ? MARIADB : MYSQL;
    }

    public static SqlDialect of(DatabaseMetaData metaData) throws SQLException {
        return of(metaData.getDatabaseProductVersion());
    }

    public static SqlDialect detect(DataSource dataSource) {
        try (Connection connection = dataSource.getConnection()) {
            return of(connection.getMetaData());
        } catch (SQLException e) {
            throw new StoreException("cannot reach the database to detect its kind: " + MysqlDataSources.reason(e), e);
        }
    }

    static int[] parseVersion(String text) {
        String version = text == null ? "" : text;
        // MariaDB 10 prefixes its version with "5.5.5-" for clients that only know MySQL 5.
        if (version.startsWith(MARIADB_PREFIX)) {
            version = version.substring(MARIADB_PREFIX.length());
        }
        Matcher matcher = VERSION.matcher(version);
        if (!matcher.find()) {
            return new int[] {0, 0, 0};
        }
        return new int[] {
            Integer.parseInt(matcher.group(1)),
            Integer.parseInt(matcher.group(2)),
            matcher.group(3) == null ? 0 : Integer.parseInt(matcher.group(3)),
        };
    }
}
