package com.storageplatform.billing.paymentmethod;

import com.storageplatform.kit.openapi.OneOf;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The {@code payment_method} resource: a contact's saved card or UK bank account. Nothing in it can be used to pay:
 * a card is the provider's reusable reference, and a bank account's number is never answered whole.
 *
 * @param type      {@code card} or {@code bacs_debit}
 * @param card      the card as may be shown; null unless {@code type} is {@code card}
 * @param bacsDebit the bank account as may be shown; null unless {@code type} is {@code bacs_debit}
 * @param provider  {@code stripe} for a card, {@code gocardless} for a bank account
 * @param isDefault whether it is the contact's default of its type, which a payment or mandate naming none uses
 * @param status    {@code active}, or {@code detached} once removed from the contact (kept for the payments and
 *                  mandates that name it)
 */
public record PaymentMethod(UUID id, String object, UUID contactId, @OneOf("TYPES") String type, @Nullable Card card,
        @Nullable BacsDebit bacsDebit, String provider, boolean isDefault, @OneOf("STATUSES") String status,
        Instant createdAt, Instant updatedAt) {

    public static final String OBJECT = "payment_method";
    public static final String CARD = "card";
    public static final String BACS_DEBIT = "bacs_debit";
    public static final List<String> TYPES = List.of(CARD, BACS_DEBIT);
    public static final String ACTIVE = "active";
    public static final String DETACHED = "detached";
    public static final List<String> STATUSES = List.of(ACTIVE, DETACHED);

    /**
     * What may be shown of a card.
     *
     * @param brand    the card network as the provider names it: {@code visa}, {@code mastercard}, ...
     * @param last4    the last four digits of the card number
     * @param expMonth 1 to 12
     */
    @Schema(name = "PaymentMethodCard")
    public record Card(String brand, String last4, int expMonth, int expYear) {
    }

    /**
     * What may be shown of a UK bank account.
     *
     * @param sortCode           the branch's sort code as banks print it: {@code 20-00-00}
     * @param accountNumberLast4 the last four digits of the account number; only the provider keeps the whole number
     */
    @Schema(name = "PaymentMethodBacsDebit")
    public record BacsDebit(String accountHolderName, String sortCode, String accountNumberLast4) {
    }

    PaymentMethod withDefault(boolean value, Instant now) {
        return new PaymentMethod(id, object, contactId, type, card, bacsDebit, provider, value, status, createdAt,
                now);
    }

    PaymentMethod detached(Instant now) {
        return new PaymentMethod(id, object, contactId, type, card, bacsDebit, provider, false, DETACHED, createdAt,
                now);
    }
}
