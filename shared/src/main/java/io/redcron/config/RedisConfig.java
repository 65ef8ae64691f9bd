package io.redcron.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * How to reach Redis: {@code redis://[user@]host[:port][/db]} or {@code rediss://…} for TLS. The
 * password always comes apart (the environment, a file, the desktop's password field), never in
 * the URI: a URI is printed in messages and logs and, given as a flag, shown by {@code ps} to
 * every user of the machine. The {@link RedisTopology} says whether the host is the server itself
 * (standalone) or Sentinels or Cluster seed nodes are asked instead.
 */
public record RedisConfig(String host, int port, int database, boolean tls, String user, Secret password,
                          Duration timeout, TlsFiles tlsFiles, RedisTopology topology) {

    /** The port of a {@code redis://} URI that names none, as every Redis client reads it. */
    public static final int DEFAULT_PORT = 6379;
    public static final Duration DEFAULT_TIMEOUT = Setting.REDIS_TIMEOUT.defaultDuration();
    private static final String SENTINEL_SCHEME = "redis-sentinel://";
    private static final String CLUSTER_SCHEME = "redis-cluster://";

    public RedisConfig {
        if (host == null || host.isBlank()) {
            throw new ConfigException("redis.uri", "has no host");
        }
        if (port < 1 || port > 65535) {
            throw new ConfigException("redis.uri", "port " + port + " is out of range 1-65535");
        }
        if (database < 0 || database > 15) {
            throw new ConfigException("redis.uri", "database " + database + " is out of range 0-15");
        }
        user = user == null || user.isEmpty() ? null : user;
        password = password == null ? Secret.NONE : password;
        SettingChecks.positive(Setting.REDIS_TIMEOUT, timeout);
        tlsFiles = tlsFiles == null ? TlsFiles.none("redis.tls") : tlsFiles;
        topology = topology == null ? new RedisTopology.Standalone() : topology;
        if (topology instanceof RedisTopology.Cluster && database != 0) {
            throw new ConfigException("redis.uri", "database " + database + " does not exist on Redis Cluster (only 0)");
        }
        if (!tls && (tlsFiles.hasTrust() || tlsFiles.keyStore() != null)) {
            throw new ConfigException(Setting.REDIS_URI.key(), "is " + display(host, port, database, false, user, topology)
                    + " (no TLS) while redis.tls.* files are set: use rediss:// to connect with TLS");
        }
    }

    /** The same server, with the trust store and client certificate used for {@code rediss://}. */
    public RedisConfig withTlsFiles(TlsFiles files) {
        return new RedisConfig(host, port, database, tls, user, password, timeout, files, topology);
    }

    /** The same credentials, database, TLS and timeouts, reached through another deployment. */
    public RedisConfig withTopology(RedisTopology other) {
        return new RedisConfig(host, port, database, tls, user, password, timeout, tlsFiles, other);
    }

    public static RedisConfig fromUri(String text) {
        return fromUri(text, Secret.NONE, DEFAULT_TIMEOUT);
    }

    /**
     * Parses a Redis URI, to be used with {@code password}. Besides {@code redis://} and
     * {@code rediss://}, two forms name a deployment in one line, for the desktop's connection
     * profiles and the command line's {@code --redis}:
     * {@code redis-sentinel://[user@]host:port,host:port/master[/db]} (sentinels without a password
     * of their own) and {@code redis-cluster://[user@]host:port,host:port}.
     *
     * @throws ConfigException for a URI with a password in it, or naming a user while
     *                         {@code password} is empty, without repeating what came before the '@'
     */
    public static RedisConfig fromUri(String text, Secret password, Duration timeout) {
        if (text == null || text.isBlank()) {
            throw new ConfigException("redis.uri", "is required (for example redis://127.0.0.1:6379)");
        }
        if (carriesPassword(text)) {
            throw new ConfigException("redis.uri", "must not carry a password; set REDCRON_REDIS_PASSWORD or"
                    + " redis.password-file");
        }
        if (namesUser(text) && (password == null || password.isEmpty())) {
            // Once "redis://secret@host" was read as a password; taken for a user name now, it would
            // be printed with the URI. A user name alone authenticates nobody anyway.
            throw new ConfigException("redis.uri", "names a user before '@' but no password is set; set"
                    + " REDCRON_REDIS_PASSWORD or redis.password-file (a password never goes in the URI)");
        }
        String lower = text.trim().toLowerCase(Locale.ROOT);
        if (lower.startsWith(SENTINEL_SCHEME) || lower.startsWith(CLUSTER_SCHEME)) {
            return fromDeploymentUri(text.trim(), password, timeout);
        }
        URI uri;
        try {
            uri = new URI(text.trim());
        } catch (URISyntaxException e) {
            throw new ConfigException("redis.uri", "'" + redact(text) + "' is not a URI: " + e.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("redis") && !scheme.equals("rediss")) {
            throw new ConfigException("redis.uri", "'" + redact(text) + "' must start with redis:// or rediss://");
        }
        if (uri.getHost() == null) {
            throw new ConfigException("redis.uri", "'" + redact(text) + "' has no host");
        }
        String user = userName(text);
        int database = 0;
        String path = uri.getPath();
        if (path != null && path.length() > 1) {
            try {
                database = Integer.parseInt(path.substring(1));
            } catch (NumberFormatException e) {
                throw new ConfigException("redis.uri", "database '" + path.substring(1) + "' is not a number 0-15");
            }
        }
        int port = uri.getPort() < 0 ? DEFAULT_PORT : uri.getPort();
        return new RedisConfig(uri.getHost(), port, database, scheme.equals("rediss"), user, password, timeout, null,
                null);
    }

    private static RedisConfig fromDeploymentUri(String text, Secret password, Duration timeout) {
        boolean sentinel = text.toLowerCase(Locale.ROOT).startsWith(SENTINEL_SCHEME);
        String rest = text.substring((sentinel ? SENTINEL_SCHEME : CLUSTER_SCHEME).length());
        String user = userName(text);
        rest = rest.substring(rest.lastIndexOf('@') + 1);
        int slash = rest.indexOf('/');
        String hosts = slash < 0 ? rest : rest.substring(0, slash);
        String[] path = slash < 0 ? new String[0] : rest.substring(slash + 1).split("/");
        List<RedisAddress> addresses = RedisAddress.parseList("redis.uri", hosts);
        RedisAddress first = addresses.get(0);
        if (!sentinel) {
            if (path.length > 0 && !path[0].isEmpty()) {
                throw new ConfigException("redis.uri", "'" + redact(text) + "': a redis-cluster:// URI has no path (database 0 only)");
            }
            return new RedisConfig(first.host(), first.port(), 0, false, user, password, timeout, null,
                    new RedisTopology.Cluster(addresses));
        }
        if (path.length == 0 || path[0].isEmpty()) {
            throw new ConfigException("redis.uri", "'" + redact(text) + "' names no master: redis-sentinel://host:port,…/master");
        }
        int database = 0;
        if (path.length > 1) {
            try {
                database = Integer.parseInt(path[1]);
            } catch (NumberFormatException e) {
                throw new ConfigException("redis.uri", "database '" + path[1] + "' is not a number 0-15");
            }
        }
        return new RedisConfig(first.host(), first.port(), database, false, user, password, timeout, null,
                new RedisTopology.Sentinel(decode(path[0]), addresses, Secret.NONE));
    }

    /** Where Redis is, without any password: safe to print. */
    public String displayUri() {
        return display(host, port, database, tls, user, topology);
    }

    private static String display(String host, int port, int database, boolean tls, String user,
                                  RedisTopology topology) {
        String standalone = (tls ? "rediss://" : "redis://") + (user != null ? user + "@" : "") + host + ":" + port
                + (database != 0 ? "/" + database : "");
        return topology.describe(user, database, standalone);
    }

    /**
     * Whether a Redis URI of any form has a password before its '@' ({@code user:secret@} or
     * {@code :secret@}). A URI that only names a user, or a user and an empty password
     * ({@code user:@}), has none.
     */
    public static boolean carriesPassword(String uri) {
        String info = userInfo(uri);
        int colon = info == null ? -1 : info.indexOf(':');
        return colon >= 0 && colon < info.length() - 1;
    }

    /** Whether a Redis URI of any form names a user before its '@'. */
    public static boolean namesUser(String uri) {
        return userName(uri) != null;
    }

    private static String userName(String uri) {
        String info = userInfo(uri);
        if (info == null) {
            return null;
        }
        int colon = info.indexOf(':');
        String name;
        try {
            name = decode(colon < 0 ? info : info.substring(0, colon));
        } catch (IllegalArgumentException e) {
            throw new ConfigException("redis.uri", "the user name before '@' is not valid URI encoding (%XX)");
        }
        return name.isEmpty() ? null : name;
    }

    /**
     * What stands between {@code ://} and the last '@', or null. The last: a password may hold an
     * unencoded '/' or '@', and no host, master name or database of these URIs holds an '@'.
     */
    private static String userInfo(String uri) {
        if (uri == null) {
            return null;
        }
        int start = uri.indexOf("://");
        int at = uri.lastIndexOf('@');
        return start < 0 || at < start + 3 ? null : uri.substring(start + 3, at);
    }

    private static String decode(String text) {
        return URLDecoder.decode(text, StandardCharsets.UTF_8);
    }

    /** Hides the password part of a URI for error messages. */
    static String redact(String text) {
        return text.replaceAll("//([^:/@]*):[^@/]*@", "//$1:******@").replaceAll("//([^:/@]+)@", "//******@");
    }
}
