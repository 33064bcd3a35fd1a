package com.storageplatform.billing.internal;

import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.projection.ContactsProjection;
import java.util.UUID;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The contacts billing knows ({@link ContactsProjection}) and the account's walk-in sales record (from auth's
 * operator events): who an invoice, payment method, mandate or payment may name.
 */
@Component
public class Customers {

    private final DatabaseClient db;
    private final AccountSettings settings;

    Customers(DatabaseClient db, AccountSettings settings) {
        this.db = db;
        this.settings = settings;
    }

    /**
     * @param walkIn true for the account's walk-in sales record (a shop sale may name it; nothing else may)
     * @param email  null when the contact has none, and for the walk-in record
     */
    public record Customer(UUID id, boolean walkIn, String email, String status) {
    }

    /** The account's contact, or the walk-in record; empty when billing knows no such contact of the account. */
    public Mono<Customer> find(UUID accountId, UUID contactId) {
        return AccountStatement.sql(db, accountId, """
                SELECT id, email, status FROM contacts WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", contactId)
                .map(row -> new Customer(row.get("id", UUID.class), false, row.get("email", String.class),
                        row.get("status", String.class)))
                .one()
                .switchIfEmpty(settings.of(accountId).flatMap(s -> contactId.equals(s.walkInContactId())
                        ? Mono.just(new Customer(contactId, true, null, "active"))
                        : Mono.empty()));
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
