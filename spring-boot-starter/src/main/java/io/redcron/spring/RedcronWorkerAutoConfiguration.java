package io.redcron.spring;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * Runs an embedded worker in the application ({@link RedcronWorker}) when redcron-node is on the
 * class path and {@code redcron.worker.enabled=true}. Independent of the client's configuration:
 * the worker reaches Redis and the database through a node's own connections and accounts.
 */
@AutoConfiguration
@ConditionalOnClass(name = "io.redcron.node.embedded.EmbeddedWorker")
@ConditionalOnProperty(prefix = "redcron.worker", name = "enabled", havingValue = "true")
@EnableConfigurationProperties(RedcronWorkerProperties.class)
public class RedcronWorkerAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    public RedcronWorker redcronWorker(RedcronWorkerProperties properties, Environment environment,
                                       ListableBeanFactory beans) {
        return new RedcronWorker(properties, environment, beans);
    }
}
