package com.storageplatform.billing.subscription;

import com.storageplatform.kit.web.Patch;

/**
 * The body of {@code PATCH /v1/subscriptions/{id}}: left out stays, {@code null} clears (the kit's Patch). Only
 * {@code payment_method_id}, {@code mandate_id} and {@code customer_reference} may be sent as {@code null}.
 *
 * @param billingInterval     {@code week}, {@code month} or {@code year}: re-prices every repeating charge and
 *                            cover from its own price; the licence fee stays unless {@code amount_minor} is sent
 * @param amountMinor         the licence fee per billing period (a plan with no licence fee keeps 0)
 * @param nextBillingDate     {@code YYYY-MM-DD}, on a pending plan only (a running plan's moves through its
 *                            {@code renewal-date} action)
 * @param anchorDay           1 to 31, or 1 Monday to 7 Sunday for weekly plans; on a pending plan only
 * @param expectedAmountMinor the licence fee the client last read: the change is refused when it is no longer that
 * @param collectionWaived    clearing it ends a standing order
 * @param standingOrder       the customer pays by standing order (offline)
 * @param paymentMethodId     the customer's active card to collect with: ends a standing order and makes
 *                            {@code default_rail} {@code card} unless that is sent; {@code null} unbinds it
 * @param mandateId           the customer's active or pending mandate; {@code null} unbinds it
 * @param defaultRail         {@code card}, {@code bacs_dd} or {@code offline}
 */
record SubscriptionChanges(Patch<String> billingInterval, Patch<Integer> intervalCount, Patch<Long> amountMinor,
        Patch<String> nextBillingDate, Patch<Integer> anchorDay, Patch<Long> expectedAmountMinor,
        Patch<Boolean> collectionWaived, Patch<Boolean> autoCollect, Patch<Boolean> standingOrder,
        Patch<String> paymentMethodId, Patch<String> mandateId, Patch<String> defaultRail,
        Patch<String> customerReference) {
}
