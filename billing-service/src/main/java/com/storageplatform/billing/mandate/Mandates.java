package com.storageplatform.billing.mandate;

import com.storageplatform.kit.db.AccountStatement;
import java.time.LocalDate;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** What other features may know of the account's Bacs mandates: the one public class of this feature. */
@Component
public class Mandates {

    private final DatabaseClient db;

    Mandates(DatabaseClient db) {
        this.db = db;
    }

    /**
     * An active mandate, to collect on.
     *
     * @param provider               "gocardless"
     * @param nextPossibleChargeDate the first day the provider said it can be charged, or null
     */
    public record ActiveMandate(UUID id, UUID contactId, String provider, String providerMandateRef,
            LocalDate nextPossibleChargeDate) {
    }

    /**
     * The contact's mandate by id (or the contact's active one when {@code mandateId} is null) if it is active;
     * empty otherwise.
     */
    public Mono<ActiveMandate> active(UUID accountId, UUID contactId, UUID mandateId) {
        var select = AccountStatement.sql(db, accountId, """
                SELECT id, contact_id, provider, provider_mandate_ref, next_possible_charge_date FROM mandates
                 WHERE account_id = :account_id AND contact_id = :contact_id AND status = 'active'
                """ + (mandateId == null ? "" : " AND id = :id") + " ORDER BY id DESC LIMIT 1")
                .bind("contact_id", contactId);
        if (mandateId != null) {
            select = select.bind("id", mandateId);
        }
        return select.map(row -> new ActiveMandate(row.get("id", UUID.class), row.get("contact_id", UUID.class),
                        row.get("provider", String.class), row.get("provider_mandate_ref", String.class),
                        row.get("next_possible_charge_date", LocalDate.class)))
                .one();
    }

    /** The status of any mandate of the account by id, whatever it is (for messages: "mandate is cancelled"). */
    public Mono<String> statusOf(UUID accountId, UUID mandateId) {
        return AccountStatement.sql(db, accountId, "SELECT status FROM mandates WHERE account_id = :account_id AND id = :id")
                .bind("id", mandateId)
                .map(row -> row.get("status", String.class))
                .one();
    }
}
