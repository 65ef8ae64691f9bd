package io.redcron.config;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Which Redis deployment a process talks to. Standalone uses the host of {@code redis.uri}; with
 * Sentinel the sentinels name the current primary (and a failover moves it); with Cluster the seed
 * nodes tell the client the whole slot map. User, password, database and TLS of {@code redis.uri}
 * apply to the data nodes in every case.
 */
public sealed interface RedisTopology {

    /**
     * Printable without secrets, such as {@code redis-sentinel://h1:26379,h2:26379/mymaster}.
     *
     * @param standalone the {@code redis://} form of the configured host, which Standalone reaches
     */
    String describe(String user, int database, String standalone);

    record Standalone() implements RedisTopology {
        @Override
        public String describe(String user, int database, String standalone) {
            return standalone;
        }
    }

    /**
     * @param master    the name the sentinels monitor ({@code sentinel monitor <name> …})
     * @param sentinels where the sentinels listen
     * @param password  the sentinels' own password ({@code requirepass} of the sentinel processes), if any
     */
    record Sentinel(String master, List<RedisAddress> sentinels, Secret password) implements RedisTopology {
        public Sentinel {
            if (master == null || master.isBlank()) {
                throw new ConfigException("redis.sentinel.master", "is required when redis.sentinel.nodes is set");
            }
            sentinels = List.copyOf(sentinels);
            password = password == null ? Secret.NONE : password;
        }

        @Override
        public String describe(String user, int database, String standalone) {
            return "redis-sentinel://" + (user != null ? user + "@" : "") + join(sentinels) + "/"
                    + master + (database != 0 ? "/" + database : "");
        }
    }

    /** @param seeds some of the cluster's nodes; the client learns the rest from them */
    record Cluster(List<RedisAddress> seeds) implements RedisTopology {
        public Cluster {
            seeds = List.copyOf(seeds);
        }

        @Override
        public String describe(String user, int database, String standalone) {
            return "redis-cluster://" + (user != null ? user + "@" : "") + join(seeds);
        }
    }

    private static String join(List<RedisAddress> addresses) {
        return addresses.stream().map(RedisAddress::toString).collect(Collectors.joining(","));
    }
}
