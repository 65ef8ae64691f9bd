package io.redcron.bench;

import com.zaxxer.hikari.HikariDataSource;
import redis.clients.jedis.AbstractPipeline;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the stores themselves can do on this machine: MariaDB's rate of durable single-row INSERT
 * commits (autocommit, one row per commit) with as many connections as the worker nodes' pools,
 * and Redis's rate of pipelined commands (INCR, 100 per round trip).
 */
public final class CeilingScenario {
    public static final String NAME = "ceiling";
    /** A node's mysql.pool-size default: the connections one worker process uses. */
    public static final int NODE_POOL = 10;
    static final int PIPELINE = 100;

    private final Mode mode;
    private final Stores stores;

    public CeilingScenario(Mode mode, Stores stores) {
        this.mode = mode;
        this.stores = stores;
    }

    public List<Result> run() {
        List<Result> results = new ArrayList<>();
        for (int nodes : List.of(1, 2)) {
            int connections = nodes * NODE_POOL;
            double commits = databaseCommits(connections, mode.ceilingWindow());
            Progress.say(String.format("Ceiling: MariaDB %.0f single-row commits/s with %d connections", commits, connections));
            results.add(new Result(NAME, "MariaDB", connections + " connections", "commits/s", commits, "commits/s",
                    "autocommit INSERT of one row; as many connections as " + nodes + " worker node(s)"));
        }
        double ops = redisPipelined(mode.ceilingWindow());
        Progress.say(String.format("Ceiling: Redis %.0f pipelined ops/s", ops));
        results.add(new Result(NAME, "Redis", "pipeline " + PIPELINE, "ops/s", ops, "ops/s", "INCR, one connection"));
        return results;
    }

    double databaseCommits(int connections, Duration window) {
        try (HikariDataSource pool = stores.pool(stores.freshDatabase("ceiling_" + connections), connections)) {
            try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
                statement.execute("CREATE TABLE ceiling (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,"
                        + " at DATETIME(3) NOT NULL, payload VARCHAR(100) NOT NULL) ENGINE = InnoDB");
            }
            AtomicLong commits = new AtomicLong();
            long deadline = System.nanoTime() + window.toNanos();
            ExecutorService threads = Executors.newFixedThreadPool(connections);
            try {
                List<Future<?>> done = new ArrayList<>();
                for (int i = 0; i < connections; i++) {
                    done.add(threads.submit(() -> insertUntil(pool, deadline, commits)));
                }
                for (Future<?> future : done) {
                    future.get();
                }
            } finally {
                threads.shutdownNow();
            }
            return commits.get() / (window.toNanos() / 1e9);
        } catch (Exception e) {
            throw new IllegalStateException("database ceiling: " + e.getMessage(), e);
        }
    }

    private static Void insertUntil(HikariDataSource pool, long deadline, AtomicLong commits) throws SQLException {
        try (Connection connection = pool.getConnection();
             PreparedStatement insert = connection.prepareStatement("INSERT INTO ceiling (at, payload) VALUES (NOW(3), ?)")) {
            connection.setAutoCommit(true);
            while (System.nanoTime() < deadline) {
                insert.setString(1, "run");
                insert.executeUpdate();
                commits.incrementAndGet();
            }
        }
        return null;
    }

    double redisPipelined(Duration window) {
        String key = stores.keyPrefix() + "ceiling";
        long ops = 0;
        long start = System.nanoTime();
        long deadline = start + window.toNanos();
        while (System.nanoTime() < deadline) {
            try (AbstractPipeline pipeline = stores.redis().pipelined()) {
                for (int i = 0; i < PIPELINE; i++) {
                    pipeline.incr(key);
                }
                pipeline.sync();
            }
            ops += PIPELINE;
        }
        return ops / ((System.nanoTime() - start) / 1e9);
    }
}
