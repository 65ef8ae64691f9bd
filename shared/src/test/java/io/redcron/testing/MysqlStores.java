package io.redcron.testing;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.config.MysqlConfig;
import io.redcron.store.mysql.MysqlDataSources;

/**
 * A fresh, migrated database of the test server with an open pool. On a static field it serves
 * the whole test class:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final MysqlStores mysql = MysqlStores.freshDatabase();
 * ... new MysqlTaskStore(mysql.pool(), clock) ...
 * }</pre>
 *
 * On an instance field each test gets a database of its own. The pool is closed after its scope;
 * the database stays until the JVM exits (see {@link TestDatabase}). Time stays the test's own
 * business: each test starts its settable clock where its scenario needs it.
 */
public final class MysqlStores extends StoreScope {
    private final MysqlConfig config;
    private final HikariDataSource pool;

    private MysqlStores(MysqlConfig config) {
        this.config = config;
        this.pool = MysqlDataSources.open(config);
    }

    /** A new, migrated database with a pool of the default size. */
    public static MysqlStores freshDatabase() {
        return new MysqlStores(TestDatabase.freshSchema());
    }

    /** A new, migrated database with a pool of {@code size} connections. */
    public static MysqlStores freshDatabase(int poolSize) {
        return new MysqlStores(TestDatabase.freshSchema().withPoolSize(poolSize));
    }

    /** How a node would be configured to reach this database (as the database's owner). */
    public MysqlConfig config() {
        return config;
    }

    public HikariDataSource pool() {
        return pool;
    }

    @Override
    public void close() {
        pool.close(); // HikariDataSource.close() is idempotent
    }
}
