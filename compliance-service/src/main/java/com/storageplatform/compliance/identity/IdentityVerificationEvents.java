package com.storageplatform.compliance.identity;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.outbox.EventPublisher;
import java.time.Instant;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * {@code identity_verification.*} events on {@code compliance.events}, in the change's transaction, with the
 * verification as a read answers it (never its link). {@code verified}, {@code requires_input} and
 * {@code cancelled} are public (the feed calls the last {@code identity_verification.canceled}, the kit's
 * EventCatalogue renames it); {@code created} and {@code updated} (any other change: a document checked, the photo
 * ID accepted or confirmed while other documents wait) are internal, for commerce's {@code kyc_status}.
 * {@code link_issued} is internal too: crm turns it into the email to the customer, the one event that carries the
 * link.
 */
@Component
class IdentityVerificationEvents {

    static final String CREATED = "identity_verification.created";
    static final String VERIFIED = "identity_verification.verified";
    static final String REQUIRES_INPUT = "identity_verification.requires_input";
    static final String CANCELLED = "identity_verification.cancelled";
    static final String UPDATED = "identity_verification.updated";
    static final String LINK_ISSUED = "identity_verification.link_issued";

    private final EventPublisher events;

    IdentityVerificationEvents(EventPublisher events) {
        this.events = events;
    }

    Mono<IdentityVerification> publish(Caller caller, String type, IdentityVerification verification) {
        return events.publish(caller, type, verification.id(), verification).thenReturn(verification);
    }

    /**
     * The data of {@code identity_verification.link_issued}: the email crm writes to the customer (template
     * {@code id_check_link}).
     *
     * @param url       the customer's link: the platform's address with the secret in its {@code token} parameter,
     *                  a form crm hides from staff readers
     * @param expiresAt until when it opens the online check
     */
    record LinkIssued(UUID identityVerificationId, String object, UUID contactId, String url, Instant expiresAt) {
        static final String OBJECT = "identity_verification_link";
    }

    Mono<Void> linkIssued(Caller caller, IdentityVerification verification, String url) {
        return events.publish(caller, LINK_ISSUED, verification.id(), new LinkIssued(verification.id(),
                LinkIssued.OBJECT, verification.contactId(), url, verification.linkExpiresAt())).then();
    }
}
