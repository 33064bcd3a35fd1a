package com.storageplatform.billing.provider;

/** A UK bank account to collect from. Its string form never shows the account number. */
public record BankAccount(String accountHolderName, String sortCode, String accountNumber) {

    @Override
    public String toString() {
        String ending = accountNumber == null || accountNumber.length() < 2
                ? "" : accountNumber.substring(accountNumber.length() - 2);
        return "BankAccount[accountHolderName=" + accountHolderName + ", sortCode=" + sortCode
                + ", accountNumber=******" + ending + "]";
    }
}
