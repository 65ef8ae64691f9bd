package io.redcron.spring;

import io.micrometer.core.instrument.MeterRegistry;
import io.redcron.client.JdbcRedcronClient;
import io.redcron.client.RedcronClient;

import javax.sql.DataSource;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.datasource.DataSourceUtils;

/**
 * Configures redcron-client over the application's {@code DataSource} (the single one, or the
 * primary): a {@link JdbcRedcronClient} for the namespace {@code redcron.namespace}, a
 * {@link RedcronTemplate} that schedules inside Spring-managed transactions, and, when the
 * application has them, a health indicator ({@code redcron}) and Micrometer meters. Off with
 * {@code redcron.enabled=false}.
 *
 * <p>None of these beans holds a thread, a pool or a connection: there is nothing to stop when the
 * application closes, and a run being scheduled as it closes ends with its transaction.
 */
@AutoConfiguration(after = DataSourceAutoConfiguration.class, afterName = {
        "org.springframework.boot.actuate.autoconfigure.metrics.export.simple.SimpleMetricsExportAutoConfiguration",
        "org.springframework.boot.actuate.autoconfigure.metrics.CompositeMeterRegistryAutoConfiguration"})
@ConditionalOnClass({RedcronClient.class, DataSourceUtils.class})
@ConditionalOnSingleCandidate(DataSource.class)
@ConditionalOnProperty(prefix = "redcron", name = "enabled", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties(RedcronProperties.class)
public class RedcronAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    public JdbcRedcronClient redcronClient(DataSource dataSource, RedcronProperties properties) {
        return RedcronClient.jdbc(dataSource, properties.getNamespace());
    }

    @Bean
    @ConditionalOnMissingBean
    public RedcronTemplate redcronTemplate(JdbcRedcronClient client, DataSource dataSource,
                                           ObjectProvider<ScheduleObserver> observer) {
        return new RedcronTemplate(client, dataSource, observer.getIfUnique(() -> ScheduleObserver.NONE));
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(MeterRegistry.class)
    static class Metrics {
        @Bean
        @ConditionalOnBean(MeterRegistry.class)
        @ConditionalOnMissingBean(ScheduleObserver.class)
        RedcronMeters redcronMeters(MeterRegistry registry, JdbcRedcronClient client) {
            return new RedcronMeters(registry, client.namespace());
        }
    }

    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(HealthIndicator.class)
    @ConditionalOnProperty(prefix = "management.health.redcron", name = "enabled", havingValue = "true",
            matchIfMissing = true)
    static class Health {
        @Bean
        @ConditionalOnMissingBean(name = "redcronHealthIndicator")
        RedcronHealthIndicator redcronHealthIndicator(DataSource dataSource, JdbcRedcronClient client) {
            return new RedcronHealthIndicator(dataSource, client.namespace());
        }
    }
}
