package com.storageplatform.billing.collections;

import com.storageplatform.billing.collections.DebtProjection.Debt;
import com.storageplatform.billing.invoice.Invoice;
import java.util.Set;
import java.util.UUID;

/** What the delinquency report counts of an invoice. */
final class DebtRules {

    /** The statuses in which a finalised invoice owes something; a draft owes nothing yet, paid or void no more. */
    static final Set<String> OWING = Set.of(Invoice.OPEN, Invoice.PARTIALLY_PAID, Invoice.OVERDUE);

    private DebtRules() {
    }

    /**
     * What the invoice owes, {@code amount_due_minor} (its total less what was paid, credited and written off; a
     * part-paid invoice by its remainder), or null when it owes nothing: not finalised, paid, void, or written off.
     */
    static Debt owed(Invoice invoice, UUID siteId) {
        if (!OWING.contains(invoice.status()) || invoice.amountDueMinor() <= 0 || invoice.dueDate() == null) {
            return null;
        }
        return new Debt(invoice.contactId(), siteId, invoice.currency(), invoice.dueDate(), invoice.amountDueMinor());
    }
}
