package com.storageplatform.commerce.contact;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.Patch;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Contacts of the caller's account. Every answer carries the derived {@code kyc_status} ({@link Kyc}); every
 * change publishes the contact as a read answers it. The walk-in sales record is read like any contact but never
 * listed, changed, archived or unarchived (409). Contacts belong to the account, not to a site.
 */
@Service
class ContactService {

    private final ContactRepository contacts;
    private final ContactEvents events;
    private final Customers customers;
    private final Kyc kyc;
    private final Clock clock;

    ContactService(ContactRepository contacts, ContactEvents events, Customers customers, Kyc kyc, Clock clock) {
        this.contacts = contacts;
        this.events = events;
        this.customers = customers;
        this.kyc = kyc;
        this.clock = clock;
    }

    /**
     * @param created false when an archived contact with the email sent was brought back instead (nothing was
     *                created)
     */
    record Outcome(Contact contact, boolean created) {
    }

    /**
     * A new contact, or, when the account has an archived contact with the email sent, that contact unarchived with
     * the sent fields applied as an update would apply them, except marketing, which follows the create rules
     * ({@code contact.unarchived}, and {@code contact.updated} when its details changed). An active contact with
     * the same email does not stop a new one.
     */
    Mono<Outcome> create(Caller caller, CreateContact body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            Instant now = clock.instant();
            String first = ContactRules.name(v, "first_name", body.firstName());
            String last = ContactRules.name(v, "last_name", body.lastName());
            String email = ContactRules.email(v, body.email());
            String phone = ContactRules.phone(v, body.phone());
            String company = ContactRules.companyName(v, body.companyName());
            Contact.Address address = ContactRules.address(v, body.address());
            String wording = ContactRules.wording(v, body.marketingConsentWording());
            String marketing = Marketing.onCreate(v, body.marketingStatus(), body.marketingConsent());
            v.orThrow();
            Contact contact = new Contact(Ids.newId(), Contact.OBJECT, first, last, email, phone, company, address,
                    marketing, Contact.YES.equals(marketing), wording, Contact.ACTIVE, null, null, null, now, now);
            Mono<Contact> archived = email == null ? Mono.empty()
                    : contacts.findArchivedByEmailForUpdate(caller.accountId(), email);
            return archived
                    .flatMap(returning -> bringBack(caller, returning, body).map(c -> new Outcome(c, false)))
                    .switchIfEmpty(Mono.defer(() -> contacts.insert(caller.accountId(), contact)
                            .then(kyc.derive(caller.accountId(), contact))
                            .flatMap(derived -> events.created(caller, derived).thenReturn(new Outcome(derived,
                                    true)))));
        });
    }

    /**
     * An archived contact added again: the sent fields applied, then active. Its marketing follows the create
     * rules ({@code marketing_consent: false} records nothing), from the stored status.
     */
    private Mono<Contact> bringBack(Caller caller, Contact archived, CreateContact body) {
        Validation v = Validation.start();
        String marketing = Marketing.onReturn(v, archived.marketingStatus(), body.marketingStatus(),
                body.marketingConsent());
        Contact changed = apply(v, archived, ContactChanges.of(body), marketing);
        v.orThrow();
        Instant now = clock.instant();
        Contact saved = changed.withStatus(Contact.ACTIVE, null, now);
        boolean detailsChanged = !changed.equals(archived);
        return contacts.update(caller.accountId(), saved)
                .then(kyc.derive(caller.accountId(), saved))
                .flatMap(derived -> events.unarchived(caller, derived)
                        .then(detailsChanged ? events.updated(caller, derived) : Mono.empty())
                        .thenReturn(derived));
    }

    /** 404 when the account has no such contact (the walk-in record is read like any other). */
    Mono<Contact> read(Caller caller, UUID id) {
        return contacts.find(caller.accountId(), id).switchIfEmpty(notFound())
                .flatMap(contact -> kyc.derive(caller.accountId(), contact));
    }

    Mono<Envelopes.ListOf<Contact>> list(Caller caller, String email, String status, PageRequest page) {
        return contacts.list(caller.accountId(), email, status, page)
                .flatMap(list -> kyc.deriveAll(caller.accountId(), list.data())
                        .map(derived -> new Envelopes.ListOf<>(derived, list.meta())));
    }

    /**
     * Applies the fields sent, judged whole (422). A request that changes nothing answers the contact as it was and
     * publishes nothing; otherwise {@code contact.updated}. An archived contact can be corrected and stays archived.
     */
    Mono<Contact> update(Caller caller, UUID id, ContactChanges changes) {
        return changeable(caller, id).flatMap(current -> {
            Validation v = Validation.start();
            String marketing = Marketing.onUpdate(v, current.marketingStatus(), changes.marketingStatus(),
                    changes.marketingConsent());
            Contact changed = apply(v, current, changes, marketing);
            v.orThrow();
            if (changed.equals(current)) {
                return kyc.derive(caller.accountId(), current);
            }
            Contact saved = changed.updatedAt(clock.instant());
            return contacts.update(caller.accountId(), saved)
                    .then(kyc.derive(caller.accountId(), saved))
                    .flatMap(derived -> events.updated(caller, derived).thenReturn(derived));
        });
    }

    /** {@code status: archived} and {@code archived_at}, {@code contact.updated}; an archived one is answered as is. */
    Mono<Contact> archive(Caller caller, UUID id) {
        return changeable(caller, id).flatMap(current -> {
            if (current.isArchived()) {
                return kyc.derive(caller.accountId(), current);
            }
            Instant now = clock.instant();
            Contact archived = current.withStatus(Contact.ARCHIVED, now, now);
            return contacts.setStatus(caller.accountId(), id, Contact.ARCHIVED, now, now)
                    .then(kyc.derive(caller.accountId(), archived))
                    .flatMap(derived -> events.updated(caller, derived).thenReturn(derived));
        });
    }

    /**
     * Active again, {@code contact.unarchived}, as a returning customer comes back ({@link Customers#unarchive}
     * works out its {@code kyc_status} for the event and the answer); an active one is answered as is.
     */
    Mono<Contact> unarchive(Caller caller, UUID id) {
        return changeable(caller, id).flatMap(current -> current.isArchived()
                ? customers.unarchive(caller, current)
                : kyc.derive(caller.accountId(), current));
    }

    /** The contact, locked for a change: 404 when not the account's, 409 for the walk-in sales record. */
    private Mono<Contact> changeable(Caller caller, UUID id) {
        return contacts.findForUpdate(caller.accountId(), id)
                .switchIfEmpty(notFound())
                .flatMap(contact -> contact.isWalkIn() ? Mono.error(walkInUnchangeable()) : Mono.just(contact));
    }

    /**
     * {@code current} with the sent fields applied and the {@code marketing} status decided by {@link Marketing};
     * what is wrong is recorded on {@code v}.
     */
    private static Contact apply(Validation v, Contact current, ContactChanges c, String marketing) {
        String first = Patch.pick(c.firstName(), current.firstName(), value -> ContactRules.name(v, "first_name",
                value));
        String last = Patch.pick(c.lastName(), current.lastName(), value -> ContactRules.name(v, "last_name",
                value));
        String email = Patch.pick(c.email(), current.email(), value -> ContactRules.email(v, value));
        String phone = Patch.pick(c.phone(), current.phone(), value -> ContactRules.phone(v, value));
        String company = Patch.pick(c.companyName(), current.companyName(),
                value -> ContactRules.companyName(v, value));
        Contact.Address address = Patch.pick(c.address(), current.address(),
                value -> value == null ? null : ContactRules.address(v, value.applyTo(current.address())));
        String wording = Patch.pick(c.marketingConsentWording(), current.marketingConsentWording(),
                value -> ContactRules.wording(v, value));
        return new Contact(current.id(), current.object(), first, last, email, phone, company, address, marketing,
                Contact.YES.equals(marketing), wording, current.status(), current.systemRole(),
                current.kycStatus(), current.archivedAt(), current.createdAt(), current.updatedAt());
    }

    static ApiException walkInUnchangeable() {
        return ApiException.conflict("This is the walk-in sales record, which sales to someone with no customer "
                + "record are made to: it cannot be changed, archived or unarchived.");
    }

    private static <T> Mono<T> notFound() {
        return Mono.error(() -> ApiException.notFound("contact"));
    }
}
