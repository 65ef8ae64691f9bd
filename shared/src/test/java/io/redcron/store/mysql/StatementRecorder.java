package io.redcron.store.mysql;

import java.io.PrintWriter;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A data source that notes every prepared statement its connections execute, with the values
 * bound to it: the statements exactly as the stores build them, to be explained afterwards.
 */
final class StatementRecorder implements DataSource {
    /** One executed statement: its SQL and its bound values by position. */
    record Executed(String sql, List<Object> values) {
    }

    private final DataSource target;
    private final List<Executed> executed = new ArrayList<>();

    StatementRecorder(DataSource target) {
        this.target = target;
    }

    /** The statements executed since the last call, in order. */
    synchronized List<Executed> drain() {
        List<Executed> drained = List.copyOf(executed);
        executed.clear();
        return drained;
    }

    private synchronized void executed(String sql, Object[] values) {
        executed.add(new Executed(sql, Arrays.asList(values.clone())));
    }

    @Override
    public Connection getConnection() throws SQLException {
        return recording(target.getConnection());
    }

    @Override
    public Connection getConnection(String username, String password) throws SQLException {
        return recording(target.getConnection(username, password));
    }

    private Connection recording(Connection connection) {
        return proxy(Connection.class, (self, method, args) -> {
            Object result = invoke(connection, method, args);
            if (method.getName().equals("prepareStatement")) {
                return recording((PreparedStatement) result, (String) args[0]);
            }
            return result;
        });
    }

    private PreparedStatement recording(PreparedStatement statement, String sql) {
        Object[] values = new Object[(int) sql.chars().filter(c -> c == '?').count()];
        return proxy(PreparedStatement.class, (self, method, args) -> {
            String name = method.getName();
            if (name.startsWith("set") && args != null && args.length >= 2 && args[0] instanceof Integer index
                    && index >= 1 && index <= values.length) {
                values[index - 1] = name.equals("setNull") ? null : args[1];
            } else if (name.startsWith("execute") && (args == null || args.length == 0)) {
                executed(sql, values);
            }
            return invoke(statement, method, args);
        });
    }

    private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> T proxy(Class<T> type, InvocationHandler handler) {
        return (T) Proxy.newProxyInstance(StatementRecorder.class.getClassLoader(), new Class<?>[] {type}, handler);
    }

    @Override
    public PrintWriter getLogWriter() throws SQLException {
        return target.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
        target.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
        target.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
        return target.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return target.getParentLogger();
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        return target.unwrap(type);
    }

    @Override
    public boolean isWrapperFor(Class<?> type) throws SQLException {
        return target.isWrapperFor(type);
    }
}
