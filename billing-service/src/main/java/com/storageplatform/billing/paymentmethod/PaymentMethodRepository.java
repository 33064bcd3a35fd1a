package com.storageplatform.billing.paymentmethod;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** The {@code payment_methods} table, every statement bound to an account. */
@Repository
class PaymentMethodRepository {

    private static final String COLUMNS = """
            id, contact_id, type, provider, provider_ref, card_brand, card_last4, card_exp_month, card_exp_year,
            account_holder_name, sort_code, account_number_last4, is_default, status, created_at, updated_at
            """;

    private final DatabaseClient db;

    PaymentMethodRepository(DatabaseClient db) {
        this.db = db;
    }

    /**
     * Inserts the method as the contact's default of its type when it has none, else not: the partial unique index
     * on defaults settles two first methods created at once (the second becomes an ordinary one).
     *
     * @param providerRef         the provider's reusable card or bank account
     * @param providerCustomerRef the provider's customer a bank account is kept under; null for a card
     */
    Mono<PaymentMethod> insert(UUID accountId, PaymentMethod method, String providerRef, String providerCustomerRef) {
        return insert(accountId, method, providerRef, providerCustomerRef, true)
                .flatMap(inserted -> inserted ? Mono.just(method.withDefault(true, method.updatedAt()))
                        : insert(accountId, method, providerRef, providerCustomerRef, false).thenReturn(method));
    }

    private Mono<Boolean> insert(UUID accountId, PaymentMethod m, String providerRef, String providerCustomerRef,
            boolean asDefault) {
        GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                INSERT INTO payment_methods (account_id, id, contact_id, type, provider, provider_ref,
                       provider_customer_ref, card_brand, card_last4, card_exp_month, card_exp_year,
                       account_holder_name, sort_code, account_number_last4, is_default, status, created_at,
                       updated_at)
                SELECT :account_id, :id, :contact_id, :type, :provider, :provider_ref, :provider_customer_ref,
                       :card_brand, :card_last4, :card_exp_month, :card_exp_year, :account_holder_name, :sort_code,
                       :account_number_last4, :is_default, :status, :created_at, :updated_at
                 WHERE NOT :is_default OR NOT EXISTS (
                       SELECT 1 FROM payment_methods WHERE account_id = :account_id AND contact_id = :contact_id
                          AND type = :type AND is_default)
                ON CONFLICT DO NOTHING
                """)
                .bind("id", m.id())
                .bind("contact_id", m.contactId())
                .bind("type", m.type())
                .bind("provider", m.provider())
                .bind("provider_ref", providerRef)
                .bind("is_default", asDefault)
                .bind("status", m.status())
                .bind("created_at", m.createdAt())
                .bind("updated_at", m.updatedAt());
        insert = nullable(insert, "provider_customer_ref", providerCustomerRef, String.class);
        insert = nullable(insert, "card_brand", m.card() == null ? null : m.card().brand(), String.class);
        insert = nullable(insert, "card_last4", m.card() == null ? null : m.card().last4(), String.class);
        insert = nullable(insert, "card_exp_month", m.card() == null ? null : m.card().expMonth(), Integer.class);
        insert = nullable(insert, "card_exp_year", m.card() == null ? null : m.card().expYear(), Integer.class);
        PaymentMethod.BacsDebit bank = m.bacsDebit();
        insert = nullable(insert, "account_holder_name", bank == null ? null : bank.accountHolderName(), String.class);
        insert = nullable(insert, "sort_code", bank == null ? null : bank.sortCode().replace("-", ""), String.class);
        insert = nullable(insert, "account_number_last4", bank == null ? null : bank.accountNumberLast4(),
                String.class);
        return insert.fetch().rowsUpdated().map(rows -> rows > 0);
    }

    Mono<PaymentMethod> find(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM payment_methods WHERE account_id = :account_id AND id = :id")
                .bind("id", id)
                .map(PaymentMethodRepository::toPaymentMethod)
                .one();
    }

    /**
     * Locks the contact's methods of the method's type (in id order, so two requests never lock them crosswise)
     * and answers the method: what changes a default holds them all until it commits.
     */
    Mono<PaymentMethod> lockForDefaultChange(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId, """
                SELECT 1 FROM payment_methods
                 WHERE account_id = :account_id
                   AND (contact_id, type) = (SELECT contact_id, type FROM payment_methods
                                              WHERE account_id = :account_id AND id = :id)
                 ORDER BY id FOR UPDATE
                """)
                .bind("id", id)
                .fetch().all()
                .then(find(accountId, id));
    }

    /** Makes the method its contact's only default of its type. */
    Mono<Void> makeDefault(UUID accountId, PaymentMethod method, Instant now) {
        return AccountStatement.sql(db, accountId, """
                UPDATE payment_methods SET is_default = false, updated_at = :now
                 WHERE account_id = :account_id AND contact_id = :contact_id AND type = :type AND is_default
                """)
                .bind("contact_id", method.contactId()).bind("type", method.type()).bind("now", now)
                .then()
                .then(AccountStatement.sql(db, accountId, """
                        UPDATE payment_methods SET is_default = true, updated_at = :now
                         WHERE account_id = :account_id AND id = :id
                        """).bind("id", method.id()).bind("now", now).then());
    }

    /** Detached and no longer a default. */
    Mono<Void> detach(UUID accountId, UUID id, Instant now) {
        return AccountStatement.sql(db, accountId, """
                UPDATE payment_methods SET status = 'detached', is_default = false, updated_at = :now
                 WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", id).bind("now", now)
                .then();
    }

