package com.storageplatform.commerce.contact;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
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

    /**
     * The newest archived customer of the account with {@code email} (stored lower case), locked: the one a create
     * with that address brings back.
     */
    Mono<Contact> findArchivedByEmailForUpdate(UUID accountId, String email) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                 FROM contacts
                WHERE account_id = :account_id AND lower(email) = :email AND status = 'archived'
                  AND system_role IS NULL
                ORDER BY id DESC LIMIT 1 FOR UPDATE
                """)
                .bind("email", email)
                .map(ContactRepository::contact)
                .one();
    }

    /** The active customers of the account with {@code email} (stored lower case), oldest first. */
    Flux<UUID> activeIdsByEmail(UUID accountId, String email) {
        return AccountStatement.sql(db, accountId, """
                SELECT id FROM contacts
                 WHERE account_id = :account_id AND lower(email) = :email AND status = 'active' AND system_role IS NULL
                 ORDER BY id
                """)
                .bind("email", email)
                .map(row -> row.get("id", UUID.class))
                .all();
    }

    /** Newest first; never the walk-in record. */
    Mono<Envelopes.ListOf<Contact>> list(UUID accountId, String email, String status, PageRequest page) {
        return ListQuery.from("SELECT " + COLUMNS + " FROM contacts", accountId)
                .where("system_role IS NULL")
                .where("lower(email) = :email", "email", email)
                .where("status = :status", "status", status)
                .page(db, page, ContactRepository::contact);
    }

    Mono<Void> insert(UUID accountId, Contact contact) {
        GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                INSERT INTO contacts (account_id, id, first_name, last_name, email, phone, company_name,
                       address_line1, address_line2, address_city, address_postcode, address_country,
                       marketing_status, marketing_consent_wording, status, archived_at, created_at, updated_at)
                VALUES (:account_id, :id, :first_name, :last_name, :email, :phone, :company_name, :address_line1,
                       :address_line2, :address_city, :address_postcode, :address_country, :marketing_status,
                       :marketing_consent_wording, :status, :archived_at, :created_at, :updated_at)
                """)
                .bind("created_at", contact.createdAt());
        return bindValues(insert, contact).then();
    }

    /**
     * Inserts many new contacts in one statement (an import's batch), all created at the same instant; none is
     * the walk-in record.
     */
    Mono<Void> insertAll(UUID accountId, List<Contact> batch) {
        int n = batch.size();
        UUID[] ids = new UUID[n];
        String[][] text = new String[13][n];
        for (int i = 0; i < n; i++) {
            Contact c = batch.get(i);
            Contact.Address a = c.address() == null ? new Contact.Address(null, null, null, null, null) : c.address();
            ids[i] = c.id();
            String[] values = {c.firstName(), c.lastName(), c.email(), c.phone(), c.companyName(), a.line1(),
                    a.line2(), a.city(), a.postcode(), a.country(), c.marketingStatus(),
                    c.marketingConsentWording(), c.status()};
            for (int f = 0; f < values.length; f++) {
                text[f][i] = values[f];
            }
        }
        GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                INSERT INTO contacts (account_id, id, first_name, last_name, email, phone, company_name,
                       address_line1, address_line2, address_city, address_postcode, address_country,
                       marketing_status, marketing_consent_wording, status, created_at, updated_at)
                SELECT :account_id, r.*, :created_at, :created_at
                  FROM unnest(:ids::uuid[], :t0::text[], :t1::text[], :t2::text[], :t3::text[], :t4::text[],
                       :t5::text[], :t6::text[], :t7::text[], :t8::text[], :t9::text[], :t10::text[], :t11::text[],
                       :t12::text[]) AS r
                """)
                .bind("ids", ids)
                .bind("created_at", batch.get(0).createdAt());
        for (int f = 0; f < text.length; f++) {
            insert = insert.bind("t" + f, text[f]);
        }
        return insert.then();
    }

    /** Writes every field a client can change, the status and {@code updated_at}. */
    Mono<Void> update(UUID accountId, Contact contact) {
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, """
                UPDATE contacts SET first_name = :first_name, last_name = :last_name, email = :email,
                       phone = :phone, company_name = :company_name, address_line1 = :address_line1,
                       address_line2 = :address_line2, address_city = :address_city,
                       address_postcode = :address_postcode, address_country = :address_country,
                       marketing_status = :marketing_status, marketing_consent_wording = :marketing_consent_wording,
                       status = :status, archived_at = :archived_at, updated_at = :updated_at
                 WHERE account_id = :account_id AND id = :id AND system_role IS NULL
                """);
        return bindValues(update, contact).then();
    }

    Mono<Void> setStatus(UUID accountId, UUID id, String status, Instant archivedAt, Instant at) {
        GenericExecuteSpec spec = AccountStatement.sql(db, accountId, """
                UPDATE contacts SET status = :status, archived_at = :archived_at, updated_at = :at
                 WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", id)
                .bind("status", status)
                .bind("at", at);
        return nullable(spec, "archived_at", archivedAt, Instant.class).then();
    }

    /**
     * Creates the account's walk-in sales record under {@code id} unless it exists: true when this call wrote it.
     * The primary key and the one-walk-in-per-account index make a redelivery, a second event or a race write
     * nothing.
     */
    Mono<Boolean> insertWalkIn(UUID accountId, UUID id, Instant at) {
        return AccountStatement.sql(db, accountId, """
                INSERT INTO contacts (account_id, id, first_name, last_name, marketing_status, status, system_role,
                       created_at, updated_at)
                VALUES (:account_id, :id, 'Walk-in', 'sale', 'not_asked', 'active', 'walk_in', :at, :at)
                ON CONFLICT DO NOTHING
                """)
                .bind("id", id)
                .bind("at", at)
                .fetch().rowsUpdated()
                .map(rows -> rows > 0);
    }

    private static GenericExecuteSpec bindValues(GenericExecuteSpec spec, Contact c) {
        Contact.Address address = c.address() == null ? new Contact.Address(null, null, null, null, null)
                : c.address();
        spec = spec.bind("id", c.id())
                .bind("first_name", c.firstName())
                .bind("last_name", c.lastName())
                .bind("marketing_status", c.marketingStatus())
                .bind("status", c.status())
                .bind("updated_at", c.updatedAt());
        spec = nullable(spec, "email", c.email(), String.class);
        spec = nullable(spec, "phone", c.phone(), String.class);
        spec = nullable(spec, "company_name", c.companyName(), String.class);
        spec = nullable(spec, "address_line1", address.line1(), String.class);
        spec = nullable(spec, "address_line2", address.line2(), String.class);
        spec = nullable(spec, "address_city", address.city(), String.class);
        spec = nullable(spec, "address_postcode", address.postcode(), String.class);
        spec = nullable(spec, "address_country", address.country(), String.class);
        spec = nullable(spec, "marketing_consent_wording", c.marketingConsentWording(), String.class);
        return nullable(spec, "archived_at", c.archivedAt(), Instant.class);
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
