package com.storageplatform.kit.autoconfigure;

import com.storageplatform.kit.PlatformProperties;
import com.storageplatform.kit.caller.BearerTokenConverter;
import com.storageplatform.kit.caller.CallerArgumentResolver;
import com.storageplatform.kit.caller.CallerAuthentication;
import com.storageplatform.kit.caller.CallerTokenVerifier;
import com.storageplatform.kit.caller.Pem;
import com.storageplatform.kit.openapi.OpenApiDefaults;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.ErrorMapper;
import com.storageplatform.kit.web.ErrorResponse;
import com.storageplatform.kit.web.JsonResponses;
import java.security.interfaces.ECPublicKey;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.security.autoconfigure.ReactiveUserDetailsServiceAutoConfiguration;
import org.springframework.boot.security.autoconfigure.web.reactive.ReactiveWebSecurityAutoConfiguration;
import org.springframework.context.annotation.Bean;
import java.util.Map;
import java.util.Set;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.http.HttpMethod;
import org.springframework.security.web.server.WebFilterChainProxy;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.ReactiveAuthenticationManager;
import org.springframework.security.authentication.ReactiveAuthenticationManagerResolver;
import org.springframework.security.config.annotation.web.reactive.EnableWebFluxSecurity;
import org.springframework.security.config.web.server.ServerHttpSecurity;
import org.springframework.security.oauth2.jwt.ReactiveJwtDecoder;
import org.springframework.security.oauth2.server.resource.authentication.JwtReactiveAuthenticationManager;
import org.springframework.security.web.server.SecurityWebFilterChain;
import org.springframework.security.web.server.authentication.ServerAuthenticationConverter;
import org.springframework.security.web.server.context.NoOpServerSecurityContextRepository;
import org.springframework.security.web.server.util.matcher.ServerWebExchangeMatcher;
import org.springframework.security.web.server.util.matcher.ServerWebExchangeMatchers;
import org.springframework.web.reactive.config.WebFluxConfigurer;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.reactive.result.method.annotation.ArgumentResolverConfigurer;
import reactor.core.publisher.Mono;

/**
 * Services trust nothing but the gateway's signed caller token (or a peer's, narrowed from one: ADR 0019): every
 * request except {@code /health}, {@code /internal/ready} and Prometheus' {@code /internal/prometheus} (served on
 * the management port only, ADR 0022) must carry a valid one, else 401 {@code unauthorized} in the error envelope.
 * {@code /internal/**} also takes a service's token for an account outside any request (ADR 0029), and only it.
 */
@AutoConfiguration(before = {ReactiveWebSecurityAutoConfiguration.class,
        ReactiveUserDetailsServiceAutoConfiguration.class})
