package com.storageplatform.kit.db;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Callers;
import org.springframework.core.Ordered;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Puts the authenticated caller's account in the request's Reactor context, for {@link AccountConnections}: after
 * Spring Security's chain (which authenticates), before the {@code MutationFilter} (whose transaction takes its
 * connection).
 */
public class CallerAccountFilter implements WebFilter, Ordered {

    /** Spring Security's chain is at -100, the MutationFilter at 0. */
    public static final int ORDER = -50;

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        return Callers.current()
                .mapNotNull(Caller::accountId)
                .flatMap(account -> chain.filter(exchange).contextWrite(AccountConnections.forAccount(account))
                        .thenReturn(true))
                .switchIfEmpty(Mono.defer(() -> chain.filter(exchange).thenReturn(true)))
                .then();
    }

    @Override
    public int getOrder() {
        return ORDER;
    }
}
