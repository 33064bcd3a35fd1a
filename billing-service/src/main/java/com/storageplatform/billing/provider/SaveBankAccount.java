package com.storageplatform.billing.provider;

import java.util.UUID;

/**
 * A UK bank account the client sent, to be kept at the provider for {@code paymentMethodId}: the platform keeps the
 * provider's references to it, never its number.
 *
 * @param email          the contact's, for the provider's customer; null when the contact has none
 * @param idempotencyKey the base of the keys of the customer and bank account creates
 */
public record SaveBankAccount(UUID paymentMethodId, UUID contactId, BankAccount account, String email,
        String idempotencyKey) {
}
