package io.redcron.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.redcron.client.RedcronClient;
import io.redcron.client.ScheduleRequest;
import io.redcron.config.ConfigLoader;
import io.redcron.config.MysqlConfig;
import io.redcron.domain.JavaPayload;
import io.redcron.domain.NodeInfo;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.handler.TaskContext;
import io.redcron.handler.TaskHandler;
import io.redcron.node.Node;
import io.redcron.node.embedded.EmbeddedWorker;
import io.redcron.schedule.CronDialect;
import io.redcron.store.mysql.MysqlDataSources;
import io.redcron.store.mysql.MysqlRunStore;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.store.redis.RedisConnector;
import io.redcron.store.redis.RedisKeys;
import io.redcron.store.redis.RedisNodeRegistry;
import io.redcron.config.RedisConfig;
import io.redcron.testing.TestDatabase;
import io.redcron.testing.TestRedis;

import com.zaxxer.hikari.HikariDataSource;

import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import redis.clients.jedis.UnifiedJedis;

/**
 * The embedded worker in real application contexts, beside a scheduler node, over a real Redis and
 * MariaDB: it runs the application's {@link RedcronTask} methods and handler beans for the runs of
 * the application's group, and drains when the application closes.
 */
class RedcronWorkerAutoConfigurationIT {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String APP = "orders-app";

    private static MysqlConfig database;
    private static HikariDataSource dataSource;
    private static UnifiedJedis redis;
    private String ns;
    private Node scheduler;
    private ApplicationContextRunner runner;

    @BeforeAll
    static void openStores() {
        database = TestDatabase.freshSchema();
        dataSource = MysqlDataSources.open(database);
        redis = RedisConnector.open(RedisConfig.fromUri(TestRedis.uri()), "test", 2);
    }

    @AfterAll
    static void closeStores() {
        redis.close();
        dataSource.close();
    }

