package com.storageplatform.auth.operator;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The operator switches the spec names, and the defaults commerce-service applies to the operator's reservations,
 * orders and bookings, as the admin API shows and changes them.
 *
 * @param dealLostDefaultReason       the reason recorded when a deal is marked lost without one; null for none
 * @param publishedWebsiteUrls        the operator's public websites (absolute https URLs), at most 20
 * @param reservationHoldDays         how many days a reservation holds its unit when it is made without a
 *                                    {@code held_until}: 1 to 90
 * @param refundableDepositMinor      the refundable deposit asked with online orders and bookings, in minor units
 *                                    of the operator's {@code default_currency}; null for no deposit
 * @param customerPortalUrl           where customers return after paying an order made without a
 *                                    {@code return_url} (an absolute https URL); null for none
 * @param notificationEmail           where the platform tells the operator about their integrations (a webhook
 *                                    endpoint disabled after sustained failure); null for none
 * @param priceIncreaseNoticeDays     the days of notice a customer is given of a price increase of their plan
 *                                    (billing-service): 0 to 365, 28 by default
 */
public record OperatorSettings(boolean onlineIdChecksEnabled, boolean idCheckRequiredBeforeAccess,
        boolean voidOverdueEnabled, @Nullable String dealLostDefaultReason, boolean reservedDealFollowUpEnabled,
        List<String> publishedWebsiteUrls, int reservationHoldDays, @Nullable Long refundableDepositMinor,
        @Nullable String customerPortalUrl, @Nullable String notificationEmail, int priceIncreaseNoticeDays) {

    public static final int DEFAULT_RESERVATION_HOLD_DAYS = 7;
    public static final int DEFAULT_PRICE_INCREASE_NOTICE_DAYS = 28;

    public static final OperatorSettings DEFAULTS = new OperatorSettings(false, false, false, null, true, List.of(),
            DEFAULT_RESERVATION_HOLD_DAYS, null, null, null, DEFAULT_PRICE_INCREASE_NOTICE_DAYS);

    public OperatorSettings {
        publishedWebsiteUrls = List.copyOf(publishedWebsiteUrls);
    }
}
