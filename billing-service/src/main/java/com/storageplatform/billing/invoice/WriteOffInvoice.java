package com.storageplatform.billing.invoice;

import io.swagger.v3.oas.annotations.media.Schema;

/**
 * The body of {@code POST /v1/invoices/{id}/write-off}.
 *
 * @param reason why the debt is written off as bad debt (at most 500 printable characters), kept as
 *               {@code write_off_reason}
 */
@Schema(name = "WriteOffInvoice", requiredProperties = {"reason"})
public record WriteOffInvoice(String reason) {
}
