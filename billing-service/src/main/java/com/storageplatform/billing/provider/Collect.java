package com.storageplatform.billing.provider;

import java.time.LocalDate;
import java.util.UUID;

/** One Direct Debit payment on a mandate, for {@code chargeDate} (a working day the caller chose). */
public record Collect(UUID paymentId, String providerMandateRef, long amountMinor, String currency,
        LocalDate chargeDate, String description, String idempotencyKey) {
}
