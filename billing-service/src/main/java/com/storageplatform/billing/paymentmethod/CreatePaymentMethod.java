package com.storageplatform.billing.paymentmethod;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of {@code POST /v1/payment-methods}.
 *
 * @param type        {@code card} or {@code bacs_debit}
 * @param cardToken   for {@code card} (required): the token the client collected from the card provider; on a test
 *                    account {@code test_card_visa}, {@code test_card_declined} or {@code test_card_requires_action}
 *                    (each is saved; a decline or a step-up happens when the card is charged)
 * @param bankAccount for {@code bacs_debit} (required): the UK bank account to collect from, saved at the Direct
 *                    Debit provider, which checks its details at once
 */
@Schema(requiredProperties = {"contact_id", "type"})
public record CreatePaymentMethod(String contactId, String type, String cardToken, BankAccountInput bankAccount) {

    /**
     * A UK bank account as sent.
     *
     * @param accountHolderName as the bank knows it, at most 18 characters (what Bacs carries)
     * @param sortCode          six digits; dashes and spaces between them are allowed ({@code 20-00-00})
     * @param accountNumber     eight digits; handed to the provider when the method is saved and never kept (only
     *                          its last four digits are)
     */
    @Schema(name = "BankAccountInput", requiredProperties = {"account_holder_name", "sort_code", "account_number"})
    public record BankAccountInput(String accountHolderName, String sortCode, String accountNumber) {

        /** Never the account number. */
        @Override
        public String toString() {
            return "BankAccountInput[accountHolderName=" + accountHolderName + ", sortCode=" + sortCode + "]";
        }
    }
}
