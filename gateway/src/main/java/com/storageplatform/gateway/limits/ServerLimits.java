package com.storageplatform.gateway.limits;

import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The gateway server's limits on what one client may send (docs/configuration.md, "Request limits"): the body
 * sizes ({@link BodyLimitFilter}), and Reactor Netty's read and request timeouts and connection cap, which Spring
 * Boot has no property for. Spring Boot's own {@code server.max-http-request-header-size},
 * {@code server.netty.max-initial-line-length} and {@code server.netty.idle-timeout} (application.yml) bound the
 * headers and a connection that never finishes sending them; the kit's {@code DecodingFailures} (in every process)
 * puts Netty's refusals of those in the error envelope.
 */
@Configuration(proxyBeanMethods = false)
class ServerLimits {

    @Bean
    BodyLimitFilter bodyLimitFilter(RequestLimits limits) {
        return new BodyLimitFilter(limits);
    }

    @Bean
    NettyServerCustomizer requestLimitsCustomizer(RequestLimits limits) {
        return server -> server.readTimeout(limits.readTimeout())
                .requestTimeout(limits.requestTimeout())
                .maxConnections(limits.maxConnections());
    }
}
