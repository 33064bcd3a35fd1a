package com.storageplatform.billing.provider;

import java.util.UUID;

/**
 * A Bacs mandate for a contact.
 *
 * @param reference      the mandate reference the customer sees on their bank statement
 * @param idempotencyKey the base of the keys of the customer, bank account and mandate creates
 */
public record CreateMandate(UUID mandateId, UUID contactId, String reference, BankAccount account, String email,
        String idempotencyKey) {
}
