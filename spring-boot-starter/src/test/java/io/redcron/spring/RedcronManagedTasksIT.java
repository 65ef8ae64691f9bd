package io.redcron.spring;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.client.TaskDeclaration;
import io.redcron.config.ConfigLoader;
import io.redcron.config.MysqlConfig;
import io.redcron.domain.ApiScope;
import io.redcron.domain.ApiToken;
import io.redcron.domain.EditPolicy;
import io.redcron.domain.ManagedTask;
import io.redcron.domain.Task;
import io.redcron.node.Node;
import io.redcron.store.mysql.MysqlApiTokenStore;
import io.redcron.store.mysql.MysqlDataSources;
import io.redcron.store.mysql.MysqlManagedTaskStore;
import io.redcron.store.mysql.MysqlTaskStore;
import io.redcron.testing.TestDatabase;
import io.redcron.testing.TestRedis;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Tasks declared in a real application context, reconciled through a real node's API over a real
 * Redis and MariaDB at the application's start: created and marked as managed, changed and let go
 * at a later start, and a declaration the node refuses stopping the start.
 */
class RedcronManagedTasksIT {
    private static MysqlConfig database;
    private static HikariDataSource dataSource;
    private static Node api;
    private static String ns;
    private static String admin;
    private static String reader;

    @BeforeAll
    static void startApiNode() {
        database = TestDatabase.freshSchema();
        dataSource = MysqlDataSources.open(database);
        ns = TestRedis.freshNamespace();
        api = new Node(ConfigLoader.load(null, Map.of("REDCRON_MYSQL_PASSWORD", database.password().reveal()),
                Map.of("redis.uri", TestRedis.uri(), "mysql.url", database.jdbcUrl(), "mysql.user", database.user(),
                        "node.namespace", ns, "node.id", "api", "node.roles", "api", "api.port", "0")),
                Clock.systemUTC()).start();
        admin = token("shop-admin", ApiScope.ADMIN);
        reader = token("shop-reader", ApiScope.READ);
    }

    @AfterAll
    static void stop() {
        api.close();
        dataSource.close();
    }

    private static String token(String name, ApiScope scope) {
        String secret = ApiToken.newSecret();
        ApiToken stored = new MysqlApiTokenStore(dataSource).create(ApiToken.draft(name, secret, scope, List.of(ns),
                Map.of(), Instant.now(), "test", null), "test");
        return ApiToken.presented(stored.id(), secret);
    }

    private static ApplicationContextRunner app(String token) {
        return new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(RedcronApiAutoConfiguration.class))
                .withPropertyValues("spring.application.name=shop", "redcron.namespace=" + ns,
                        "redcron.api.url=http://127.0.0.1:" + api.apiPort(), "redcron.api.token=" + token);
    }

    private static Optional<Task> task(String name) {
        return new MysqlTaskStore(dataSource, Clock.systemUTC()).findByName(ns, name);
    }

    private static ManagedTask managed(String name) {
        return new MysqlManagedTaskStore(dataSource).find(task(name).orElseThrow().id()).orElseThrow();
    }

    static class CartJobs {
        @RedcronTask(name = "shop-expire-carts", cron = "*/5 * * * *", timeout = "2m")
        public void expire() {
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class FirstVersion {
        @Bean
        CartJobs cartJobs() {
            return new CartJobs();
        }

        @Bean
        TaskDeclaration report() {
            return TaskDeclaration.named("shop-report").cron("0 6 * * *").shell("./report.sh");
        }
    }

    @Configuration(proxyBeanMethods = false)
    static class SecondVersion {
        @Bean
        CartJobs cartJobs() {
            return new CartJobs();
        }
    }

    static class BrokenJobs {
        @RedcronTask(name = "shop-broken", cron = "61 * * * *")
        public void broken() {
        }
    }

    @Test
    void theApplicationsTasksAreCreatedAtItsStartAndFollowItsCodeAtTheNext() {
        app(admin).withUserConfiguration(FirstVersion.class).withPropertyValues("redcron.tasks.version=1.0.0",
                "redcron.tasks.edits=refuse").run(context -> assertThat(context).hasNotFailed());

        Task expire = task("shop-expire-carts").orElseThrow();
        assertThat(expire.group()).as("the embedded worker's group").isEqualTo("shop");
        assertThat(expire.payload()).isEqualTo(new io.redcron.domain.JavaPayload("shop-expire-carts", Map.of()));
        assertThat(managed("shop-expire-carts").managedBy()).isEqualTo("shop 1.0.0");
        assertThat(managed("shop-report").edits()).isEqualTo(EditPolicy.REFUSE);

        app(admin).withUserConfiguration(SecondVersion.class).withPropertyValues("redcron.tasks.version=1.1.0",
                "redcron.tasks.removed=delete").run(context -> assertThat(context).hasNotFailed());

        assertThat(task("shop-report")).as("no longer declared, deleted as asked").isEmpty();
        assertThat(managed("shop-expire-carts").version()).isEqualTo("1.1.0");
        assertThat(managed("shop-expire-carts").edits()).isEqualTo(EditPolicy.WARN);
    }

    @Test
    void aDeclarationTheNodeRefusesStopsTheStartNamingItsPlace() {
        app(admin).withBean(BrokenJobs.class).withPropertyValues("redcron.tasks.version=1")
                .run(context -> assertThat(context).hasFailed().getFailure()
                        .hasStackTraceContaining("Redcron could not reconcile the tasks of shop 1: tasks[0].cron"));
        assertThat(task("shop-broken")).isEmpty();
    }

    @Test
    void anApplicationThatDeclaresNothingNeverReconcilesUnlessAsked() {
        app(reader).run(context -> assertThat(context).hasNotFailed().hasSingleBean(io.redcron.client.HttpRedcronClient.class));
        app(reader).withPropertyValues("redcron.tasks.reconcile=true")
                .run(context -> assertThat(context).hasFailed().getFailure().hasStackTraceContaining("token:"));
    }
}
