package com.storageplatform.crm.internal;

import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.projection.ContactsProjection;
import java.util.UUID;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The contacts crm knows ({@link ContactsProjection}) and the account's walk-in sales record (from auth's operator
 * events): who a deal may name as its customer. Contacts belong to the operator, not to a site (as in commerce), so
 * a customer is never outside a site-restricted credential's sites.
 */
@Component
public class Customers {

    private final DatabaseClient db;
    private final AccountSettings settings;

    Customers(DatabaseClient db, AccountSettings settings) {
        this.db = db;
        this.settings = settings;
    }

    /** @param walkIn true for the account's walk-in sales record, which is never a deal's customer */
    public record Customer(UUID id, boolean walkIn, String status) {
    }

    /** The account's contact, or the walk-in record; empty when crm knows no such contact of the account. */
    public Mono<Customer> find(UUID accountId, UUID contactId) {
        return AccountStatement.sql(db, accountId, """
                SELECT id, status FROM contacts WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", contactId)
                .map(row -> new Customer(row.get("id", UUID.class), false, row.get("status", String.class)))
                .one()
                .switchIfEmpty(settings.of(accountId).flatMap(s -> contactId.equals(s.walkInContactId())
                        ? Mono.just(new Customer(contactId, true, "active"))
                        : Mono.empty()));
    }

    /**
     * How crm can reach a contact, as commerce last published it: its names, email, phone and marketing answer
     * ({@code yes}, {@code no} or {@code not_asked}). Null fields are ones the contact has none of.
     */
    public record Contact(UUID id, String firstName, String lastName, String email, String phone,
            String marketingStatus) {
    }

    /** The account's contact; empty for one crm does not know, and for the walk-in record, which has no address. */
    public Mono<Contact> contact(UUID accountId, UUID contactId) {
        return AccountStatement.sql(db, accountId, """
                SELECT id, email, data ->> 'phone' AS phone, data ->> 'first_name' AS first_name,
                       data ->> 'last_name' AS last_name, data ->> 'marketing_status' AS marketing_status
                  FROM contacts WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", contactId)
                .map(row -> new Contact(row.get("id", UUID.class), row.get("first_name", String.class),
                        row.get("last_name", String.class), blankIsNull(row.get("email", String.class)),
                        blankIsNull(row.get("phone", String.class)), row.get("marketing_status", String.class)))
                .one();
    }

    private static String blankIsNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }

    /** The kit's projection that keeps {@code contacts} (V2) from commerce's contact events. */
    @Configuration(proxyBeanMethods = false)
    static class Projection {

        @Bean
        ContactsProjection contactsProjection(DatabaseClient db) {
            return new ContactsProjection(db);
        }
    }
}
