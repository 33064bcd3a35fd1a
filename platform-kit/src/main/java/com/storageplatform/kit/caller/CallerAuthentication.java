package com.storageplatform.kit.caller;

import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

/** The authenticated caller held in the security context of a request. */
public final class CallerAuthentication extends AbstractAuthenticationToken {

    private final Caller caller;

    public CallerAuthentication(Caller caller) {
        super(caller.scopes().stream().map(scope -> new SimpleGrantedAuthority("SCOPE_" + scope)).toList());
        this.caller = caller;
        setAuthenticated(true);
    }

    public Caller caller() {
        return caller;
    }

    @Override
    public Object getCredentials() {
        return "";
    }

    @Override
    public Object getPrincipal() {
        return caller;
    }

    @Override
    public String getName() {
        return caller.credentialId() == null ? "unknown" : caller.credentialId();
    }

}
