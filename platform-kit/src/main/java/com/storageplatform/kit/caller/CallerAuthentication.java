package com.storageplatform.kit.caller;

import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

/**
 * The authenticated caller held in the security context of a request, with the gateway's token it stands on
 * (what a call to a peer is narrowed from, ADR 0019) and the service that called, if a peer did.
 */
public final class CallerAuthentication extends AbstractAuthenticationToken {

    private final Caller caller;
    private final String rootToken;
    private final String callingService;

    public CallerAuthentication(Caller caller) {
        this(caller, null, null);
    }

    /**
     * @param rootToken      the gateway's caller token, or null when there is none to narrow (tests)
     * @param callingService the peer that called, or null when the gateway did
     */
    public CallerAuthentication(Caller caller, String rootToken, String callingService) {
        super(caller.scopes().stream().map(scope -> new SimpleGrantedAuthority("SCOPE_" + scope)).toList());
        this.caller = caller;
        this.rootToken = rootToken;
        this.callingService = callingService;
        setAuthenticated(true);
    }

    public Caller caller() {
        return caller;
    }

    public String rootToken() {
        return rootToken;
    }

    public String callingService() {
        return callingService;
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
