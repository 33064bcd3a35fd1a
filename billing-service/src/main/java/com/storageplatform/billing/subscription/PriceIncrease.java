package com.storageplatform.billing.subscription;

import com.storageplatform.kit.openapi.OneOf;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;

/**
 * The {@code price_increase} resource: a rise of a plan's licence fee, given with the operator's notice and applied
 * by the billing run on {@code effective_date} (docs/api/subscriptions.md, "Price increases").
 *
 * @param status         {@code scheduled} until the billing run applies it on {@code effective_date}
 *                       ({@code applied}), or until it is cancelled ({@code cancelled})
 * @param oldAmountMinor the plan's licence fee per billing period when the increase was scheduled
 * @param newAmountMinor the licence fee per billing period from {@code effective_date}
 * @param effectiveDate  the first day of the new price, at the plan's site: the first period starting on or after
 *                       it bills the new price
 * @param noticeDays     the operator's notice period when it was scheduled (the effective date was at least this many
 *                       days ahead)
 */
public record PriceIncrease(UUID id, String object, UUID subscriptionId, UUID agreementId, UUID contactId,
        @OneOf("STATUSES") String status, long oldAmountMinor, long newAmountMinor, String currency,
        LocalDate effectiveDate, int noticeDays, Instant scheduledAt, Instant appliedAt, Instant cancelledAt) {

    public static final String OBJECT = "price_increase";
    public static final String SCHEDULED = "scheduled";
    public static final String APPLIED = "applied";
    public static final String CANCELLED = "cancelled";
    public static final List<String> STATUSES = List.of(SCHEDULED, APPLIED, CANCELLED);

    PriceIncrease applied(Instant at) {
        return new PriceIncrease(id, object, subscriptionId, agreementId, contactId, APPLIED, oldAmountMinor,
                newAmountMinor, currency, effectiveDate, noticeDays, scheduledAt, at, null);
    }

    PriceIncrease cancelled(Instant at) {
        return new PriceIncrease(id, object, subscriptionId, agreementId, contactId, CANCELLED, oldAmountMinor,
                newAmountMinor, currency, effectiveDate, noticeDays, scheduledAt, null, at);
    }
}
