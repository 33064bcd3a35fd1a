package com.storageplatform.commerce.contact;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * How reservations, orders and agreements name their customer: the one public class of the contact feature. A
 * customer must be a contact of the caller's account (422 {@code not_found} on the field otherwise) and never the
 * walk-in sales record (422 {@code not_allowed}); an archived customer who returns by enquiring or booking is
 * unarchived, with {@code contact.unarchived}.
 */
@Component
public class Customers {

    private final ContactRepository contacts;
    private final ContactEvents events;
    private final Kyc kyc;
    private final Clock clock;

    Customers(ContactRepository contacts, ContactEvents events, Kyc kyc, Clock clock) {
        this.contacts = contacts;
        this.events = events;
        this.kyc = kyc;
        this.clock = clock;
    }

    /**
     * The contact {@code contactId} as the customer of a new reservation, order or agreement, unarchived if it
     * was archived. {@code field} names it in a 422.
     */
    public Mono<Contact> require(Caller caller, UUID contactId, String field) {
        return find(caller, contactId, field).flatMap(contact -> contact.isArchived()
                ? unarchive(caller, contact) : Mono.just(contact));
    }

    /**
     * The contact as a customer without changing it (a read, or a check before anything is written), its row
     * locked. Its {@code kyc_status} is not worked out: no booking reads it, and every booking calls this.
     */
    public Mono<Contact> find(Caller caller, UUID contactId, String field) {
        return contacts.findForUpdate(caller.accountId(), contactId)
                .switchIfEmpty(Mono.error(() -> ApiException.invalid(field, FieldIssue.NOT_FOUND)))
                .flatMap(contact -> contact.isWalkIn() ? Mono.error(walkInRefused(field)) : Mono.just(contact));
    }

    /** An archived customer comes back: active again, {@code contact.unarchived} (the contact as a read shows it). */
    Mono<Contact> unarchive(Caller caller, Contact contact) {
        Instant now = clock.instant();
        return contacts.setStatus(caller.accountId(), contact.id(), Contact.ACTIVE, null, now)
                .then(kyc.derive(caller.accountId(), contact.withStatus(Contact.ACTIVE, null, now)))
                .flatMap(active -> events.unarchived(caller, active).thenReturn(active));
    }

    static ApiException walkInRefused(String field) {
        return ApiException.invalid(field, FieldIssue.NOT_ALLOWED, "The walk-in sales record cannot be the customer "
                + "of a reservation, order or agreement: name the customer's own contact in " + field + ".");
    }
}
