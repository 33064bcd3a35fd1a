package com.storageplatform.compliance.internal;

import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.projection.ContactsProjection;
import java.util.UUID;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The contacts compliance knows (the kit's {@link ContactsProjection} into {@code contacts}) and the account's walk-in
 * sales record (from auth's operator events), which is never checked, contracted or given access.
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
     * A contact as commerce last published it; {@code walkIn} for the account's walk-in record. Null fields are ones
     * the contact has none of.
     */
    public record Customer(UUID id, boolean walkIn, String status, String firstName, String lastName, String email) {
    }

    /** The account's contact, or the walk-in record; empty when compliance knows no such contact of the account. */
    public Mono<Customer> find(UUID accountId, UUID contactId) {
        return AccountStatement.sql(db, accountId, """
                SELECT id, status, email, data ->> 'first_name' AS first_name, data ->> 'last_name' AS last_name
                  FROM contacts WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", contactId)
                .map(row -> new Customer(row.get("id", UUID.class), false, row.get("status", String.class),
                        row.get("first_name", String.class), row.get("last_name", String.class),
                        blankIsNull(row.get("email", String.class))))
                .one()
                .switchIfEmpty(settings.of(accountId).flatMap(s -> contactId.equals(s.walkInContactId())
                        ? Mono.just(new Customer(contactId, true, "active", null, null, null))
                        : Mono.empty()));
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
