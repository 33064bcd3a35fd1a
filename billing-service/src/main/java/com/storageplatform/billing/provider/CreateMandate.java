package com.storageplatform.billing.provider;

import java.util.UUID;

/**
 * A Bacs mandate on a bank account the provider keeps ({@link DirectDebitProvider#saveBankAccount}).
 *
 * @param reference                      the mandate reference the customer sees on their bank statement
 * @param providerCustomerBankAccountRef {@link StoredBankAccount#providerBankAccountRef()}
 */
public record CreateMandate(UUID mandateId, String reference, String providerCustomerBankAccountRef,
        String idempotencyKey) {
}
