package io.redcron.spring;

import io.redcron.client.HttpRedcronClient;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.info.BuildProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

import java.net.URI;

/**
 * Configures redcron-client over a node's HTTP API when {@code redcron.api.url} is set: an
 * {@link HttpRedcronClient} for {@code redcron.namespace}, and the reconciliation of the tasks the
 * application declares in code ({@link RedcronTask} methods and
 * {@link io.redcron.client.TaskDeclaration} beans) at its start, under {@code redcron.tasks.*}.
 */
@AutoConfiguration
@ConditionalOnClass(HttpRedcronClient.class)
@ConditionalOnProperty(prefix = "redcron.api", name = "url")
@ConditionalOnProperty(prefix = "redcron", name = "enabled", havingValue = "true", matchIfMissing = true)
@EnableConfigurationProperties({RedcronApiProperties.class, RedcronTasksProperties.class})
public class RedcronApiAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    public HttpRedcronClient redcronHttpClient(RedcronApiProperties api, Environment environment) {
        if (api.getToken() == null || api.getToken().isBlank()) {
            throw new IllegalStateException("redcron.api.token: a token is required with redcron.api.url"
                    + " (redcron-node token create)");
        }
        return HttpRedcronClient.builder(URI.create(api.getUrl())).token(api.getToken())
                .namespace(environment.getProperty("redcron.namespace", "default"))
                .requestTimeout(api.getRequestTimeout()).build();
    }

    @Bean
    ManagedTaskReconciler redcronManagedTaskReconciler(HttpRedcronClient client, RedcronTasksProperties properties,
                                                       ConfigurableListableBeanFactory beans, Environment environment,
                                                       ObjectProvider<BuildProperties> build) {
        BuildProperties info = build.getIfAvailable();
        return new ManagedTaskReconciler(client, properties, beans, environment, info == null ? null : info.getVersion());
    }
}
