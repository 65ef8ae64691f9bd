package io.redcron.store.mysql;

import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A data source that can hold one transaction just before its commit, with all its locks still
 * taken, until the test lets it go: the way to have a store's transaction "in flight" on cue.
 */
final class EngineCommitGate implements DataSource {
    private static final long WAIT_SECONDS = 30;

    private final DataSource delegate;
    private final AtomicBoolean armed = new AtomicBoolean();
    private final CountDownLatch reached = new CountDownLatch(1);
    private final CountDownLatch released = new CountDownLatch(1);
    EngineCommitGate(DataSource delegate) {
        this.delegate = delegate;
    }

    /** The next transaction to commit through this data source stops before committing. */
    void holdNextCommit() {
        armed.set(true);
    }

    /** Waits until the held transaction is about to commit. */
    void awaitHeld() throws InterruptedException {
        if (!reached.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
            throw new AssertionError("no transaction reached its commit within " + WAIT_SECONDS + " s");
        }
    }

    void release() {
        released.countDown();
    }

    @Override
    public Connection getConnection() throws SQLException {
        return gated(delegate.getConnection());
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        return gated(delegate.getConnection(username, password));
    }

    private Connection gated(Connection connection) {
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, method, args) -> {
                    boolean hold = commits(method.getName(), args) && armed.compareAndSet(true, false);
                    if (hold) {
                        reached.countDown();
                        if (!released.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
                            throw new SQLException("the test never released the held commit");
                        }
                    }
                    try {
                        return method.invoke(connection, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    /** {@code commit()}, or switching auto-commit back on inside a transaction, which commits it too. */
    private static boolean commits(String method, Object[] args) {
        return method.equals("commit") || (method.equals("setAutoCommit") && Boolean.TRUE.equals(args[0]));
    }

    @Override
    public PrintWriter getLogWriter() throws SQLException {
        return delegate.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
        delegate.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
        delegate.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
        return delegate.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return delegate.getParentLogger();
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        return delegate.unwrap(type);
    }

    @Override
    public boolean isWrapperFor(Class<?> type) throws SQLException {
        return delegate.isWrapperFor(type);
    }
}
