package com.storageplatform.billing.invoice;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /v1/invoices}: a draft for a customer, in one currency, with its lines.
 *
 * @param dueDate          {@code YYYY-MM-DD}; by default 14 days after it is finalized. For {@code bacs_dd} it
 *                         moves to the next working day in England and Wales
 * @param collectionMethod {@code card}, {@code bacs_dd} or {@code offline} (the default)
 */
@Schema(requiredProperties = {"contact_id", "currency", "lines"})
public record CreateInvoice(String contactId, String currency, List<LineInput> lines, String subscriptionId,
        String dueDate, String collectionMethod, String description) {

    /**
     * One line as sent.
     *
     * @param amountMinor  the price of one, VAT (and IPT) included, in minor units
     * @param quantity     at least 1
     * @param kind         {@code charge} (the default), {@code fee}, {@code licence_fee} or {@code insurance}
     * @param vatTreatment by default {@code standard_20}; an insurance line is {@code exempt} and carries IPT
     */
    @Schema(name = "InvoiceLineInput", requiredProperties = {"description", "amount_minor", "quantity"})
    public record LineInput(String description, Long amountMinor, Integer quantity, String kind,
            String vatTreatment) {
    }
}
