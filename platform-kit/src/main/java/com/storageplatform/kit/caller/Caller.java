package com.storageplatform.kit.caller;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Who is calling, as the gateway vouched for it in the signed caller token. Every query filters on
 * {@link #accountId()}; never on an account taken from a path or body.
 *
 * @param accountId    the account (one operator has a live and a test account); null only for the platform admin
 * @param operatorId   the operator (tenant); null only for the platform admin
 * @param environment  test or live; null only for the platform admin
 * @param scopes       the exact scopes granted
 * @param siteIds      the sites the credential is restricted to, or null when it sees every site
 * @param actorType    api, staff, platform_admin or provider
 * @param credentialId the credential's id (for audit, never a secret)
 * @param requestId    the request id, for logs and support
 */
public record Caller(UUID accountId, UUID operatorId, Environment environment, Set<String> scopes,
        Set<UUID> siteIds, ActorType actorType, String credentialId, String requestId) {

    public Caller {
        scopes = scopes == null ? Set.of() : Set.copyOf(scopes);
        siteIds = siteIds == null ? null : Set.copyOf(siteIds);
    }

    /**
     * An account acting for itself outside any request: an event handler or a scheduled sweep publishing for it.
     * It has no scopes and no site restriction, and acts as {@link ActorType#API}.
     *
     * @param credentialId what acts (an inbox's topic, a job's name), for audit
     * @param requestId    the id its logs and events carry, or null
     */
    public static Caller actingFor(UUID accountId, UUID operatorId, Environment environment, String credentialId,
            String requestId) {
        return new Caller(accountId, operatorId, environment, Set.of(), null, ActorType.API, credentialId, requestId);
    }

    /** The same caller within one request: the gateway's cached tokens leave the request id to the header. */
    public Caller withRequestId(String id) {
        return new Caller(accountId, operatorId, environment, scopes, siteIds, actorType, credentialId, id);
    }

    public boolean isPlatformAdmin() {
        return actorType == ActorType.PLATFORM_ADMIN;
    }

    public boolean isSiteRestricted() {
        return siteIds != null;
    }

    public boolean hasScope(String scope) {
        return scopes.contains(scope);
    }

    /**
     * This caller with only {@code needed} of its scopes, for a call to a peer; empty when the caller lacks one of
     * them (a service never acts with more than its caller may).
     */
    public Optional<Caller> narrowedTo(Set<String> needed) {
        if (!scopes.containsAll(needed)) {
            return Optional.empty();
        }
        return Optional.of(new Caller(accountId, operatorId, environment, needed, siteIds, actorType,
                credentialId, requestId));
    }

    /**
     * Whether this caller is {@code wider}, or less: the same account, operator, environment, actor and
     * credential, a subset of its scopes, and no site beyond its restriction.
     */
    public boolean isWithin(Caller wider) {
        return Objects.equals(accountId, wider.accountId)
                && Objects.equals(operatorId, wider.operatorId)
                && environment == wider.environment
                && actorType == wider.actorType
                && Objects.equals(credentialId, wider.credentialId)
                && wider.scopes.containsAll(scopes)
                && (!wider.isSiteRestricted() || isSiteRestricted() && wider.siteIds.containsAll(siteIds));
    }
}
