package com.storageplatform.billing.provider;

/**
 * A bank account as the provider keeps it.
 *
 * @param providerCustomerRef    the provider's customer the bank account belongs to (GoCardless's {@code CU...})
 * @param providerBankAccountRef the provider's bank account, which a mandate is made on (GoCardless's {@code BA...})
 * @param accountNumberEnding    what the provider shows of the number: its last two digits
 */
public record StoredBankAccount(String providerCustomerRef, String providerBankAccountRef,
        String accountNumberEnding) {
}
