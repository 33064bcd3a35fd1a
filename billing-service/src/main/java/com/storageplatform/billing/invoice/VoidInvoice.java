package com.storageplatform.billing.invoice;

import io.swagger.v3.oas.annotations.media.Schema;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /v1/invoices/{id}/void}, which may be left out: no body, or {@code {}}.
 *
 * @param reason the reason a member of staff picked, kept as {@code void_reason} (at most 500 printable
 *               characters). Only a staff caller of the back office may send it; from an API key or OAuth client it
 *               is 422 {@code not_allowed}, as {@code void_reason} is null when voided through the API. A reason
 *               given for a draft is not kept
 */
@Schema(name = "VoidInvoice")
public record VoidInvoice(@Nullable String reason) {

    static final VoidInvoice NONE = new VoidInvoice(null);
}
