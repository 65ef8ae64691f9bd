package io.redcron.node.alert;

import com.zaxxer.hikari.HikariDataSource;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.redcron.config.AlertConfig;
import io.redcron.config.ChatMentions;
import io.redcron.config.Secret;
import io.redcron.domain.AlertTarget;
import io.redcron.domain.AlertTarget.Platform;
import io.redcron.store.mysql.MysqlAlertOutbox;
import io.redcron.testing.MysqlStores;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Chat alerts take the same road as webhooks: raised into the MariaDB outbox, delivered from it
 * to signed DingTalk and Feishu robots (local servers that check the signatures), and a
 * platform's error reply sends the alert back to the outbox for another try.
 */
class ChatAlertsIT {
    private static final String DINGTALK_KEY = "SECdingtalk-" + UUID.randomUUID();
    private static final String FEISHU_KEY = "feishu-" + UUID.randomUUID();
    @RegisterExtension
    static final MysqlStores mysql = MysqlStores.freshDatabase();
    private static final HikariDataSource pool = mysql.pool();

    @TempDir
    Path secrets;

    private final String namespace = "chat-" + UUID.randomUUID().toString().substring(0, 8);
    private final ChatReceiver dingtalk = new ChatReceiver(Platform.DINGTALK, DINGTALK_KEY);
    private final ChatReceiver feishu = new ChatReceiver(Platform.FEISHU, FEISHU_KEY);
    private AlertDispatcher node;

    @AfterEach
    void stop() {
        if (node != null) {
            node.close();
        }
        dingtalk.close();
        feishu.close();
    }

    @Test
    void anAlertRefusedByOnePlatformIsRetriedFromTheOutboxToThatPlatformOnly() throws Exception {
        Files.writeString(secrets.resolve("ding"), DINGTALK_KEY + "\n");
        Files.writeString(secrets.resolve("feishu"), FEISHU_KEY);
        dingtalk.refuseNext(1);
        AlertConfig config = new AlertConfig(Optional.empty(), Secret.NONE, 5, Optional.empty(), Duration.ofMinutes(10),
                100, List.of()).withChat(List.of(
                        (AlertTarget.Chat) AlertTarget.parse(dingtalk.target("/robot/send?access_token=t0k#secret=ding")),
                        (AlertTarget.Chat) AlertTarget.parse(feishu.target("/open-apis/bot/v2/hook/t0k#secret=feishu"))),
                Optional.of(secrets), ChatMentions.parse(List.of("alice=dingtalk:0123456,feishu:ou_alice")));
        node = new AlertDispatcher(config, new MysqlAlertOutbox(pool), namespace, "node-a", Clock.systemUTC(),
                new SimpleMeterRegistry(), TaskLookup.NONE,
                new AlertDispatcher.Timing(Duration.ofMillis(500), Duration.ofMillis(200), Duration.ofMinutes(1)));

        node.raise(new Alert(AlertKind.RUN_FAILED, Instant.now(), 7L, "backup", 4711L, null, "exit code 2",
                Map.of("attempt", "1"), List.of(), "Alice"));

        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(dingtalk.accepted()).hasSize(1));
        assertThat(dingtalk.requests()).isEqualTo(2);
        assertThat(dingtalk.accepted().get(0).body().at("/at/atUserIds/0").asText()).isEqualTo("0123456");
        assertThat(feishu.accepted()).hasSize(1);
        assertThat(feishu.requests()).isEqualTo(1);
        assertThat(feishu.accepted().get(0).body().at("/card/elements/0/text/content").asText())
                .contains("exit code 2").endsWith("<at id=ou_alice></at>");
        await().untilAsserted(() -> assertThat(row()).isEqualTo("delivered after 2 attempt(s)"));
    }

    private String row() throws Exception {
        try (Connection connection = pool.getConnection();
             PreparedStatement statement = connection.prepareStatement(
                     "SELECT delivered_at IS NOT NULL, attempts FROM alert_outbox WHERE namespace = ?")) {
            statement.setString(1, namespace);
            try (ResultSet rows = statement.executeQuery()) {
                assertThat(rows.next()).as("an alert in the outbox").isTrue();
                return (rows.getBoolean(1) ? "delivered" : "waiting") + " after " + rows.getInt(2) + " attempt(s)";
            }
        }
    }
}