    Mono<Envelopes.ListOf<PaymentMethod>> list(UUID accountId, UUID contactId, String type, String status,
            PageRequest page) {
        return ListQuery.from("SELECT " + COLUMNS + " FROM payment_methods", accountId)
                .where("contact_id = :contact_id", "contact_id", contactId)
                .where("type = :type", "type", type)
                .where("status = :status", "status", status)
                .page(db, page, PaymentMethodRepository::toPaymentMethod);
    }

    /** An active card of the contact: by id, or its default when {@code id} is null. */
    Mono<PaymentMethods.Card> card(UUID accountId, UUID contactId, UUID id) {
        GenericExecuteSpec select = AccountStatement.sql(db, accountId, """
                SELECT id, contact_id, provider_ref, card_brand, card_last4 FROM payment_methods
                 WHERE account_id = :account_id AND contact_id = :contact_id AND type = 'card' AND status = 'active'
                   AND (CAST(:id AS uuid) IS NULL AND is_default OR id = :id)
                """)
                .bind("contact_id", contactId);
        return nullable(select, "id", id, UUID.class)
                .map(row -> new PaymentMethods.Card(row.get("id", UUID.class), row.get("contact_id", UUID.class),
                        row.get("provider_ref", String.class), row.get("card_brand", String.class),
                        row.get("card_last4", String.class)))
                .one();
    }

    /**
     * An active bank account of the contact, its row locked: by id, or its default when {@code id} is null. Its
     * provider reference is null for one saved before the provider kept bank accounts (V42).
     */
    Mono<PaymentMethods.BankDebit> bankAccountForUpdate(UUID accountId, UUID contactId, UUID id) {
        GenericExecuteSpec select = AccountStatement.sql(db, accountId, """
                SELECT id, provider_ref FROM payment_methods
                 WHERE account_id = :account_id AND contact_id = :contact_id AND type = 'bacs_debit'
                   AND status = 'active' AND (CAST(:id AS uuid) IS NULL AND is_default OR id = :id)
                   FOR UPDATE
                """)
                .bind("contact_id", contactId);
        return nullable(select, "id", id, UUID.class)
                .map(row -> new PaymentMethods.BankDebit(row.get("id", UUID.class),
                        row.get("provider_ref", String.class)))
                .one();
    }

    private static PaymentMethod toPaymentMethod(Readable row) {
        String type = row.get("type", String.class);
        boolean card = PaymentMethod.CARD.equals(type);
        return new PaymentMethod(row.get("id", UUID.class), PaymentMethod.OBJECT, row.get("contact_id", UUID.class),
                type,
                card ? new PaymentMethod.Card(row.get("card_brand", String.class), row.get("card_last4", String.class),
                        row.get("card_exp_month", Integer.class), row.get("card_exp_year", Integer.class)) : null,
                card ? null : new PaymentMethod.BacsDebit(row.get("account_holder_name", String.class),
                        PaymentMethodRules.printedSortCode(row.get("sort_code", String.class)),
                        row.get("account_number_last4", String.class)),
                row.get("provider", String.class), Boolean.TRUE.equals(row.get("is_default", Boolean.class)),
                row.get("status", String.class), row.get("created_at", Instant.class),
                row.get("updated_at", Instant.class));
    }
}
