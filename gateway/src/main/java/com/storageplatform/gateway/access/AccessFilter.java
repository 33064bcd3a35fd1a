package com.storageplatform.gateway.access;

import com.storageplatform.gateway.GatewayProperties;
import com.storageplatform.gateway.ratelimit.RateLimiter;
import com.storageplatform.gateway.route.RouteTable;
import com.storageplatform.gateway.route.Routes;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.caller.Introspection;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.util.StringUtils;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Who may pass, before anything is routed:
 * <ul>
 *   <li>{@code /v1/...}: first a Bearer credential the auth service vouches for (never a refresh token), and at
 *       once the credential's rate limit; then the route table: an unknown collection is 404, a write to a
 *       read-only one 405, a credential without the exact scope 403. The service gets a signed caller token
 *       instead of the client's secret;</li>
 *   <li>{@code /admin/v1}: the platform admin token, compared in constant time;</li>
 *   <li>{@code /oauth} and {@code /app} (the auth service's authorization endpoint, token endpoint and developer
 *       settings, which authenticate their own callers): public, limited per source IP, and watched for
 *       revocation reports like the admin API;</li>
 *   <li>{@code /providers/{provider}/notifications} (a payment provider's notifications to billing),
 *       {@code /message-providers/{provider}/notifications} (a message provider's delivery reports to crm) and
 *       {@code /id-check-providers/{provider}/notifications} (an ID-check provider's outcomes to compliance), each
 *       verified by the service through the provider's own signature, and {@code /id-checks/...} (the link a
 *       customer follows to their ID check, carrying its own secret): public, limited per source IP;</li>
 *   <li>{@code /v1/ready}: public, 30 a minute per source IP.</li>
 * </ul>
 * Every /v1 answer carries the {@code RateLimit-*} headers of the bucket it spent: the credential's once it is
 * authenticated, else the source IP's (no credential, an invalid one, an unknown route asked without one, or
 * authentication that could not be checked). Client-sent internal headers never reach a service
 * ({@link InternalHeaders}); nothing else (such as {@code /internal/*}) is ever routed.
 */
public final class AccessFilter implements WebFilter, Ordered {

    /** Runs after the request id is assigned and before Spring Cloud Gateway routes. */
    public static final int ORDER = Ordered.HIGHEST_PRECEDENCE + 100;

    /**
     * The public paths outside {@code /v1} whose requests the service authenticates itself (a provider's signature,
     * the secret in a customer's link), and the service that does.
     */
    static final Map<String, String> SELF_AUTHENTICATED = Map.of("/providers/", "billing",
            "/message-providers/", "crm", "/id-check-providers/", "compliance", "/id-checks/", "compliance");

    private final Introspector introspector;
    private final CallerTokens callerTokens;
    private final AdminToken adminToken;
    private final RateLimiter rateLimiter;
    private final GatewayProperties.RateLimits limits;

    public AccessFilter(Introspector introspector, CallerTokens callerTokens, String adminToken,
            RateLimiter rateLimiter, GatewayProperties.RateLimits limits) {
        this.introspector = introspector;
        this.callerTokens = callerTokens;
        this.adminToken = new AdminToken(adminToken);
        this.rateLimiter = rateLimiter;
        this.limits = limits;
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        String path = exchange.getRequest().getPath().value();
        if (climbsOut(path)) {
            return bySource(exchange).then(Mono.error(ApiException.notFound("resource or route")));
        }
        if (path.equals("/v1/ready")) {
            return limit(exchange, "ready:" + clientIp(exchange), limits.ready()).then(chain.filter(exchange));
        }
        if (path.equals("/admin/v1") || path.startsWith("/admin/v1/")) {
            return admin(exchange, chain);
        }
        if (path.startsWith("/oauth/") || path.equals("/app") || path.startsWith("/app/")) {
            exchange.getAttributes().put(Routes.SERVICE, "auth");
            return bySource(exchange).then(chain.filter(RevocationReports.watch(exchange, introspector)));
        }
        Optional<String> selfAuthenticated = selfAuthenticated(path);
        if (selfAuthenticated.isPresent()) {
            exchange.getAttributes().put(Routes.SERVICE, SELF_AUTHENTICATED.get(selfAuthenticated.get()));
            return bySource(exchange).then(chain.filter(exchange));
        }
        if (path.equals("/v1") || path.startsWith("/v1/")) {
            return api(exchange, chain, RouteTable.match(path));
        }
        return chain.filter(exchange);
    }

    /** The self-authenticated prefix the path is under, if any (a plain loop: it runs for every request). */
    public static Optional<String> selfAuthenticated(String path) {
        for (String prefix : SELF_AUTHENTICATED.keySet()) {
            if (path.startsWith(prefix)) {
                return Optional.of(prefix);
            }
        }
        return Optional.empty();
    }

    /** Authentication first, so that every later answer is counted against, and reports, the credential's bucket. */
    private Mono<Void> api(ServerWebExchange exchange, WebFilterChain chain, Optional<RouteTable.Entry> route) {
        return authenticate(exchange).flatMap(found -> {
            if (found.isEmpty()) {
                return route.isEmpty()
                        ? bySource(exchange).then(Mono.error(ApiException.notFound("resource or route")))
                        : unauthenticated(exchange);
            }
            Introspection credential = found.get();
            GatewayProperties.Limit limit = credential.environment() == Environment.LIVE ? limits.live() : limits.test();
            return limit(exchange, "credential:" + credential.credentialId(), limit)
                    .then(Mono.defer(() -> route.isEmpty()
                            ? Mono.error(ApiException.notFound("resource or route"))
                            : authorise(exchange, chain, route.get(), credential)));
        });
    }

    /**
     * The credential the request presents, if the auth service vouches for it as a /v1 credential. When that
     * cannot be checked (503, 504), the answer spends from the source IP's bucket.
     */
    private Mono<Optional<Introspection>> authenticate(ServerWebExchange exchange) {
        Optional<String> token = BearerToken.parse(exchange.getRequest().getHeaders().getFirst(HttpHeaders.AUTHORIZATION))
                .filter(BearerToken::isApiCredential);
        if (token.isEmpty()) {
            return Mono.just(Optional.empty());
        }
        return introspector.introspect(token.get())
                .map(credential -> Optional.of(credential)
                        .filter(c -> c.active() && !"refresh_token".equals(c.kind())))
                .onErrorResume(ApiException.class, unchecked -> bySource(exchange).then(Mono.error(unchecked)));
    }

    private Mono<Void> authorise(ServerWebExchange exchange, WebFilterChain chain, RouteTable.Entry route,
            Introspection credential) {
        HttpMethod method = exchange.getRequest().getMethod();
        boolean read = method == HttpMethod.GET || method == HttpMethod.HEAD;
        if (route.readOnly() && !read) {
            return Mono.error(new ApiException(ErrorCode.METHOD_NOT_ALLOWED, ErrorCode.METHOD_NOT_ALLOWED.status(),
                    "/v1/" + route.path() + " is read-only.", List.of(), Map.of("Allow", "GET")));
        }
        String scope = route.scopeFor(method.name());
        if (credential.scopes() == null || !credential.scopes().contains(scope)) {
            return Mono.error(new ApiException(ErrorCode.INSUFFICIENT_SCOPE,
                    "This credential lacks the scope " + scope + ", which this request needs."));
        }
        return chain.filter(forward(exchange, callerTokens.forCredential(credential), route.service()));
    }

    private Mono<Void> admin(ServerWebExchange exchange, WebFilterChain chain) {
        Optional<String> token = BearerToken.parse(exchange.getRequest().getHeaders().getFirst(HttpHeaders.AUTHORIZATION));
        if (token.isEmpty() || !adminToken.matches(token.get())) {
            return unauthenticated(exchange);
        }
        return chain.filter(RevocationReports.watch(forward(exchange, callerTokens.platformAdmin(), "auth"), introspector));
    }

    /** A refused credential still costs a token from the source IP's bucket, which slows down guessing. */
    private Mono<Void> unauthenticated(ServerWebExchange exchange) {
        return bySource(exchange).then(Mono.error(new ApiException(ErrorCode.UNAUTHORIZED,
                "A valid credential is required: send Authorization: Bearer <key>.")));
    }

    /** The bucket of the source IP, for whatever is answered without a valid credential. */
    private Mono<Void> bySource(ServerWebExchange exchange) {
        return limit(exchange, "ip:" + clientIp(exchange), limits.unauthenticated());
    }

    /** Takes a token, sets the RateLimit-* headers, and refuses with 429 and Retry-After when the bucket is empty. */
    private Mono<Void> limit(ServerWebExchange exchange, String key, GatewayProperties.Limit limit) {
        return rateLimiter.take(key, limit).flatMap(decision -> {
            HttpHeaders headers = exchange.getResponse().getHeaders();
            headers.set("RateLimit-Limit", Integer.toString(decision.limit()));
            headers.set("RateLimit-Remaining", Integer.toString(decision.remaining()));
            headers.set("RateLimit-Reset", Long.toString(decision.resetSeconds()));
            if (decision.allowed()) {
                return Mono.empty();
            }
            return Mono.error(ApiException.retryLater(ErrorCode.RATE_LIMITED, "Too many requests for this credential.",
                    decision.retryAfterSeconds()));
        });
    }

    /**
     * Sends the request on to {@code service} (naming it is what routes it, {@link Routes#SERVICE}) with the
     * caller token in place of the client's secret ({@link InternalHeaders}).
     */
    private static ServerWebExchange forward(ServerWebExchange exchange, String callerToken, String service) {
        exchange.getAttributes().put(InternalHeaders.CALLER_TOKEN, callerToken);
        exchange.getAttributes().put(Routes.SERVICE, service);
        return exchange;
    }

    /**
     * Whether a path has a dot segment, plain or percent-encoded ({@code /oauth/../internal/ready},
     * {@code /oauth/%2e%2e/...}, {@code /oauth/..;/...}), or an encoded slash: the gateway routes by prefix and
     * forwards the path as it came, so a service that resolved it would serve what the prefix never allowed.
     */
    static boolean climbsOut(String rawPath) {
        if (rawPath.indexOf('.') < 0 && rawPath.indexOf('%') < 0 && rawPath.indexOf('\\') < 0) {
            return false; // no dot segment, encoded or plain, can hide in it: the common case, decided at once
        }
        for (String segment : rawPath.split("/", -1)) {
            int parameters = segment.indexOf(';');
            String name = parameters < 0 ? segment : segment.substring(0, parameters);
            if (name.indexOf('%') >= 0) {
                try {
                    name = StringUtils.uriDecode(name, StandardCharsets.UTF_8);
                } catch (IllegalArgumentException malformed) {
                    return true;
                }
            }
            if (name.equals(".") || name.equals("..") || name.indexOf('/') >= 0 || name.indexOf('\\') >= 0) {
                return true;
            }
        }
        return false;
    }

    private static String clientIp(ServerWebExchange exchange) {
        InetSocketAddress remote = exchange.getRequest().getRemoteAddress();
        return remote == null || remote.getAddress() == null ? "unknown" : remote.getAddress().getHostAddress();
    }
}