@ConditionalOnClass(ServerHttpSecurity.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@EnableWebFluxSecurity
public class KitSecurityAutoConfiguration {

    /**
     * The scrape path (actuator's under {@code management.endpoints.web.base-path}), served only on the management
     * port: the API port has no such route, and neither the ingress nor the gateway reaches the management port.
     */
    public static final String PROMETHEUS_PATH = "/internal/prometheus";

    @Bean
    ReactiveJwtDecoder callerTokenDecoder(PlatformProperties properties) {
        String pem = properties.callerToken().publicKey();
        if (pem == null || pem.isBlank()) {
            throw new IllegalStateException(
                    "platform.caller-token.public-key (PLATFORM_CALLER_TOKEN_PUBLIC_KEY) is not set: "
                            + "a service cannot verify callers without the gateway's public key");
        }
        return CallerTokenVerifier.decoder(Pem.publicKey(pem), serviceKey(properties));
    }

    private static ECPublicKey serviceKey(PlatformProperties properties) {
        String servicePem = properties.serviceToken().publicKey();
        return servicePem == null || servicePem.isBlank() ? null : Pem.publicKey(servicePem);
    }

    /**
     * The bean decodes every path's tokens but {@code /internal/**}, whose decoder also takes a service's token for
     * an account outside any request (ADR 0029): such a token is a 401 on {@code /v1} and every other path.
     */
    private static ReactiveAuthenticationManagerResolver<ServerWebExchange> managers(ReactiveJwtDecoder decoder,
            PlatformProperties properties) {
        ReactiveAuthenticationManager everywhere = manager(decoder);
        ReactiveAuthenticationManager internal = manager(CallerTokenVerifier.internalDecoder(
                Pem.publicKey(properties.callerToken().publicKey()), serviceKey(properties)));
        return exchange -> Mono.just(exchange.getRequest().getPath().pathWithinApplication().value()
                .startsWith(CallerTokenVerifier.INTERNAL_PREFIX) ? internal : everywhere);
    }

    private static ReactiveAuthenticationManager manager(ReactiveJwtDecoder decoder) {
        JwtReactiveAuthenticationManager manager = new JwtReactiveAuthenticationManager(decoder);
        manager.setJwtAuthenticationConverter(token -> Mono
                .fromCallable(() -> (AbstractAuthenticationToken) new CallerAuthentication(
                        CallerTokenVerifier.toCaller(token), CallerTokenVerifier.rootToken(token),
                        CallerTokenVerifier.callingService(token)))
                .onErrorMap(IllegalArgumentException.class,
                        e -> new BadCredentialsException("Invalid caller token", e)));
        return manager;
    }

    @Bean
    SecurityWebFilterChain callerTokenSecurity(ServerHttpSecurity http, ReactiveJwtDecoder decoder,
            JsonResponses json, PlatformProperties properties) {
        List<String> open = new ArrayList<>(List.of("/health", "/internal/ready", OpenApiDefaults.DOCUMENT_PATH,
                PROMETHEUS_PATH));
        open.addAll(properties.security().publicPathsOrNone());
        ErrorResponse unauthorized = ErrorResponse.of(
                new ApiException(ErrorCode.UNAUTHORIZED, "A valid credential is required."));
        ErrorResponse forbidden = ErrorResponse.of(
                new ApiException(ErrorCode.INSUFFICIENT_SCOPE, "The credential may not do this."));
        return http
                .csrf(ServerHttpSecurity.CsrfSpec::disable)
                .httpBasic(ServerHttpSecurity.HttpBasicSpec::disable)
                .formLogin(ServerHttpSecurity.FormLoginSpec::disable)
                .logout(ServerHttpSecurity.LogoutSpec::disable)
                .requestCache(cache -> cache.requestCache(
                        org.springframework.security.web.server.savedrequest.NoOpServerRequestCache.getInstance()))
                .securityContextRepository(NoOpServerSecurityContextRepository.getInstance())
                .authorizeExchange(exchanges -> exchanges
                        .pathMatchers(open.toArray(String[]::new)).permitAll()
                        .anyExchange().authenticated())
                .oauth2ResourceServer(server -> server
                        .bearerTokenConverter(callerTokenOnly(open))
                        .authenticationManagerResolver(managers(decoder, properties))
                        .authenticationEntryPoint((exchange, e) -> json.write(exchange.getResponse(), unauthorized))
                        .accessDeniedHandler((exchange, e) -> json.write(exchange.getResponse(), forbidden)))
                .exceptionHandling(handling -> handling
                        .authenticationEntryPoint((exchange, e) -> json.write(exchange.getResponse(), unauthorized))
                        .accessDeniedHandler((exchange, e) -> json.write(exchange.getResponse(), forbidden)))
                .build();
    }

    /**
     * The request firewall's refusals in the envelope, not Spring Security's empty 400: a method it does not let
     * through (TRACE) is 405 with {@code Allow}, anything else it refuses (a control character in the path or a
     * parameter's name) is 400 {@code invalid_request}.
     */
    @Bean
    static BeanPostProcessor firewallRefusalsInTheEnvelope(ObjectProvider<JsonResponses> json) {
        return new BeanPostProcessor() {
            @Override
            public Object postProcessAfterInitialization(Object bean, String name) {
                if (bean instanceof WebFilterChainProxy proxy) {
                    proxy.setExchangeRejectedHandler((exchange, rejected) -> json.getObject()
                            .write(exchange.getResponse(), ErrorResponse.of(firewallRefusal(exchange))));
                }
                return bean;
            }
        };
    }

    private static ApiException firewallRefusal(ServerWebExchange exchange) {
        if (!FIREWALL_METHODS.contains(exchange.getRequest().getMethod())) {
            return new ApiException(ErrorCode.METHOD_NOT_ALLOWED, ErrorCode.METHOD_NOT_ALLOWED.status(),
                    "The method " + exchange.getRequest().getMethod() + " is not allowed.", List.of(),
                    Map.of("Allow", "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"));
        }
        return ErrorMapper.firewallRefusal();
    }

    private static final Set<HttpMethod> FIREWALL_METHODS = Set.of(HttpMethod.GET, HttpMethod.HEAD, HttpMethod.POST,
            HttpMethod.PUT, HttpMethod.PATCH, HttpMethod.DELETE, HttpMethod.OPTIONS);

    /** Public paths are never authenticated, whatever Authorization header they carry (the token endpoint's Basic). */
    private static ServerAuthenticationConverter callerTokenOnly(List<String> publicPaths) {
        ServerWebExchangeMatcher isPublic = ServerWebExchangeMatchers.pathMatchers(publicPaths.toArray(String[]::new));
        BearerTokenConverter bearer = new BearerTokenConverter();
        return exchange -> isPublic.matches(exchange)
                .flatMap(match -> match.isMatch() ? Mono.empty() : bearer.convert(exchange));
    }

    @Bean
    WebFluxConfigurer callerArgument() {
        return new WebFluxConfigurer() {
            @Override
            public void configureArgumentResolvers(ArgumentResolverConfigurer configurer) {
                configurer.addCustomResolver(new CallerArgumentResolver());
            }
        };
    }
}
