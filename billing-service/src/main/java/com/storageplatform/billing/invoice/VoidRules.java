package com.storageplatform.billing.invoice;

import com.storageplatform.kit.web.ApiException;
import java.util.List;

/**
 * Whether an invoice may be voided (void rules 1 to 3), as a pure function of the invoice and the operator's
 * setting. The causes of rule 3 are judged in the order of {@link #ISSUES}, each the first that holds: what is
 * against the invoice comes before its status, so the answer names what has to be undone first. An overdue invoice
 * the operator has not allowed to be voided (rule 2) is {@code invoice_not_voidable} once nothing else is against
 * it.
 */
final class VoidRules {

    static final String SHOP_SALE = "invoice_shop_sale";
    static final String WRITTEN_OFF = "invoice_written_off";
    static final String DEBT_IN_SALE = "invoice_debt_in_sale";
    static final String PART_PAID = "invoice_part_paid";
    static final String MONEY_AGAINST_IT = "invoice_money_against_it";
    static final String CREDIT_NOTE_AGAINST_IT = "invoice_credit_note_against_it";
    static final String COLLECTION_IN_FLIGHT = "invoice_collection_in_flight";
    static final String NOT_VOIDABLE = "invoice_not_voidable";
    /** Every {@code details[0].issue} of a refused void, in the order they are judged. */
    static final List<String> ISSUES = List.of(SHOP_SALE, WRITTEN_OFF, DEBT_IN_SALE, PART_PAID, MONEY_AGAINST_IT,
            CREDIT_NOTE_AGAINST_IT, COLLECTION_IN_FLIGHT, NOT_VOIDABLE);
    /** The operator setting that allows an overdue invoice to be voided (rule 2). */
    static final String OVERDUE_SETTING = "void_overdue_enabled";

    private VoidRules() {
    }

    /** What a void of the invoice does: nothing (already void), void it, or a refusal with its cause. */
    record Verdict(boolean alreadyVoid, String issue, String message) {

        static final Verdict ALREADY_VOID = new Verdict(true, null, null);
        static final Verdict VOIDABLE = new Verdict(false, null, null);

        static Verdict refused(String issue, String message) {
            return new Verdict(false, issue, message);
        }

        boolean refused() {
            return issue != null;
        }

        /** The 409 {@code conflict} naming the cause in {@code details[0].issue}. */
        ApiException toException() {
            return ApiException.conflict(message, issue);
        }
    }

    /**
     * @param inSale             a shop sale has taken the invoice's debt in and is open
     * @param voidOverdueEnabled the operator's {@value #OVERDUE_SETTING}
     */
    static Verdict judge(Invoice invoice, boolean inSale, boolean voidOverdueEnabled) {
        String status = invoice.status();
        if (Invoice.VOID.equals(status)) {
            return Verdict.ALREADY_VOID;
        }
        if (invoice.isShopSale()) {
            return Verdict.refused(SHOP_SALE, "This invoice is a shop sale's: return its items from the sale "
                    + "instead of voiding it.");
        }
        if (invoice.isWrittenOff()) {
            return Verdict.refused(WRITTEN_OFF, "This invoice's debt was written off as bad debt, so it cannot be "
                    + "voided.");
        }
        if (inSale) {
            return Verdict.refused(DEBT_IN_SALE, "This invoice's debt is being paid in an open sale; finish or "
                    + "cancel the sale before voiding it.");
        }
        if (Invoice.PARTIALLY_PAID.equals(status)) {
            return Verdict.refused(PART_PAID, "This invoice is partly paid; refund the payments before voiding it.");
        }
        if (invoice.amountPaidMinor() > 0) {
            return Verdict.refused(MONEY_AGAINST_IT, "Money has been paid against this invoice; refund it before "
                    + "voiding the invoice.");
        }
        if (invoice.amountCreditedMinor() > 0) {
            return Verdict.refused(CREDIT_NOTE_AGAINST_IT, "A credit note has been issued against this invoice, so "
                    + "it cannot be voided.");
        }
        if (invoice.amountInFlightMinor() > 0) {
            return Verdict.refused(COLLECTION_IN_FLIGHT, "A collection for this invoice is in progress with the "
                    + "payment provider; void it once that collection has failed or been cancelled.");
        }
        if (!Invoice.VOIDABLE.contains(status)) {
            return Verdict.refused(NOT_VOIDABLE, "A " + status + " invoice cannot be voided; only a draft, open or "
                    + "overdue one can.");
        }
        if (Invoice.OVERDUE.equals(status) && !voidOverdueEnabled) {
            return Verdict.refused(NOT_VOIDABLE, "This invoice is overdue, and overdue invoices can be voided only "
                    + "when the operator setting " + OVERDUE_SETTING + " is switched on.");
        }
        return Verdict.VOIDABLE;
    }
}
