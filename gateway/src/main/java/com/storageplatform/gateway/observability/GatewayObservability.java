package com.storageplatform.gateway.observability;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.server.reactive.observation.ServerRequestObservationConvention;

/** The gateway's part of ADR 0022 beside the kit's: its requests counted by route table entry. */
@Configuration(proxyBeanMethods = false)
class GatewayObservability {

    @Bean
    ServerRequestObservationConvention gatewayRequestConvention() {
        return new GatewayRequestConvention();
    }
}
