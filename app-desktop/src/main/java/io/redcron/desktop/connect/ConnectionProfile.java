package io.redcron.desktop.connect;

import io.redcron.config.SandboxConnection;

import java.util.Objects;

/**
 * Where one Redcron installation lives. Holds no password: passwords are asked for when
 * connecting and kept in memory only.
 */
public record ConnectionProfile(String name, String redisUri, String jdbcUrl, String user, String namespace) {
    public ConnectionProfile {
        Objects.requireNonNull(name, "name");
        namespace = namespace == null || namespace.isBlank() ? "default" : namespace;
    }

    public static ConnectionProfile sandbox(SandboxConnection sandbox) {
        return new ConnectionProfile("Sandbox", sandbox.redisUri(), sandbox.jdbcUrl(), sandbox.dbUser(), "default");
    }
}
