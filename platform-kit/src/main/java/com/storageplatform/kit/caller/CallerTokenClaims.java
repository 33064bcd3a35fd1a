package com.storageplatform.kit.caller;

/**
 * Claim names of the caller token the gateway signs and every service verifies, and of the narrowed token a
 * service sends a peer (ADR 0019): the same claims, another issuer, the calling service and the gateway's token
 * it was narrowed from; or a service's token for an account outside any request, good on {@code /internal/**} only
 * (ADR 0029).
 */
final class CallerTokenClaims {

    static final String ISSUER = "storage-platform-gateway";
    static final String AUDIENCE = "storage-platform-services";
    static final String ACCOUNT_ID = "account_id";
    static final String OPERATOR_ID = "operator_id";
    static final String ENVIRONMENT = "environment";
    static final String SCOPES = "scopes";
    static final String SITE_IDS = "site_ids";
    static final String ACTOR_TYPE = "actor_type";
    static final String CREDENTIAL_ID = "credential_id";
    static final String REQUEST_ID = "request_id";
    static final String SERVICE_ISSUER = "storage-platform-service";
    static final String SERVICE = "service";
    static final String PARENT = "parent";
    /** Marks a service's token for an account outside any request (ADR 0029): no parent, no scopes. */
    static final String INTERNAL_ONLY = "internal_only";

    private CallerTokenClaims() {
    }
}
