package io.redcron.node.sandbox;

import io.redcron.config.Secret;
import java.util.List;

/**
 * The accounts of the sandbox's MariaDB, set anew by SQL the server runs at every start
 * ({@code --init-file}), before it takes its first connection:
 *
 * <ul>
 *   <li>{@value SandboxMariaDb#USER}, with this start's password, over TCP from 127.0.0.1 and on
 *       the socket, with every right on the {@value SandboxMariaDb#DATABASE} database and none
 *       elsewhere;</li>
 *   <li>root only through the unix socket as the system's root (the socket lies in the private
 *       data folder); root over TCP and the anonymous accounts an install makes are dropped.</li>
 * </ul>
 *
 * <p>Because it runs at every start, a data folder from an older sandbox (a root without password
 * on TCP, anonymous accounts) is secured in place, with its data, before anyone could use those
 * accounts: the server accepts no connection until this SQL has run. The password appears only as
 * its hash.
 */
final class MariaDbAccounts {
    private MariaDbAccounts() {
    }

    static String initSql(Secret password) {
        String hash = SandboxPasswords.mariaDbNativeHash(password);
        String user = "'" + SandboxMariaDb.USER + "'";
        // One statement per line: the form an init file is read in by every MariaDB version.
        return String.join("\n", List.of(
                // Direct deletes, as mysql_secure_installation does: the host names of these accounts vary.
                "DELETE FROM mysql.global_priv WHERE User = '' OR (User = 'root' AND Host <> 'localhost');",
                "DELETE FROM mysql.db WHERE User = '';",
                "FLUSH PRIVILEGES;",
                "ALTER USER IF EXISTS 'root'@'localhost' IDENTIFIED VIA unix_socket;",
                "CREATE DATABASE IF NOT EXISTS " + SandboxMariaDb.DATABASE + " CHARACTER SET utf8mb4;",
                "CREATE OR REPLACE USER " + user + "@'127.0.0.1' IDENTIFIED BY PASSWORD '" + hash + "';",
                "CREATE OR REPLACE USER " + user + "@'localhost' IDENTIFIED BY PASSWORD '" + hash + "';",
                "GRANT ALL PRIVILEGES ON " + SandboxMariaDb.DATABASE + ".* TO " + user + "@'127.0.0.1', " + user
                        + "@'localhost';")) + "\n";
    }
}
