package com.storageplatform.billing.subscription;

import io.swagger.v3.oas.annotations.media.Schema;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The body of {@code POST /v1/subscriptions} (conventions.md: subscription).
 *
 * @param agreementId     the agreement it bills: its customer, site, move-in date and licence fee
 * @param amountMinor     the licence fee per billing period; by default the agreement's monthly fee re-stated for
 *                        the plan's period. Refused on a plan without an agreement (it has no licence fee)
 * @param anchorDay       the day periods start on (1 to 31, or 1 Monday to 7 Sunday for weekly plans); by default
 *                        the day of the first billing date
 * @param startDate       {@code YYYY-MM-DD}, when there is no agreement move-in date: the day it becomes active
 * @param nextBillingDate {@code YYYY-MM-DD}: the first billing date; by default the start date
 * @param promotionCode   a coupon's code; without it, the promotion the agreement's booking offered is put on
 * @param items           what it bills; by default one licence-fee line. {@code coverage} is refused: cover comes
 *                        from the agreement
 * @param defaultRail     {@code card}, {@code bacs_dd} or {@code offline}; by default from the mandate or card named,
 *                        else {@code offline}
 */
@Schema(requiredProperties = {"contact_id", "site_id", "billing_interval", "interval_count", "currency"})
public record CreateSubscription(String contactId, String siteId, String billingInterval, Integer intervalCount,
        String currency, String agreementId, @Nullable Long amountMinor, @Nullable Integer anchorDay, String startDate,
        String nextBillingDate, String promotionCode, List<ItemInput> items, String paymentMethodId, String mandateId,
        String defaultRail, @Nullable Boolean autoCollect, @Nullable Boolean collectionWaived,
        String customerReference) {

    /**
     * One item as sent.
     *
     * @param itemType           {@code licence_fee}, {@code product} or {@code fee} (a repeating charge)
     * @param amountMinor        the price of one, VAT included: per {@code price_interval_count} ×
     *                           {@code price_interval} when those are sent, else per billing period of the plan. A
     *                           product's defaults to its catalogue price; a fee's is required
     * @param priceInterval      the period {@code amount_minor} is for, when it is not the plan's own
     * @param vatTreatment       by default the unit type's (licence fee), the product's, or {@code standard_20}
     */
    @Schema(name = "SubscriptionItemInput", requiredProperties = {"item_type"})
    public record ItemInput(String itemType, String description, String productId, @Nullable Integer quantity,
            @Nullable Long amountMinor, String priceInterval, @Nullable Integer priceIntervalCount,
            String vatTreatment) {
    }
}
