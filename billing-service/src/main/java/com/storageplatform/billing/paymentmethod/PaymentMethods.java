package com.storageplatform.billing.paymentmethod;

import com.storageplatform.kit.db.AccountStatement;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** What other features may know of the account's payment methods: the one public class of this feature. */
@Component
public class PaymentMethods {

    private final DatabaseClient db;

    PaymentMethods(DatabaseClient db) {
        this.db = db;
    }

    /**
     * An active card of a contact, to charge.
     *
     * @param providerRef the provider's reusable card (Stripe's payment method id)
     */
    public record Card(UUID id, UUID contactId, String providerRef, String brand, String last4) {
    }

    /**
     * The contact's active card payment method by id (or its default card when {@code paymentMethodId} is null);
     * empty if there is none, it is not the account's or the contact's, or it is not a card.
     */
    public Mono<Card> card(UUID accountId, UUID contactId, UUID paymentMethodId) {
        String which = paymentMethodId == null ? "is_default" : "id = :id";
        var select = AccountStatement.sql(db, accountId, """
                SELECT id, contact_id, provider_ref, card_brand, card_last4 FROM payment_methods
                 WHERE account_id = :account_id AND contact_id = :contact_id AND type = 'card'
                   AND status = 'active' AND\s""" + which)
                .bind("contact_id", contactId);
        if (paymentMethodId != null) {
            select = select.bind("id", paymentMethodId);
        }
        return select.map(row -> new Card(row.get("id", UUID.class), row.get("contact_id", UUID.class),
                        row.get("provider_ref", String.class), row.get("card_brand", String.class),
                        row.get("card_last4", String.class)))
                .one();
    }
}
