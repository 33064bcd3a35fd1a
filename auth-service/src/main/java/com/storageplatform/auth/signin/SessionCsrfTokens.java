package com.storageplatform.auth.signin;

import com.storageplatform.kit.crypto.Secrets;
import org.springframework.security.web.server.csrf.CsrfToken;
import org.springframework.security.web.server.csrf.DefaultCsrfToken;
import org.springframework.security.web.server.csrf.ServerCsrfTokenRepository;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * The synchronizer token of the request's session (stored with it, fixed for its life): a form posted without it,
 * or from another session, is refused with 403. Pages without a session get a throwaway token; they post nothing.
 */
final class SessionCsrfTokens implements ServerCsrfTokenRepository {

    static final String PARAMETER = "_csrf";
    static final String HEADER = "X-CSRF-TOKEN";

    private final OperatorSessions sessions;

    SessionCsrfTokens(OperatorSessions sessions) {
        this.sessions = sessions;
    }

    @Override
    public Mono<CsrfToken> generateToken(ServerWebExchange exchange) {
        return loadToken(exchange).switchIfEmpty(Mono.fromSupplier(
                () -> new DefaultCsrfToken(HEADER, PARAMETER, Secrets.generate("", 43))));
    }

    @Override
    public Mono<Void> saveToken(ServerWebExchange exchange, CsrfToken token) {
        return Mono.empty();
    }

    @Override
    public Mono<CsrfToken> loadToken(ServerWebExchange exchange) {
        return sessions.current(exchange).map(signedIn -> new DefaultCsrfToken(HEADER, PARAMETER, signedIn.csrfToken()));
    }
}
