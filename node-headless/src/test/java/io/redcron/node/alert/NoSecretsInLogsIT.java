package io.redcron.node.alert;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.OutputStreamAppender;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import com.zaxxer.hikari.HikariDataSource;
import io.redcron.config.ConfigLoader;
import io.redcron.config.LogFormat;
import io.redcron.config.MysqlConfig;
import io.redcron.config.RedcronConfig;
import io.redcron.domain.HttpPayload;
import io.redcron.domain.Task;
import io.redcron.node.Node;
import io.redcron.node.logging.LogOutput;
import io.redcron.schedule.CronDialect;
import io.redcron.store.mysql.MysqlDataSources;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.testing.FreePorts;
import io.redcron.testing.TestDatabase;
import io.redcron.testing.TestRedis;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;
import redis.embedded.RedisServer;

import java.io.ByteArrayOutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A node whose Redis and MySQL passwords, an HTTP task's
 * bearer token and parameter, the webhook secret, the SMTP password, a DingTalk robot's signing
 * key and its access token are all set runs a failing task and alerts about it, with every
 * logger at DEBUG, in text and in JSON. None of the secret values may appear in the output.
 */
class NoSecretsInLogsIT {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private final String redisPassword = secret("redis");
    private final String mysqlPassword = secret("mysql");
    private final String bearerToken = secret("bearer");
    private final String tokenParam = secret("param");
    private final String webhookSecret = secret("hook");
    private final String smtpPassword = secret("smtp");
    private final String robotKey = secret("robot");
    private final String robotToken = secret("token");

