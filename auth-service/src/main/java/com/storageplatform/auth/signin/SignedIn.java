package com.storageplatform.auth.signin;

import com.storageplatform.auth.user.OperatorUser;
import java.util.List;
import java.util.UUID;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.ReactiveSecurityContextHolder;
import org.springframework.security.core.context.SecurityContext;
import reactor.core.publisher.Mono;

/**
 * A signed-in operator user, as their session cookie proves: who they are (from the platform's own mapping of the
 * Keycloak user) and their session's synchronizer token.
 */
public final class SignedIn extends AbstractAuthenticationToken {

    private final OperatorUser user;
    private final UUID sessionId;
    private final String csrfToken;

    public SignedIn(OperatorUser user, UUID sessionId, String csrfToken) {
        super(List.of(new SimpleGrantedAuthority("ROLE_" + user.role().toUpperCase(java.util.Locale.ROOT))));
        this.user = user;
        this.sessionId = sessionId;
        this.csrfToken = csrfToken;
        setAuthenticated(true);
    }

    /** The request's signed-in operator user, if any (within the sign-in security chain). */
    public static Mono<SignedIn> current() {
        return ReactiveSecurityContextHolder.getContext()
                .mapNotNull(SecurityContext::getAuthentication)
                .filter(SignedIn.class::isInstance)
                .cast(SignedIn.class);
    }

    public OperatorUser user() {
        return user;
    }

    public UUID sessionId() {
        return sessionId;
    }

    String csrfToken() {
        return csrfToken;
    }

    @Override
    public Object getCredentials() {
        return "";
    }

    @Override
    public Object getPrincipal() {
        return user;
    }

    @Override
    public String getName() {
        return user.id().toString();
    }
}
