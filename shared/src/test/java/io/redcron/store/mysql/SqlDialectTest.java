package io.redcron.store.mysql;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SqlDialectTest {

    @ParameterizedTest
    @CsvSource({
        "10.11.5-MariaDB, MARIADB",
        "5.5.5-10.11.19-MariaDB-0+deb12u1, MARIADB",
        "11.4.2-MariaDB-ubu2404, MARIADB",
        "8.0.36, MYSQL",
        "8.4.0-commercial, MYSQL",
    })
    void tellsTheServerKindFromItsVersionString(String version, SqlDialect expected) {
        assertThat(SqlDialect.of(version)).isEqualTo(expected);
    }

    @Test
    void readsSharedLocksAndUpsertsEachInItsOwnSpelling() {
        assertThat(SqlDialect.MYSQL.forShare()).isEqualTo("FOR SHARE");
        assertThat(SqlDialect.MARIADB.forShare()).isEqualTo("LOCK IN SHARE MODE");
        assertThat(SqlDialect.MYSQL.insertAlias() + " ON DUPLICATE KEY UPDATE epoch = "
                + SqlDialect.MYSQL.inserted("epoch")).isEqualTo(" AS new ON DUPLICATE KEY UPDATE epoch = new.epoch");
        assertThat(SqlDialect.MARIADB.insertAlias() + " ON DUPLICATE KEY UPDATE epoch = "
                + SqlDialect.MARIADB.inserted("epoch")).isEqualTo(" ON DUPLICATE KEY UPDATE epoch = VALUES(epoch)");
    }

    @Test
    void namesAreComparedWithABinaryNoPadCollationOnBoth() {
        assertThat(SqlDialect.MYSQL.nameCollation()).isEqualTo("utf8mb4_0900_bin");
        assertThat(SqlDialect.MARIADB.nameCollation()).isEqualTo("utf8mb4_nopad_bin");
    }

    @ParameterizedTest
    @CsvSource({
        "MYSQL, 8.0.0, false",
        "MYSQL, 8.0.1, true",
        "MYSQL, 8.4.0, true",
        "MYSQL, 5.7.44, false",
        "MARIADB, 10.5.9-MariaDB, false",
        "MARIADB, 10.6.0-MariaDB, true",
        "MARIADB, 5.5.5-10.11.19-MariaDB-0+deb12u1, true",
        "MARIADB, 11.4.2-MariaDB, true",
    })
    void knowsWhichVersionsSkipLockedRows(SqlDialect dialect, String version, boolean expected) {
        assertThat(dialect.supportsSkipLocked(version)).isEqualTo(expected);
    }
}
