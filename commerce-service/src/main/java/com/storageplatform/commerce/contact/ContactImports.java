package com.storageplatform.commerce.contact;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Contacts brought in from a file (the imports feature): each row judged by exactly the rules of
 * {@code POST /v1/contacts} ({@link ContactRules}, {@link Marketing}), and many written at once, each with its
 * {@code contact.created}. An imported row always makes a new contact: unlike the API's create, an archived contact
 * with the same email is not brought back.
 */
@Component
public class ContactImports {

    /** A row's values as a create body would carry them; null is not sent. */
    public record Row(String firstName, String lastName, String email, String phone, String companyName,
            String addressLine1, String addressLine2, String addressCity, String addressPostcode,
            String addressCountry, String marketingStatus, Boolean marketingConsent,
            String marketingConsentWording) {
    }

    /**
     * The row judged: the contact to write, or what is wrong with it, each issue naming the create body's field
     * ({@code first_name}, {@code address.line1}, {@code marketing_status}, ...).
     */
    public record Checked(Contact contact, List<FieldIssue> issues) {
    }

    private final ContactRepository contacts;
    private final ContactEvents events;
    private final Kyc kyc;

    ContactImports(ContactRepository contacts, ContactEvents events, Kyc kyc) {
        this.contacts = contacts;
        this.events = events;
        this.kyc = kyc;
    }

    /** The account's active customers with {@code email} (any case): the contact a row names by its address. */
    public Flux<UUID> activeByEmail(UUID accountId, String email) {
        return contacts.activeIdsByEmail(accountId, email.toLowerCase(java.util.Locale.ROOT));
    }

    /** The create's rules, pure: the contact that {@code row} makes at {@code now}, or its issues. */
    public static Checked check(Row row, Instant now) {
        Validation v = Validation.start();
        String first = ContactRules.name(v, "first_name", row.firstName());
        String last = ContactRules.name(v, "last_name", row.lastName());
        String email = ContactRules.email(v, row.email());
        String phone = ContactRules.phone(v, row.phone());
        String company = ContactRules.companyName(v, row.companyName());
        Contact.Address address = ContactRules.address(v, new Contact.Address(row.addressLine1(), row.addressLine2(),
                row.addressCity(), row.addressPostcode(), row.addressCountry()));
        String wording = ContactRules.wording(v, row.marketingConsentWording());
        String marketing = Marketing.onCreate(v, row.marketingStatus(), row.marketingConsent());
        if (!v.isValid()) {
            return new Checked(null, v.issues());
        }
        return new Checked(new Contact(Ids.newId(), Contact.OBJECT, first, last, email, phone, company, address,
                marketing, Contact.YES.equals(marketing), wording, Contact.ACTIVE, null, null, null, now, now),
                List.of());
    }

    /**
     * Writes {@code batch} (contacts {@link #check} made) in the caller's transaction, in one statement, and
     * publishes each one's {@code contact.created} as a read answers it.
     */
    public Mono<Void> createAll(Caller caller, List<Contact> batch) {
        if (batch.isEmpty()) {
            return Mono.empty();
        }
        UUID account = caller.accountId();
        return contacts.insertAll(account, batch)
                .then(kyc.deriveAll(account, batch))
                .flatMapMany(Flux::fromIterable)
                .concatMap(contact -> events.created(caller, contact))
                .then();
    }
}
