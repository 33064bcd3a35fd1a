package com.storageplatform.commerce.order;

import com.storageplatform.kit.openapi.OneOf;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The {@code order} resource: an online checkout of one unit for one customer, priced in full before payment (the
 * binding price: fixed when created or re-priced by a {@code PATCH}, and what {@code pay} asks for while the order
 * awaits payment). The body of {@code GET /v1/orders/{id}} and the {@code data} of {@code order.*} events.
 *
 * @param reservationId        the reservation the order took up (named, or the customer's own reservation of the
 *                             unit taken up unnamed); null when none
 * @param moveInDate           the first day of the licence; the first period runs from it to the end of its month
 * @param source               {@code storefront} (a website order), {@code backoffice} or {@code api}
 * @param couponId             the coupon applied (by code, or automatically); null when none
 * @param couponCode           the code of the coupon applied; null when none or when it has no code
 * @param coverageProductId    the waiver taken as cover from the move-in date; null when none
 * @param lines                the full cost before payment, line by line
 * @param subtotalMinor        the net amounts of every line but the discount
 * @param discountMinor        what the coupon takes off (net), 0 or more
 * @param vatMinor             the VAT of every line (the discount's VAT counted off)
 * @param totalDueTodayMinor   what {@code pay} collects: the first period, products and deposit, with VAT
 * @param recurringAmountMinor each month from {@code recurring_amount_from}: the licence fee (discounted while a
 *                             repeating or forever coupon runs) and cover, with VAT
 * @param recurringAmountFrom  the 1st of the month after the move-in: billing bills monthly on the 1st
 * @param recurringDiscountUntil the last day a repeating coupon discounts (a 1-month one: the end of the first
 *                             period); null for none, once or forever
 * @param depositMinor         the refundable deposit (no VAT, never discounted), 0 when the operator asks none
 * @param pricedAt             when the price was fixed (creation or the last re-pricing)
 * @param payment              the latest payment asked of billing; null before {@code pay}
 * @param agreementId          the licence agreement the completed order created
 * @param returnUrl            where the customer returns after paying
 */
public record Order(UUID id, String object, UUID contactId, UUID siteId, UUID unitId, UUID unitTypeId,
        @Nullable UUID reservationId, LocalDate moveInDate, @OneOf("SOURCES") String source, @Nullable UUID couponId,
        @Nullable String couponCode, @Nullable UUID coverageProductId, List<ProductLine> products, String currency,
        List<Line> lines, long subtotalMinor, long discountMinor, long vatMinor, long totalDueTodayMinor,
        long recurringAmountMinor, LocalDate recurringAmountFrom, @Nullable LocalDate recurringDiscountUntil,
        long depositMinor, Instant pricedAt, @OneOf("STATUSES") String status, @Nullable Payment payment,
        UUID agreementId, String returnUrl, Instant completedAt, Instant abandonedAt, Instant cancelledAt,
        Instant createdAt, Instant updatedAt) {

    public static final String OBJECT = "order";

    public static final String AWAITING_PAYMENT = "awaiting_payment";
    public static final String COMPLETED = "completed";
    public static final String ABANDONED = "abandoned";
    public static final String CANCELLED = "cancelled";
    public static final List<String> STATUSES = List.of(AWAITING_PAYMENT, COMPLETED, ABANDONED, CANCELLED);

    public static final String STOREFRONT = "storefront";
    public static final String BACKOFFICE = "backoffice";
    public static final String API = "api";
    public static final List<String> SOURCES = List.of(STOREFRONT, BACKOFFICE, API);

    public static final List<String> LINE_KINDS = List.of("licence_fee", "deposit", "product", "cover", "discount");

    public Order {
        products = List.copyOf(products);
        lines = List.copyOf(lines);
    }

    /** A product bought with the order. */
    public record ProductLine(UUID productId, int quantity) {
    }

    /**
     * One line of the cost.
     *
     * @param kind            {@code licence_fee} (the first period), {@code deposit}, {@code product}, {@code cover}
     *                        or {@code discount} (negative amounts)
     * @param unitAmountMinor the price of one unit as charged: net for the licence fee, cover, deposit and discount;
     *                        VAT inclusive for a product, as the catalogue prices it
     * @param amountMinor     net of VAT
     * @param vatTreatment    {@code standard_20}, {@code reduced_5}, {@code zero}, {@code exempt} or
     *                        {@code outside_scope}
     * @param vatRate         the VAT rate applied, a whole percentage (20, 5 or 0)
     * @param totalMinor      {@code amount_minor + vat_minor}
     */
    public record Line(@OneOf("LINE_KINDS") String kind, String description, int quantity, long unitAmountMinor,
            long amountMinor, String vatTreatment, int vatRate, long vatMinor, long totalMinor) {

        public static final List<String> LINE_KINDS = Order.LINE_KINDS;
    }

    /**
     * The latest payment asked of billing for the order.
     *
     * @param id          billing's payment id
     * @param rail        {@code card} or {@code bacs_dd}
     * @param status      {@code succeeded}, {@code pending}, {@code requires_action} or {@code failed}
     * @param redirectUrl where to send the customer for a {@code requires_action} payment (a card's step-up)
     */
    @Schema(name = "OrderPayment")
    public record Payment(String id, @OneOf("RAILS") String rail, @OneOf("STATUSES") String status,
            long amountMinor, String redirectUrl) {

        public static final String CARD = "card";
        public static final String BACS_DD = "bacs_dd";
        public static final List<String> RAILS = List.of(CARD, BACS_DD);

        public static final String SUCCEEDED = "succeeded";
        public static final String PENDING = "pending";
        public static final String REQUIRES_ACTION = "requires_action";
        public static final String FAILED = "failed";
        public static final List<String> STATUSES = List.of(SUCCEEDED, PENDING, REQUIRES_ACTION, FAILED);

        /** Billing may still collect it: the order cannot be changed, cancelled or abandoned meanwhile. */
        public boolean inFlight() {
            return PENDING.equals(status) || REQUIRES_ACTION.equals(status);
        }

        Payment withStatus(String newStatus) {
            return new Payment(id, rail, newStatus, amountMinor, redirectUrl);
        }
    }

    public boolean awaitingPayment() {
        return AWAITING_PAYMENT.equals(status);
    }

    /** A payment billing may still collect. */
    public boolean paymentInFlight() {
        return payment != null && payment.inFlight();
    }
}
