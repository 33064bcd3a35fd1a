package com.storageplatform.kit.autoconfigure;

import com.storageplatform.kit.PlatformProperties;
import com.storageplatform.kit.client.ServiceClients;
import com.storageplatform.kit.client.ServiceDirectory;
import com.storageplatform.kit.resilience.Resilience;
import com.storageplatform.kit.resilience.ResilienceProperties;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.webclient.autoconfigure.WebClientAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.core.context.ReactiveSecurityContextHolder;
import org.springframework.web.reactive.function.client.WebClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * Calls between processes: the one resilience factory (the gateway's breakers come from it too) and the directory
 * of services; in a service, the clients of its peers.
 */
@AutoConfiguration(after = {KitWebAutoConfiguration.class, WebClientAutoConfiguration.class})
@ConditionalOnClass(CircuitBreaker.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@EnableConfigurationProperties({ResilienceProperties.class, ServiceDirectory.class})
public class KitClientAutoConfiguration {

    @Bean
    Resilience resilience(ResilienceProperties properties) {
        return new Resilience(properties);
    }

    /** Only where callers are authenticated (the services; the gateway has no caller to forward). */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(ReactiveSecurityContextHolder.class)
    static class PeerClients {

        @Bean
        ServiceClients serviceClients(WebClient.Builder webClients, JsonMapper mapper, ServiceDirectory directory,
                Resilience resilience, PlatformProperties properties) {
            return new ServiceClients(webClients, mapper, directory, resilience, properties);
        }
    }
}