    @Test
    void aNodeThatRunsAndAlertsWithSecretsLogsNoneOfThem() throws Exception {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        Map<String, String> taskHeaders = new ConcurrentHashMap<>();
        int redisPort = FreePorts.any();
        RedisServer redis = RedisServer.newRedisServer().bind("127.0.0.1").port(redisPort)
                .setting("requirepass " + redisPassword).setting("save \"\"").setting("appendonly no")
                .setting("dir " + dir).soutListener(line -> { }).build();
        redis.start();
        HttpServer endpoint = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        endpoint.createContext("/job", exchange -> {
            exchange.getRequestHeaders().forEach((name, values) -> taskHeaders.put(name.toLowerCase(), values.get(0)));
            exchange.sendResponseHeaders(500, -1);
            exchange.close();
        });
        endpoint.start();
        MysqlConfig root = TestDatabase.freshSchema();
        String dbUser = "rc_u_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        Path robotKeys = java.nio.file.Files.createDirectory(dir.resolve("robots"));
        java.nio.file.Files.writeString(robotKeys.resolve("ops-robot"), robotKey);
        try (WebhookReceiver webhook = new WebhookReceiver();
             ChatReceiver robot = new ChatReceiver(io.redcron.domain.AlertTarget.Platform.DINGTALK, robotKey);
             HikariDataSource rootPool = MysqlDataSources.open(root);
             CapturedLogs ignored = new CapturedLogs(text, json)) {
            createUser(rootPool, dbUser, schemaOf(root.jdbcUrl()));
            RedcronConfig config = ConfigLoader.load(null, Map.of(
                    "REDCRON_REDIS_PASSWORD", redisPassword,
                    "REDCRON_MYSQL_PASSWORD", mysqlPassword,
                    "REDCRON_ALERTS_WEBHOOK_SECRET", webhookSecret,
                    "REDCRON_ALERTS_SMTP_PASSWORD", smtpPassword), overrides(redisPort, root, dbUser, webhook, robot, robotKeys));
            Task task = new MysqlTaskStore(rootPool, Clock.systemUTC()).create(Task.builder()
                    .namespace(config.node().namespace()).name("report-upload").cron("* * * * * ?")
                    .dialect(CronDialect.QUARTZ).timeout(Duration.ofSeconds(10))
                    .payload(new HttpPayload("POST", URI.create("http://127.0.0.1:" + endpoint.getAddress().getPort() + "/job"),
                            Map.of("Authorization", "Bearer " + bearerToken), "{}", Set.of(200)))
                    .params(Map.of("TOKEN", tokenParam)).build(), "test");

            try (Node node = new Node(config, Clock.systemUTC()).start()) {
                await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(webhook.received())
                        .anySatisfy(request -> assertThat(request.body()).contains("\"kind\":\"RUN_FAILED\"")));
            }
            long runId = webhook.received().stream().map(request -> parse(request.body()))
                    .filter(body -> body.get("kind").asText().equals("RUN_FAILED")).findFirst().orElseThrow()
                    .get("runId").asLong();

            // The secrets were really used: the task sent them, the webhook was signed.
            assertThat(taskHeaders).containsEntry("authorization", "Bearer " + bearerToken)
                    .containsEntry("x-redcron-param-token", tokenParam);
            assertThat(webhook.received().get(0).header("X-Redcron-Signature")).startsWith("sha256=");
            // The robot checked the signature made with its key, and got its token.
            await().untilAsserted(() -> assertThat(robot.accepted()).isNotEmpty());
            assertThat(robot.accepted().get(0).query()).containsEntry("access_token", robotToken).containsKey("sign");
            dropUser(rootPool, dbUser);
            String textLog = text.toString(StandardCharsets.UTF_8);
            String jsonLog = json.toString(StandardCharsets.UTF_8);
            assertThat(textLog).contains("Node alerts-it started", "DEBUG");
            for (String secret : List.of(redisPassword, mysqlPassword, bearerToken, tokenParam, webhookSecret, smtpPassword,
                    robotKey, robotToken)) {
                assertThat(textLog).as("text log").doesNotContain(secret);
                assertThat(jsonLog).as("JSON log").doesNotContain(secret);
            }
            // Lines about the run name it: run=<id> in text, mdc.runId in JSON.
            assertThat(textLog).contains("run=" + runId + " Run " + runId + " attempt 1 of task 'report-upload' starting");
            List<JsonNode> lines = jsonLog.lines().map(NoSecretsInLogsIT::parse).toList();
            assertThat(lines).anySatisfy(line -> {
                assertThat(line.at("/mdc/runId").asText()).isEqualTo(Long.toString(runId));
                assertThat(line.get("formattedMessage").asText()).startsWith("RUN_FAILED alert for task " + task.id() + " sent to");
            });
        } finally {
            endpoint.stop(0);
            redis.stop();
        }
    }

    private Map<String, String> overrides(int redisPort, MysqlConfig root, String dbUser, WebhookReceiver webhook,
                                          ChatReceiver robot, Path robotKeys) {
        Map<String, String> overrides = new HashMap<>();
        // A URI with a password in it is refused by the configuration (RedisConfigTest, AlertSettingsTest).
        overrides.put("redis.uri", "redis://127.0.0.1:" + redisPort);
        overrides.put("mysql.url", root.jdbcUrl());
        overrides.put("mysql.user", dbUser);
        overrides.put("mysql.pool-size", "4");
        overrides.put("node.id", "alerts-it");
        overrides.put("node.namespace", TestRedis.freshNamespace());
        overrides.put("node.slots", "2");
        overrides.put("node.drain-grace", "2s");
        overrides.put("scheduler.tick", "200ms");
        overrides.put("alerts.webhook.url", webhook.url("/hook"));
        // The task's endpoint is on loopback, which a node reaches only when a pattern allows it.
        overrides.put("worker.allow-urls", "http://127\\.0\\.0\\.1:[0-9]+/job");
        // An SMTP server that is not there: its failures are logged, its password must not be.
        overrides.put("alerts.smtp.host", "127.0.0.1");
        overrides.put("alerts.smtp.port", Integer.toString(FreePorts.any()));
        overrides.put("alerts.smtp.user", "redcron");
        overrides.put("alerts.smtp.from", "redcron@example.com");
        overrides.put("alerts.smtp.to", "ops@example.com");
        // A signed DingTalk robot: its key is in a file, its token in the URL; neither may be logged.
        overrides.put("alerts.chat", robot.target("/robot/send?access_token=" + robotToken + "#secret=ops-robot"));
        overrides.put("alerts.chat-secrets-dir", robotKeys.toString());
        return overrides;
    }

    private void createUser(HikariDataSource pool, String user, String schema) throws Exception {
        // DDL takes no bind parameters; user, schema and password are generated hex, never input.
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
            for (String host : List.of("%", "localhost", "127.0.0.1")) {
                statement.execute("CREATE USER '" + user + "'@'" + host + "' IDENTIFIED BY '" + mysqlPassword + "'");
                statement.execute("GRANT ALL ON `" + schema + "`.* TO '" + user + "'@'" + host + "'");
            }
        }
    }

    private static void dropUser(HikariDataSource pool, String user) throws Exception {
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
            for (String host : List.of("%", "localhost", "127.0.0.1")) {
                statement.execute("DROP USER IF EXISTS '" + user + "'@'" + host + "'");
            }
        }
    }

    private static String schemaOf(String jdbcUrl) {
        String path = URI.create(jdbcUrl.substring("jdbc:".length())).getPath();
        return path.substring(1);
    }

    private static String secret(String what) {
        return what + "-" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    }


    private static JsonNode parse(String line) {
        try {
            return JSON.readTree(line);
        } catch (java.io.IOException e) {
            throw new AssertionError("not a JSON line: " + line, e);
        }
    }

    /** Every logger at DEBUG, written through the node's own text and JSON encoders, for the test's duration. */
    private static final class CapturedLogs implements AutoCloseable {
        private final LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        private final Map<Logger, Level> levels = new HashMap<>();
        private final List<OutputStreamAppender<ILoggingEvent>> appenders;

        CapturedLogs(ByteArrayOutputStream text, ByteArrayOutputStream json) {
            Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
            for (Logger logger : context.getLoggerList()) {
                levels.put(logger, logger.getLevel());
                if (logger != root) {
                    logger.setLevel(null);
                }
            }
            root.setLevel(Level.DEBUG);
            appenders = List.of(appender(text, LogFormat.TEXT), appender(json, LogFormat.JSON));
        }

        private OutputStreamAppender<ILoggingEvent> appender(ByteArrayOutputStream out, LogFormat format) {
            OutputStreamAppender<ILoggingEvent> appender = new OutputStreamAppender<>();
            appender.setContext(context);
            appender.setName("capture-" + format);
            appender.setEncoder(LogOutput.encoder(format, context));
            appender.setOutputStream(out);
            appender.start();
            context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).addAppender(appender);
            return appender;
        }

        @Override
        public void close() {
            Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
            for (OutputStreamAppender<ILoggingEvent> appender : appenders) {
                root.detachAppender(appender);
                appender.stop();
            }
            levels.forEach(Logger::setLevel);
        }
    }
}
