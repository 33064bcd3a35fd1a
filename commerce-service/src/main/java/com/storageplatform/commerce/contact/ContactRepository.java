package com.storageplatform.commerce.contact;

import com.storageplatform.kit.db.AccountStatement;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** Contacts of one account. {@code kyc_status} is not stored: rows read with it null, {@link Kyc} derives it. */
@Repository
class ContactRepository {

    static final String COLUMNS = """
            id, first_name, last_name, email, phone, company_name, address_line1, address_line2, address_city,
            address_postcode, address_country, marketing_status, marketing_consent_wording, status, system_role,
            archived_at, created_at, updated_at""";

    private final DatabaseClient db;

    ContactRepository(DatabaseClient db) {
        this.db = db;
    }

    Mono<Contact> find(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM contacts WHERE account_id = :account_id AND id = :id")
                .bind("id", id)
                .map(ContactRepository::contact)
                .one();
    }

    Mono<Contact> findForUpdate(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM contacts WHERE account_id = :account_id AND id = :id FOR UPDATE")
                .bind("id", id)
                .map(ContactRepository::contact)
                .one();
    }

    Mono<Void> setStatus(UUID accountId, UUID id, String status, Instant archivedAt, Instant at) {
        DatabaseClient.GenericExecuteSpec spec = AccountStatement.sql(db, accountId, """
                UPDATE contacts SET status = :status, archived_at = :archived_at, updated_at = :at
                 WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", id)
                .bind("status", status)
                .bind("at", at);
        return com.storageplatform.kit.db.Bindings.nullable(spec, "archived_at", archivedAt, Instant.class)
                .then();
    }

    static Contact contact(Readable row) {
        Contact.Address address = new Contact.Address(row.get("address_line1", String.class),
                row.get("address_line2", String.class), row.get("address_city", String.class),
                row.get("address_postcode", String.class), row.get("address_country", String.class));
        String marketing = row.get("marketing_status", String.class);
        return new Contact(row.get("id", UUID.class), Contact.OBJECT, row.get("first_name", String.class),
                row.get("last_name", String.class), row.get("email", String.class), row.get("phone", String.class),
                row.get("company_name", String.class), address.isEmpty() ? null : address, marketing,
                Contact.YES.equals(marketing), row.get("marketing_consent_wording", String.class),
                row.get("status", String.class), row.get("system_role", String.class), null,
                row.get("archived_at", Instant.class), row.get("created_at", Instant.class),
                row.get("updated_at", Instant.class));
    }
}