    @BeforeEach
    void startScheduler() {
        ns = TestRedis.freshNamespace();
        Map<String, String> settings = new HashMap<>(nodeSettings());
        settings.put("node.id", "scheduler");
        settings.put("node.roles", "scheduler");
        settings.put("scheduler.tick", "200ms");
        scheduler = new Node(ConfigLoader.load(null, Map.of("REDCRON_MYSQL_PASSWORD", database.password().reveal()),
                settings), Clock.systemUTC()).start();
        runner = new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(RedcronWorkerAutoConfiguration.class))
                .withPropertyValues("spring.application.name=" + APP, "redcron.namespace=" + ns,
                        "redcron.worker.enabled=true", "redcron.worker.slots=2", "redcron.worker.drain-timeout=20s",
                        "redcron.worker.settings.node.id=orders-worker",
                        "redcron.worker.settings.redis.uri=" + TestRedis.uri(),
                        "redcron.worker.settings.mysql.url=" + database.jdbcUrl(),
                        "redcron.worker.settings.mysql.user=" + database.user(),
                        "redcron.worker.settings.mysql.password=" + database.password().reveal(),
                        "redcron.worker.settings.worker.lease=3s");
    }

    @AfterEach
    void stopScheduler() {
        scheduler.close();
    }

    private Map<String, String> nodeSettings() {
        return Map.of("redis.uri", TestRedis.uri(), "mysql.url", database.jdbcUrl(), "mysql.user", database.user(),
                "node.namespace", ns);
    }

    private Task javaTask(String handler) {
        return new MysqlTaskStore(dataSource, Clock.systemUTC()).create(Task.builder().namespace(ns).name(handler)
                .cron("0 0 0 1 1 ? 2099").dialect(CronDialect.QUARTZ).group(APP)
                .payload(new JavaPayload(handler, Map.of())).timeout(Duration.ofMinutes(1)).build(), "test");
    }

    private long trigger(Task task, Map<String, String> params) {
        return RedcronClient.jdbc(dataSource, ns).schedule(ScheduleRequest.of(task.name()).params(params)).id();
    }

    private Run run(long runId) {
        return new MysqlRunStore(dataSource, Clock.systemUTC()).get(runId).orElseThrow();
    }

    private List<String> nodeIds() {
        return new RedisNodeRegistry(redis, new RedisKeys(ns)).list().stream().map(NodeInfo::nodeId).toList();
    }

    @Test
    void aRedcronTaskMethodRunsForARunOfTheApplicationsGroupAndClosingTheApplicationDrainsIt() {
        CartJobs jobs = new CartJobs();
        runner.withBean(CartJobs.class, () -> jobs).run(context -> {
            assertThat(context).hasNotFailed().hasSingleBean(RedcronWorker.class);
            RedcronWorker worker = context.getBean(RedcronWorker.class);
            assertThat(worker.isRunning()).isTrue();
            assertThat(worker.nodeId()).isEqualTo("orders-worker");
            assertThat(worker.handlerNames()).containsExactly("expire-carts");
            await().atMost(WAIT).until(() -> nodeIds().contains("orders-worker"));

            long first = trigger(javaTask("expire-carts"), Map.of("OLDER_THAN", "2h"));
            await().atMost(WAIT).until(() -> jobs.inside.getCount() == 0);
            assertThat(jobs.seen).containsEntry(first, Map.of("OLDER_THAN", "2h"));

            CompletableFuture<Void> closing = CompletableFuture.runAsync(context::close);
            await("closing waits for the run").during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(3))
                    .until(() -> !closing.isDone());
            assertThat(run(first).status()).isEqualTo(RunStatus.RUNNING);
            jobs.release.countDown();

            await().atMost(WAIT).until(closing::isDone);
            assertThat(run(first).status()).isEqualTo(RunStatus.SUCCEEDED);
            assertThat(run(first).node()).isEqualTo("orders-worker");
            assertThat(run(first).output()).contains("expired carts older than 2h");
            assertThat(nodeIds()).doesNotContain("orders-worker");
            assertThat(worker.isRunning()).isFalse();
        });
    }

    @Test
    void handlerBeansRunTooAndAFailingMethodFailsItsRun() {
        runner.withUserConfiguration(Handlers.class).withPropertyValues("redcron.worker.group=" + APP).run(context -> {
            assertThat(context.getBean(RedcronWorker.class).handlerNames())
                    .containsExactly("audit-orders", "refund-orders");

            Run audited = ended(trigger(javaTask("audit-orders"), Map.of()));
            Run refunded = ended(trigger(javaTask("refund-orders"), Map.of()));

            assertThat(audited.status()).isEqualTo(RunStatus.SUCCEEDED);
            assertThat(audited.output()).isEqualTo("audited\n");
            assertThat(refunded.status()).isEqualTo(RunStatus.FAILED);
            assertThat(refunded.error()).isEqualTo("IllegalStateException: the payment provider is down");
        });
    }

    private Run ended(long runId) {
        await().atMost(WAIT).until(() -> run(runId).status().isFinal());
        return run(runId);
    }

    @Test
    void aMethodThatTakesAnythingElseStopsTheApplicationFromStarting() {
        runner.withBean("badJobs", BadJobs.class, BadJobs::new).run(context -> assertThat(context).hasFailed()
                .getFailure().rootCause().isInstanceOf(IllegalStateException.class)
                .hasMessage("@RedcronTask method expire of bean 'badJobs' (" + BadJobs.class.getName()
                        + ") must take no argument or one TaskContext"));
    }

    @Test
    void twoHandlersOfOneNameStopTheApplicationFromStarting() {
        runner.withBean(CartJobs.class).withBean("moreCartJobs", CartJobs.class, CartJobs::new).run(context ->
                assertThat(context).hasFailed().getFailure().rootCause().isInstanceOf(IllegalArgumentException.class)
                        .hasMessageStartingWith("Two task handlers are named 'expire-carts': bean '"));
    }

    @Test
    void noWorkerUnlessEnabledAndRedcronNodeIsThere() {
        runner.withPropertyValues("redcron.worker.enabled=false").run(context ->
                assertThat(context).hasNotFailed().doesNotHaveBean(RedcronWorker.class));
        runner.withClassLoader(new FilteredClassLoader(EmbeddedWorker.class)).run(context ->
                assertThat(context).hasNotFailed().doesNotHaveBean(RedcronWorker.class));
        assertThat(nodeIds()).containsExactly("scheduler");
    }

    /** An application's jobs: a bean whose method is a task, and which shows what it saw. */
    public static class CartJobs {
        final Map<Long, Map<String, String>> seen = new ConcurrentHashMap<>();
        final CountDownLatch inside = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        @RedcronTask(name = "expire-carts", cron = "*/5 * * * *")
        public void expireCarts(TaskContext context) throws InterruptedException {
            seen.put(context.runId(), context.params());
            inside.countDown();
            release.await();
            context.out().println("expired carts older than " + context.params().get("OLDER_THAN"));
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class Handlers {
        @Bean
        TaskHandler auditOrders() {
            return new TaskHandler() {
                @Override
                public String name() {
                    return "audit-orders";
                }

                @Override
                public void run(TaskContext context) {
                    context.out().println("audited");
                }
            };
        }

        @Bean
        RefundJobs refundJobs() {
            return new RefundJobs();
        }
    }

    public static class RefundJobs {
        @RedcronTask(name = "refund-orders", cron = "0 * * * *")
        public void refund() {
            throw new IllegalStateException("the payment provider is down");
        }
    }

    public static class BadJobs {
        @RedcronTask(name = "expire", cron = "0 * * * *")
        public void expire(String what) {
        }
    }
}
