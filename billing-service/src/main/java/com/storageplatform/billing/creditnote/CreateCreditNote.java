package com.storageplatform.billing.creditnote;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /v1/credit-notes}.
 *
 * @param invoiceId   an {@code open}, {@code partially_paid} or {@code overdue} invoice of the account
 * @param amountMinor at least 1, and at most what the invoice still owes less any collection in flight
 * @param reason      at most 500 printable characters
 */
@Schema(requiredProperties = {"invoice_id", "amount_minor"})
public record CreateCreditNote(String invoiceId, Long amountMinor, String reason) {
}
