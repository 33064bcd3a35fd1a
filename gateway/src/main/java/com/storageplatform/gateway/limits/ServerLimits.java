package com.storageplatform.gateway.limits;

import com.storageplatform.kit.web.JsonResponses;
import io.netty.channel.ChannelPipeline;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.util.unit.DataSize;
import reactor.netty.NettyPipeline;

/**
 * The gateway server's limits on what one client may send (docs/configuration.md, "Request limits"): the body
 * sizes ({@link BodyLimitFilter}), and Reactor Netty's read and request timeouts and connection cap, which Spring
 * Boot has no property for. Spring Boot's own {@code server.max-http-request-header-size},
 * {@code server.netty.max-initial-line-length} and {@code server.netty.idle-timeout} (application.yml) bound the
 * headers and a connection that never finishes sending them; {@link DecodingFailures} puts Netty's refusals of
 * those in the error envelope.
 */
@Configuration(proxyBeanMethods = false)
class ServerLimits {

    @Bean
    BodyLimitFilter bodyLimitFilter(RequestLimits limits) {
        return new BodyLimitFilter(limits);
    }

    @Bean
    NettyServerCustomizer requestLimitsCustomizer(RequestLimits limits, JsonResponses json,
            @Value("${server.max-http-request-header-size:8KB}") DataSize maxHeaderSize,
            @Value("${server.netty.max-initial-line-length:4KB}") DataSize maxInitialLineLength) {
        return server -> server.readTimeout(limits.readTimeout())
                .requestTimeout(limits.requestTimeout())
                .maxConnections(limits.maxConnections())
                .doOnChannelInit((observer, channel, remote) -> {
                    ChannelPipeline pipeline = channel.pipeline();
                    if (pipeline.get(NettyPipeline.HttpTrafficHandler) != null) {
                        pipeline.addBefore(NettyPipeline.HttpTrafficHandler, DecodingFailures.NAME,
                                new DecodingFailures(json, maxHeaderSize, maxInitialLineLength));
                    }
                });
    }
}
