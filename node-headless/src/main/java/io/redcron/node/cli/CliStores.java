package io.redcron.node.cli;

import io.redcron.config.MysqlConfig;
import io.redcron.config.RedcronConfig;
import io.redcron.port.TaskStore;
import io.redcron.store.mysql.MysqlDataSources;
import io.redcron.store.mysql.MysqlTaskStore;

import javax.sql.DataSource;
import java.io.Closeable;
import java.net.InetAddress;
import java.time.Clock;

/** The stores one CLI command uses, opened small (a CLI needs one or two connections) and closed last. */
final class CliStores implements AutoCloseable {
    private final RedcronConfig config;
    private final DataSource dataSource;
    private final Clock clock;

    private CliStores(RedcronConfig config, DataSource dataSource, Clock clock) {
        this.config = config;
        this.dataSource = dataSource;
        this.clock = clock;
    }

    static CliStores open(RedcronConfig config, Clock clock) {
        MysqlConfig mysql = config.mysql();
        MysqlConfig small = new MysqlConfig(mysql.jdbcUrl(), mysql.user(), mysql.password(), 2, mysql.connectTimeout());
        return new CliStores(config, MysqlDataSources.open(small), clock);
    }

    RedcronConfig config() {
        return config;
    }

    String namespace() {
        return config.node().namespace();
    }

    DataSource dataSource() {
        return dataSource;
    }

    TaskStore tasks() {
        return new MysqlTaskStore(dataSource, clock);
    }

    /** Who the audit log names for changes made from this command line. */
    static String actor() {
        String user = System.getProperty("user.name", "unknown");
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            host = "localhost";
        }
        return "cli:" + user + "@" + host;
    }

    @Override
    public void close() throws Exception {
        if (dataSource instanceof Closeable closeable) {
            closeable.close();
        }
    }
}
