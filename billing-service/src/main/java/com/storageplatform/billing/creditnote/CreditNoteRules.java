package com.storageplatform.billing.creditnote;

import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.util.UUID;

/** The pure checks of a credit note: its body, and whether the invoice it names may be credited by it. */
final class CreditNoteRules {

    static final int MAX_REASON = 500;

    private CreditNoteRules() {
    }

    /** A body with its fields checked, every bad one named in one 422. */
    record Checked(UUID invoiceId, long amountMinor, String reason) {
    }

    static Checked body(CreateCreditNote body) {
        Validation v = Validation.start();
        UUID invoiceId = v.requiredId("invoice_id", body.invoiceId());
        v.require("amount_minor", body.amountMinor()).min("amount_minor", body.amountMinor(), 1);
        v.check(body.reason() != null && body.reason().isBlank(), "reason", FieldIssue.INVALID)
                .maxLength("reason", body.reason(), MAX_REASON)
                .printable("reason", body.reason(), true);
        v.orThrow();
        return new Checked(invoiceId, body.amountMinor(), body.reason());
    }

    /**
     * The 409 for an invoice a credit note may not be issued against through the API, or null: a shop sale's
     * (its items are returned instead), one that is not {@code open}, {@code partially_paid} or {@code overdue},
     * one that bills insurance, and one whose debt was written off.
     */
    static ApiException refusal(Invoice invoice) {
        if (invoice.isShopSale()) {
            return ApiException.conflict("This invoice is a shop sale's: return its items from the sale instead of "
                    + "issuing a credit note.");
        }
        String status = invoice.status();
        if (Invoice.DRAFT.equals(status)) {
            return ApiException.conflict("This invoice is a draft, which owes nothing yet: finalize it or change it "
                    + "instead.");
        }
        if (Invoice.VOID.equals(status)) {
            return ApiException.conflict("This invoice is void; nothing is owed on it.");
        }
        if (Invoice.PAID.equals(status)) {
            return ApiException.conflict("This invoice is paid: refund the payment instead.");
        }
        if (invoice.iptMinor() > 0) {
            return ApiException.conflict("This invoice bills insurance, which a credit note cannot reduce: void it "
                    + "instead if nothing is paid.");
        }
        if (invoice.isWrittenOff()) {
            return ApiException.conflict("This invoice's debt was written off; nothing is owed on it.");
        }
        return null;
    }

    /**
     * 422 {@code above_maximum} on {@code amount_minor} above what the invoice still owes, less what a collection in
     * flight is taking (which would otherwise be collected on top of the credit), or null.
     */
    static ApiException aboveMaximum(Invoice invoice, long amountMinor) {
        long most = invoice.collectableMinor();
        if (amountMinor <= most) {
            return null;
        }
        return ApiException.invalid("amount_minor", FieldIssue.ABOVE_MAXIMUM, "amount_minor can be at most " + most
                + ", what the invoice still owes" + (invoice.amountInFlightMinor() > 0
                        ? " less the collection in progress." : "."));
    }
}
