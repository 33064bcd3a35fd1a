package com.storageplatform.billing.mandate;

import java.time.LocalDate;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** What other features may know of the account's Bacs mandates: the one public class of this feature. */
@Component
public class Mandates {

    private final MandateRepository mandates;

    Mandates(MandateRepository mandates) {
        this.mandates = mandates;
    }

    /**
     * An active mandate, to collect on.
     *
     * @param provider               "gocardless"
     * @param nextPossibleChargeDate the first day the provider said it could collect, or null
     */
    public record ActiveMandate(UUID id, UUID contactId, String provider, String providerMandateRef,
            LocalDate nextPossibleChargeDate) {
    }

    /**
     * The contact's mandate by id (or the contact's newest active one when {@code mandateId} is null) if it is
     * active; empty otherwise.
     */
    public Mono<ActiveMandate> active(UUID accountId, UUID contactId, UUID mandateId) {
        return mandates.active(accountId, contactId, mandateId)
                .map(m -> new ActiveMandate(m.id(), m.contactId(), m.provider(), m.providerMandateRef(),
                        m.nextPossibleChargeDate()));
    }

    /** The status of any mandate of the account by id, whatever it is (for messages: "mandate is cancelled"). */
    public Mono<String> statusOf(UUID accountId, UUID mandateId) {
        return mandates.find(accountId, mandateId).map(Mandate::status);
    }

    /** Whether the contact's mandate by id is awaiting authorisation or active: one a plan may collect on. */
    public Mono<Boolean> usable(UUID accountId, UUID contactId, UUID mandateId) {
        return mandates.find(accountId, mandateId)
                .map(m -> m.contactId().equals(contactId) && (Mandate.ACTIVE.equals(m.status())
                        || Mandate.AWAITING_AUTHORISATION.equals(m.status())))
                .defaultIfEmpty(false);
    }

    /** The mandate awaiting authorisation or active that collects from the payment method, if any. */
    public Mono<UUID> liveOn(UUID accountId, UUID paymentMethodId) {
        return mandates.liveOn(accountId, paymentMethodId);
    }
}
