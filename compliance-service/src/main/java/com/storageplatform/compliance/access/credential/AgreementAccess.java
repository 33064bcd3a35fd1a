package com.storageplatform.compliance.access.credential;

import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.web.ApiException;
import java.time.Instant;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * What compliance knows of one agreement's access from commerce's events (its {@code agreement_access} row), and the
 * rule it decides credentials by: a credential is issued when the agreement is signed and its access is not held, or
 * once its hold is released; never while an {@code agreement.access_held} has not been followed by
 * {@code agreement.access_released}; and none lives on a terminated agreement.
 *
 * <p>Commerce's access states only move forward (drafted, signed, access held, access released), a hold is made in
 * the signature's own transaction (so {@code agreement.activated} already carries {@code access_status:
 * access_held}), and termination is final. So each fact is kept as the earliest event time that showed it, and
 * merging is a union: any order of the same events, repeats included, ends in the same state, and a late
 * {@code agreement.activated} or {@code agreement.access_held} can never make a released agreement look held again.
 * The customer, site and unit come from the newest event read, by its time.
 *
 * @param factsTime    the time of the event the customer, site and unit were taken from; null before any
 * @param credentialId the credential the platform issued for the agreement; null until it issued one
 */
record AgreementAccess(UUID agreementId, UUID contactId, UUID siteId, UUID unitId, Instant factsTime,
        Instant signedAt, Instant heldAt, Instant releasedAt, Instant terminatedAt, UUID credentialId) {

    static final String ACTIVATED = "agreement.activated";
    static final String ACCESS_HELD = "agreement.access_held";
    static final String ACCESS_RELEASED = "agreement.access_released";
    static final String TERMINATED = "agreement.terminated";
    static final String UPDATED = "agreement.updated";
    static final Set<String> TYPES = Set.of(ACTIVATED, ACCESS_HELD, ACCESS_RELEASED, TERMINATED, UPDATED);

    enum Verdict {
        /** Not signed yet (or not known to compliance): no credential. */
        UNSIGNED,
        /** Signed, its access held until an ID check passes or staff release it: no credential. */
        HELD,
        /** Signed and not held, or released: the customer may be let in. */
        GRANTED,
        /** Terminated: it lets nobody in. */
        ENDED
    }

    /** An agreement compliance has seen nothing of. */
    static AgreementAccess none(UUID agreementId) {
        return new AgreementAccess(agreementId, null, null, null, null, null, null, null, null, null);
    }

    Verdict verdict() {
        if (terminatedAt != null) {
            return Verdict.ENDED;
        }
        if (signedAt == null) {
            return Verdict.UNSIGNED;
        }
        return heldAt != null && releasedAt == null ? Verdict.HELD : Verdict.GRANTED;
    }

    /**
     * What one of commerce's agreement events shows, from its type and the agreement it carries (as committed):
     * each access state implies the ones before it ({@code access_released} was held and signed).
     *
     * @param time the event's time
     */
    record Evidence(Instant time, UUID contactId, UUID siteId, UUID unitId, boolean signed, boolean held,
            boolean released, boolean terminated) {

        static Evidence of(String type, JsonNode agreement, Instant time) {
            String access = EventData.text(agreement, "access_status");
            boolean released = ACCESS_RELEASED.equals(type) || "access_released".equals(access);
            boolean held = released || ACCESS_HELD.equals(type) || "access_held".equals(access);
            boolean signed = held || ACTIVATED.equals(type) || "signed".equals(access)
                    || EventData.text(agreement, "signed_at") != null;
            boolean terminated = TERMINATED.equals(type) || "terminated".equals(EventData.text(agreement, "status"));
            return new Evidence(time, EventData.id(agreement, "contact_id"), EventData.id(agreement, "site_id"),
                    EventData.id(agreement, "unit_id"), signed, held, released, terminated);
        }
    }

    /** This state with what {@code e} shows added: every fact at its earliest time, the customer and site newest. */
    AgreementAccess with(Evidence e) {
        boolean newer = e.contactId() != null && e.siteId() != null
                && (factsTime == null || e.time().isAfter(factsTime));
        return new AgreementAccess(agreementId, newer ? e.contactId() : contactId, newer ? e.siteId() : siteId,
                newer ? e.unitId() : unitId, newer ? e.time() : factsTime, earliest(signedAt, e.signed(), e.time()),
                earliest(heldAt, e.held(), e.time()), earliest(releasedAt, e.released(), e.time()),
                earliest(terminatedAt, e.terminated(), e.time()), credentialId);
    }

    private static Instant earliest(Instant known, boolean shown, Instant at) {
        if (!shown) {
            return known;
        }
        return known == null || at.isBefore(known) ? at : known;
    }

    AgreementAccess issued(UUID credential) {
        return new AgreementAccess(agreementId, contactId, siteId, unitId, factsTime, signedAt, heldAt, releasedAt,
                terminatedAt, credential);
    }

    /** Whether the credential is for the agreement's customer, site and unit as they are now. */
    boolean isFor(AccessCredential credential) {
        return credential.contactId().equals(contactId) && credential.siteId().equals(siteId)
                && Objects.equals(credential.unitId(), unitId);
    }

    /** 409 {@code conflict} unless the agreement's access is granted: a credential cannot be issued now. */
    void requireGranted() {
        String why = switch (verdict()) {
            case GRANTED -> null;
            case UNSIGNED -> "has not been signed: credentials are issued once the customer signs";
            case HELD -> "has its access held until the customer's ID check passes or staff release it "
                    + "(POST /v1/agreements/{id}/release-access)";
            case ENDED -> "is terminated: it lets nobody in";
        };
        if (why != null) {
            throw ApiException.conflict("Agreement " + agreementId + " " + why + ".");
        }
    }
}
