package io.redcron.config;

import java.util.ArrayList;
import java.util.List;

/** One {@code host:port} of a Sentinel or Cluster node list. */
public record RedisAddress(String host, int port) {

    public RedisAddress {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("has no host");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port " + port + " is out of range 1-65535");
        }
    }

    /**
     * Parses a comma-separated {@code host:port} list; {@code [::1]:26379} for IPv6.
     *
     * @param key the setting named in errors
     */
    public static List<RedisAddress> parseList(String key, String text) {
        List<RedisAddress> out = new ArrayList<>();
        for (String item : text.split(",")) {
            if (!item.isBlank()) {
                out.add(parse(key, item.trim()));
            }
        }
        if (out.isEmpty()) {
            throw new ConfigException(key, "must name at least one host:port");
        }
        return List.copyOf(out);
    }

    static RedisAddress parse(String key, String item) {
        int colon = item.lastIndexOf(':');
        if (colon <= 0 || colon == item.length() - 1) {
            throw new ConfigException(key, "'" + item + "' is not host:port");
        }
        String host = item.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        int port;
        try {
            port = Integer.parseInt(item.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new ConfigException(key, "'" + item + "' has no numeric port");
        }
        try {
            return new RedisAddress(host, port);
        } catch (IllegalArgumentException e) {
            throw new ConfigException(key, "'" + item + "' " + e.getMessage());
        }
    }

    @Override
    public String toString() {
        return host.contains(":") ? "[" + host + "]:" + port : host + ":" + port;
    }
}
