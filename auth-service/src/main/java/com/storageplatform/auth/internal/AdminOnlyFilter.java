package com.storageplatform.auth.internal;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Callers;
import com.storageplatform.kit.caller.Introspection;
import com.storageplatform.kit.request.MutationFilter;
import com.storageplatform.kit.web.ApiException;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * The platform admin API ({@code /admin/v1/**}) and the gateway's introspection call exist only for the platform
 * admin: any other caller gets 404 {@code not_found} for every path and method under them, exactly as if they did
 * not exist (never 403 or 405, which would reveal them). Runs after Spring Security has verified the caller token
 * and before the mutation transaction opens.
 */
@Component
class AdminOnlyFilter implements WebFilter, Ordered {

    static final String ADMIN_API = "/admin/v1";

    @Override
    public int getOrder() {
        return MutationFilter.ORDER - 10;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (!isAdminOnly(exchange.getRequest().getPath().pathWithinApplication().value())) {
            return chain.filter(exchange);
        }
        return Callers.current()
                .filter(Caller::isPlatformAdmin)
                .hasElement()
                .flatMap(admin -> admin ? chain.filter(exchange) : Mono.error(ApiException.notFound()));
    }

    static boolean isAdminOnly(String path) {
        return path.equals(ADMIN_API) || path.startsWith(ADMIN_API + "/") || path.equals(Introspection.PATH);
    }
}
