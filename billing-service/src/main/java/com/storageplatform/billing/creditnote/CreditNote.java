package com.storageplatform.billing.creditnote;

import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The {@code credit_note} resource: an amount credited against an invoice, reducing what it owes. Credit notes
 * are never changed or deleted.
 *
 * @param contactId   the invoice's customer
 * @param amountMinor minor units in {@code currency}, the invoice's
 * @param reason      why it was issued, as given; null when none was
 * @param lines       the invoice lines it credits, for items returned from a shop sale; empty for a credit of an
 *                    amount
 */
@Schema(name = "CreditNote")
public record CreditNote(UUID id, String object, UUID invoiceId, UUID contactId, long amountMinor, String currency,
        @Nullable String reason, List<ReturnedLine> lines, Instant createdAt, Instant updatedAt) {

    public static final String OBJECT = "credit_note";
}
