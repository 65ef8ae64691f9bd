package io.redcron.spring;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Objects;
import javax.sql.DataSource;

import org.springframework.boot.actuate.health.AbstractHealthIndicator;
import org.springframework.boot.actuate.health.Health;

/**
 * Redcron as the application sees it: UP when Redcron's database answers and a leader has taken
 * the namespace's scheduler (its term is recorded in {@code scheduler_epoch}), with the leader,
 * its epoch and since when; UNKNOWN when no leader ever did (runs the application schedules wait
 * for one); DOWN when the database does not answer or the table cannot be read.
 *
 * <p>The database records when a leader took its term, not that it is alive now: leadership
 * itself is held in Redis, which the application does not reach. A run scheduled while no leader
 * runs waits in the outbox and is queued by the next one.
 */
public final class RedcronHealthIndicator extends AbstractHealthIndicator {
    static final String LEADER = "SELECT leader, epoch, updated_at FROM scheduler_epoch WHERE namespace = ?";

    private final DataSource dataSource;
    private final String namespace;

    public RedcronHealthIndicator(DataSource dataSource, String namespace) {
        super("Redcron health check failed");
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
        this.namespace = Objects.requireNonNull(namespace, "namespace");
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) throws SQLException {
        builder.withDetail("namespace", namespace);
        try (Connection connection = dataSource.getConnection();
             PreparedStatement statement = connection.prepareStatement(LEADER)) {
            statement.setString(1, namespace);
            try (ResultSet row = statement.executeQuery()) {
                if (!row.next()) {
                    builder.unknown().withDetail("leader", "none recorded: no node has led this namespace yet");
                    return;
                }
                // Written as UTC by the nodes, read as such (a Timestamp would be shifted by a zone).
                LocalDateTime since = row.getObject("updated_at", LocalDateTime.class);
                builder.up().withDetail("leader", row.getString("leader"))
                        .withDetail("epoch", row.getLong("epoch"))
                        .withDetail("leaderSince", since == null ? null : since.toInstant(ZoneOffset.UTC).toString());
            }
        }
    }
}
