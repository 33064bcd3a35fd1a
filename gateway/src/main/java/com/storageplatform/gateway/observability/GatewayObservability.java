package com.storageplatform.gateway.observability;

import org.springframework.cloud.gateway.filter.headers.observation.DefaultGatewayObservationConvention;
import org.springframework.cloud.gateway.filter.headers.observation.GatewayObservationConvention;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.server.reactive.observation.ServerRequestObservationConvention;

/**
 * The gateway's part of ADR 0022 beside the kit's: its requests counted by route table entry, and what it
 * proxies measured under a name of its own.
 */
@Configuration(proxyBeanMethods = false)
class GatewayObservability {

    /** {@code gateway_proxy_requests_seconds}: each proxied request's call to its service, by route. */
    static final String PROXY_REQUESTS = "gateway.proxy.requests";

    @Bean
    ServerRequestObservationConvention gatewayRequestConvention() {
        return new GatewayRequestConvention();
    }

    /**
     * Spring Cloud Gateway names its proxied calls {@code http.client.requests}, as Boot names the WebClient's
     * (the credential checks), but with other tags: Prometheus keeps only the first set of a name, so one of the
     * two would be dropped.
     */
    @Bean
    GatewayObservationConvention proxyObservationConvention() {
        return new DefaultGatewayObservationConvention() {
            @Override
            public String getName() {
                return PROXY_REQUESTS;
            }
        };
    }
}
