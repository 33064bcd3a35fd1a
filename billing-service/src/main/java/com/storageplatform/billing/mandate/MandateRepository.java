package com.storageplatform.billing.mandate;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** The {@code mandates} table, every statement bound to an account but the provider's lookup by its reference. */
@Repository
class MandateRepository {

    private static final String COLUMNS = """
            id, contact_id, payment_method_id, provider, reference, status, scheme, provider_mandate_ref,
            next_possible_charge_date, cancelled_at, failed_reason, created_at, updated_at
            """;

    private final DatabaseClient db;

    MandateRepository(DatabaseClient db) {
        this.db = db;
    }

    /**
     * A mandate of its account, and the account it belongs to, as a provider's report finds it: the account it
     * acts as.
     */
    record Owned(UUID accountId, UUID operatorId, Environment environment, Mandate mandate) {
    }

    /** With the caller's operator and environment, which a provider's report later acts as. */
    Mono<Void> insert(Caller caller, Mandate m) {
        GenericExecuteSpec insert = AccountStatement.sql(db, caller.accountId(), """
                INSERT INTO mandates (account_id, id, operator_id, environment, contact_id, payment_method_id,
                       provider, reference, status, scheme, provider_mandate_ref, next_possible_charge_date,
                       created_at, updated_at)
                VALUES (:account_id, :id, :operator_id, :environment, :contact_id, :payment_method_id, :provider,
                       :reference, :status, :scheme, :provider_mandate_ref, :next_possible_charge_date, :created_at,
                       :updated_at)
                """)
                .bind("id", m.id())
                .bind("operator_id", caller.operatorId())
                .bind("environment", caller.environment().value())
                .bind("contact_id", m.contactId())
                .bind("payment_method_id", m.paymentMethodId())
                .bind("provider", m.provider())
                .bind("reference", m.reference())
                .bind("status", m.status())
                .bind("scheme", m.scheme())
                .bind("provider_mandate_ref", m.providerMandateRef())
                .bind("created_at", m.createdAt())
                .bind("updated_at", m.updatedAt());
        return nullable(insert, "next_possible_charge_date", m.nextPossibleChargeDate(), LocalDate.class).then();
    }

    Mono<Mandate> find(UUID accountId, UUID id) {
        return findBy(accountId, id, "");
    }

    /** The mandate, its row locked for the rest of the transaction. */
    Mono<Mandate> findForUpdate(UUID accountId, UUID id) {
        return findBy(accountId, id, " FOR UPDATE");
    }

    private Mono<Mandate> findBy(UUID accountId, UUID id, String lock) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM mandates WHERE account_id = :account_id AND id = :id" + lock)
                .bind("id", id)
                .map(MandateRepository::toMandate)
                .one();
    }

    /**
     * The mandate a provider's report names, with its account, locked. Not one account's statement: a report names
     * the provider's reference only, and (provider, provider_mandate_ref) is unique across accounts.
     */
    Mono<Owned> findByProviderRefForUpdate(String provider, String providerMandateRef) {
        return db.sql("SELECT account_id, operator_id, environment, " + COLUMNS + """
                 FROM mandates WHERE provider = :provider AND provider_mandate_ref = :ref FOR UPDATE
                """)
                .bind("provider", provider)
                .bind("ref", providerMandateRef)
                .map(row -> new Owned(row.get("account_id", UUID.class), row.get("operator_id", UUID.class),
                        Environment.of(row.get("environment", String.class)), toMandate(row)))
                .one();
    }

    /** Writes a mandate's status and what comes with it. */
    Mono<Void> saveStatus(UUID accountId, Mandate m) {
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, """
                UPDATE mandates SET status = :status, cancelled_at = :cancelled_at, failed_reason = :failed_reason,
                       updated_at = :updated_at
                 WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", m.id())
                .bind("status", m.status())
                .bind("updated_at", m.updatedAt());
        update = nullable(update, "cancelled_at", m.cancelledAt(), Instant.class);
        return nullable(update, "failed_reason", m.failedReason(), String.class).then();
    }

    Mono<Boolean> referenceTaken(UUID accountId, String reference) {
        return AccountStatement.sql(db, accountId,
                        "SELECT 1 FROM mandates WHERE account_id = :account_id AND reference = :reference")
                .bind("reference", reference)
                .map(row -> true)
                .one()
                .defaultIfEmpty(false);
    }

    /** A mandate awaiting authorisation or active on the payment method, if any. */
    Mono<UUID> liveOn(UUID accountId, UUID paymentMethodId) {
        return AccountStatement.sql(db, accountId, """
                SELECT id FROM mandates
                 WHERE account_id = :account_id AND payment_method_id = :payment_method_id
                   AND status IN ('awaiting_authorisation', 'active')
                 ORDER BY id DESC LIMIT 1
                """)
                .bind("payment_method_id", paymentMethodId)
                .map(row -> row.get("id", UUID.class))
                .one();
    }

    /** The contact's active mandate by id, or its newest active one when {@code id} is null. */
    Mono<Mandate> active(UUID accountId, UUID contactId, UUID id) {
        GenericExecuteSpec select = AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                 FROM mandates
                 WHERE account_id = :account_id AND contact_id = :contact_id AND status = 'active'
                   AND (CAST(:id AS uuid) IS NULL OR id = :id)
                 ORDER BY id DESC LIMIT 1
                """)
                .bind("contact_id", contactId);
        return nullable(select, "id", id, UUID.class).map(MandateRepository::toMandate).one();
    }

    Mono<Envelopes.ListOf<Mandate>> list(UUID accountId, UUID contactId, String status, PageRequest page) {
        return ListQuery.from("SELECT " + COLUMNS + " FROM mandates", accountId)
                .where("contact_id = :contact_id", "contact_id", contactId)
                .where("status = :status", "status", status)
                .page(db, page, MandateRepository::toMandate);
    }

    private static Mandate toMandate(Readable row) {
        return new Mandate(row.get("id", UUID.class), Mandate.OBJECT, row.get("contact_id", UUID.class),
                row.get("payment_method_id", UUID.class), row.get("provider", String.class),
                row.get("reference", String.class), row.get("status", String.class), row.get("scheme", String.class),
                row.get("provider_mandate_ref", String.class), row.get("next_possible_charge_date", LocalDate.class),
                row.get("cancelled_at", Instant.class), row.get("failed_reason", String.class),
                row.get("created_at", Instant.class), row.get("updated_at", Instant.class));
    }
}
