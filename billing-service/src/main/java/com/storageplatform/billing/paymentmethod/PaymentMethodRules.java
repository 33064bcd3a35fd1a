package com.storageplatform.billing.paymentmethod;

import com.storageplatform.billing.paymentmethod.CreatePaymentMethod.BankAccountInput;
import com.storageplatform.billing.provider.BankAccount;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import java.util.regex.Pattern;

/** The pure checks of a payment method's body: every bad field is recorded on the {@link Validation} at once. */
final class PaymentMethodRules {

    /** What a Bacs record carries of the account holder's name. */
    static final int MAX_ACCOUNT_HOLDER_NAME = 18;
    private static final Pattern SORT_CODE = Pattern.compile("\\d{2}[- ]?\\d{2}[- ]?\\d{2}");
    private static final Pattern ACCOUNT_NUMBER = Pattern.compile("\\d{8}");
    static final int LAST_DIGITS = 4;

    private PaymentMethodRules() {
    }

    /**
     * The type's own field is required, and the other type's refused ({@code not_allowed}): a card token on a bank
     * account is a client's mistake, never ignored.
     */
    static void typeFields(Validation v, CreatePaymentMethod body) {
        v.require("type", body.type()).oneOf("type", body.type(), PaymentMethod.TYPES);
        boolean card = PaymentMethod.CARD.equals(body.type());
        boolean bacs = PaymentMethod.BACS_DEBIT.equals(body.type());
        v.check(card && blank(body.cardToken()), "card_token", FieldIssue.REQUIRED);
        v.check(!card && body.cardToken() != null, "card_token", FieldIssue.NOT_ALLOWED);
        v.check(bacs && body.bankAccount() == null, "bank_account", FieldIssue.REQUIRED);
        v.check(!bacs && body.bankAccount() != null, "bank_account", FieldIssue.NOT_ALLOWED);
        v.printable("card_token", body.cardToken(), false).maxLength("card_token", body.cardToken(), 255);
    }

    /** The bank account as it goes to the provider (sort code as six digits), or null when any part is refused. */
    static BankAccount bankAccount(Validation v, BankAccountInput in) {
        if (in == null) {
            return null;
        }
        String name = in.accountHolderName() == null ? null : in.accountHolderName().strip();
        v.require("bank_account.account_holder_name", name)
                .maxLength("bank_account.account_holder_name", name, MAX_ACCOUNT_HOLDER_NAME)
                .printable("bank_account.account_holder_name", name, false);
        v.require("bank_account.sort_code", in.sortCode());
        v.check(!blank(in.sortCode()) && !SORT_CODE.matcher(in.sortCode()).matches(), "bank_account.sort_code",
                FieldIssue.INVALID);
        v.require("bank_account.account_number", in.accountNumber());
        v.check(!blank(in.accountNumber()) && !ACCOUNT_NUMBER.matcher(in.accountNumber()).matches(),
                "bank_account.account_number", FieldIssue.INVALID);
        if (v.has("bank_account.account_holder_name") || v.has("bank_account.sort_code")
                || v.has("bank_account.account_number")) {
            return null;
        }
        return new BankAccount(name, in.sortCode().replaceAll("[- ]", ""), in.accountNumber());
    }

    /** A six-digit sort code as banks print it: {@code 200000} is {@code 20-00-00}. */
    static String printedSortCode(String digits) {
        return digits.substring(0, 2) + "-" + digits.substring(2, 4) + "-" + digits.substring(4, 6);
    }

    static String lastDigits(String accountNumber) {
        return accountNumber.substring(accountNumber.length() - LAST_DIGITS);
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
