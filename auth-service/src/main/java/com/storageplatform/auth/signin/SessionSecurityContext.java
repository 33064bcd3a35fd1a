package com.storageplatform.auth.signin;

import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextImpl;
import org.springframework.security.oauth2.client.authentication.OAuth2AuthenticationToken;
import org.springframework.security.web.server.context.ServerSecurityContextRepository;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Spring Security's view of the sessions: a completed Keycloak sign-in ({@link KeycloakSignIn.OperatorOidcUser})
 * starts one; every later request is authenticated by its cookie alone.
 */
final class SessionSecurityContext implements ServerSecurityContextRepository {

    private final OperatorSessions sessions;

    SessionSecurityContext(OperatorSessions sessions) {
        this.sessions = sessions;
    }

    @Override
    public Mono<Void> save(ServerWebExchange exchange, SecurityContext context) {
        if (context != null && context.getAuthentication() instanceof OAuth2AuthenticationToken token
                && token.getPrincipal() instanceof KeycloakSignIn.OperatorOidcUser signedIn) {
            return sessions.start(signedIn.user(), exchange.getResponse()).then();
        }
        return Mono.empty();
    }

    @Override
    public Mono<SecurityContext> load(ServerWebExchange exchange) {
        return sessions.current(exchange).map(SecurityContextImpl::new);
    }
}
