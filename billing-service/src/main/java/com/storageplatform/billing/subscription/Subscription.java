package com.storageplatform.billing.subscription;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.storageplatform.kit.openapi.OneOf;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The {@code subscription} resource: a recurring billing plan, invoiced in advance for each period of
 * {@code interval_count} × {@code billing_interval} from {@code next_billing_date} (docs/api/subscriptions.md).
 * Every figure is an integer of minor units in {@code currency}, VAT included.
 *
 * @param agreementId          the agreement it bills; null for a plan that bills only its repeating charges
 * @param status               {@code pending} until {@code start_date}, then {@code active}; {@code past_due}
 *                             while one of its invoices is overdue; {@code cancelled} once cancelled (it bills up
 *                             to {@code ends_on}), {@code ended} after; {@code paused} is reserved
 * @param amountMinor          the licence fee per billing period; 0 on a plan with no licence fee
 * @param startDate            the day billing starts: the agreement's move-in date, else the plan's own
 * @param currentPeriodStart   the first day of the last period invoiced; null before the first invoice
 * @param currentPeriodEnd     its last day
 * @param nextBillingDate      the day the next invoice is made, for the period that starts that day
 * @param anchorDay            the day of the month (1 to 31; a shorter month bills on its last day), or of the
 *                             week for weekly plans (1 Monday to 7 Sunday), periods start on
 * @param endsOn               the last day the plan bills: a cancellation's effective date; null while it runs
 * @param defaultRail          how its invoices are collected: {@code card} (off-session, the customer's card),
 *                             {@code bacs_dd} (the customer's mandate) or {@code offline} (left open)
 * @param standingOrder        the customer pays by standing order (offline); ended by binding a card or clearing
 *                             {@code collection_waived}
 * @param items                the licence fee (when it has one), then each repeating charge and cover
 * @param pendingRenewalChange a renewal-date move not yet billed
 */
public record Subscription(UUID id, String object, @Nullable UUID agreementId, UUID contactId, UUID siteId,
        @OneOf("STATUSES") String status, @OneOf("INTERVALS") String billingInterval, int intervalCount,
        String currency, long amountMinor, LocalDate startDate, @Nullable LocalDate currentPeriodStart,
        LocalDate currentPeriodEnd, LocalDate nextBillingDate, int anchorDay, @Nullable LocalDate endsOn,
        UUID paymentMethodId, UUID mandateId, @OneOf("RAILS") String defaultRail, boolean autoCollect,
        boolean collectionWaived, boolean standingOrder, String customerReference, List<Item> items,
        PendingRenewalChange pendingRenewalChange, Promotion promotion, Instant startedAt, Instant pausedAt,
        Instant cancelledAt, Instant endedAt, Instant createdAt, Instant updatedAt) {

    public static final String OBJECT = "subscription";
    public static final String PENDING = "pending";
    public static final String ACTIVE = "active";
    public static final String PAST_DUE = "past_due";
    public static final String PAUSED = "paused";
    public static final String CANCELLED = "cancelled";
    public static final String ENDED = "ended";
    public static final List<String> STATUSES = List.of(PENDING, ACTIVE, PAST_DUE, PAUSED, CANCELLED, ENDED);
    /** The statuses a plan is invoiced in (a cancelled plan up to its last day). */
    static final Set<String> BILLING = Set.of(ACTIVE, PAST_DUE, CANCELLED);
    public static final String WEEK = "week";
    public static final String MONTH = "month";
    public static final String YEAR = "year";
    public static final List<String> INTERVALS = List.of(WEEK, MONTH, YEAR);
    public static final List<String> RAILS = List.of("card", "bacs_dd", "offline");

    /**
     * One thing the plan bills each period. {@code amount_minor} is the price of one per billing period of the plan,
     * VAT included; {@code price_minor} per {@code price_interval_count} × {@code price_interval} is the charge's own
     * original price, which a change of the plan's interval converts afresh (null when it has none).
     *
     * @param itemType  {@code licence_fee}, {@code product}, {@code fee}, or the agreement's cover: {@code insurance}
     *                  (carrying IPT) or {@code waiver}
     * @param startsOn  the first day it is billed for; null from the plan's start
     * @param endsOn    the last day it is billed for; null while it runs
     */
    @Schema(name = "SubscriptionItem")
    public record Item(UUID id, @OneOf("TYPES") String itemType, String description, UUID productId, UUID coverId,
            int quantity, long amountMinor, @Nullable Long priceMinor, String priceInterval,
            @Nullable Integer priceIntervalCount, String vatTreatment, @Nullable LocalDate startsOn,
            @Nullable LocalDate endsOn) {

        public static final String LICENCE_FEE = "licence_fee";
        public static final String PRODUCT = "product";
        public static final String FEE = "fee";
        public static final String INSURANCE = "insurance";
        public static final String WAIVER = "waiver";
        public static final List<String> TYPES = List.of(LICENCE_FEE, PRODUCT, FEE, INSURANCE, WAIVER);
        /** What a client may send in {@code items}; cover comes only from the agreement (Versioning 7). */
        public static final List<String> CLIENT_TYPES = List.of(LICENCE_FEE, PRODUCT, FEE);
    }

    /** A renewal-date move: the bridge days from the old renewal date to the new one, billed at the old date. */
    @Schema(name = "SubscriptionPendingRenewalChange")
    public record PendingRenewalChange(LocalDate bridgeStart, LocalDate bridgeEnd, LocalDate newPeriodStart,
            int newAnchorDay, long bridgeDays, long bridgeAmountMinor) {
    }

    /**
     * The promotion on the plan: a coupon as the catalogue defined it when it was put on.
     *
     * @param periodsTotal   the periods it discounts; null for one that runs as long as the plan
     * @param periodsApplied the invoices billed with it (a voided one no longer counts)
     * @param source         {@code checkout} (an online order's coupon), {@code reservation} (the reservation's
     *                       offer), {@code code} ({@code promotion_code} on create) or {@code api}
     */
    @Schema(name = "SubscriptionPromotion")
    public record Promotion(UUID id, UUID couponId, String code, String name,
            @OneOf(value = "KINDS", in = Promotion.class) String discountKind, long discountValue, String duration,
            @Nullable Integer periodsTotal, int periodsApplied, String source, Instant createdAt) {

        public static final List<String> KINDS = List.of("percent", "fixed_amount");

        @JsonIgnore
        boolean hasPeriodsLeft() {
            return periodsTotal == null || periodsApplied < periodsTotal;
        }

        /** This promotion once one more period has been discounted by it. */
        Promotion countedOnce() {
            return new Promotion(id, couponId, code, name, discountKind, discountValue, duration, periodsTotal,
                    periodsApplied + 1, source, createdAt);
        }
    }
}
