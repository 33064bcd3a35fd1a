package com.storageplatform.kit.autoconfigure;

import com.storageplatform.kit.PlatformProperties;
import com.storageplatform.kit.ops.DroppedErrors;
import com.storageplatform.kit.ops.HealthRoutes;
import com.storageplatform.kit.time.PlatformClock;
import com.storageplatform.kit.web.DecodingFailures;
import com.storageplatform.kit.web.GlobalErrorHandler;
import com.storageplatform.kit.web.JsonResponses;
import com.storageplatform.kit.web.RequestIdFilter;
import java.time.Clock;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.util.unit.DataSize;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;
import tools.jackson.databind.json.JsonMapper;

/**
 * What every process (gateway included) gets: strict JSON, the error envelope (Netty's own refusals included),
 * request ids, /health, the clock.
 */
@AutoConfiguration(before = JacksonAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@EnableConfigurationProperties(PlatformProperties.class)
public class KitWebAutoConfiguration {

    public KitWebAutoConfiguration() {
        DroppedErrors.install();
    }

    @Bean
    JsonMapperBuilderCustomizer platformStrictJson() {
        return new StrictJson();
    }

    @Bean
    JsonRequestBodies platformJsonRequestBodies(JsonMapper mapper) {
        return new JsonRequestBodies(mapper);
    }

    @Bean
    JsonResponses jsonResponses(JsonMapper mapper) {
        return new JsonResponses(mapper);
    }

    @Bean
    GlobalErrorHandler platformErrorHandler(JsonResponses json) {
        return new GlobalErrorHandler(json);
    }

    /**
     * Netty's own refusals (a request line or headers over their limits, a request that is not HTTP) in the error
     * envelope. The limits are Spring Boot's {@code server.*} settings: a service's come from
     * {@link com.storageplatform.kit.db.PlatformDefaults}, the gateway sets its own.
     */
    @Bean
    NettyServerCustomizer platformDecodingFailures(JsonResponses json,
            @Value("${server.max-http-request-header-size:8KB}") DataSize maxHeaderSize,
            @Value("${server.netty.max-initial-line-length:4KB}") DataSize maxInitialLineLength) {
        return server -> server.doOnChannelInit((observer, channel, remote) ->
                DecodingFailures.install(channel.pipeline(), json, maxHeaderSize, maxInitialLineLength));
    }

    @Bean
    RequestIdFilter requestIdFilter() {
        return new RequestIdFilter();
    }

    @Bean
    RouterFunction<ServerResponse> healthRoutes() {
        return HealthRoutes.routes();
    }

    @Bean
    @ConditionalOnMissingBean(Clock.class)
    PlatformClock platformClock() {
        return PlatformClock.system();
    }
}
