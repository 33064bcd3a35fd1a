package com.storageplatform.commerce.order;

import com.storageplatform.commerce.order.OrderPricing.Priced;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * An order as stored: the resource, and what the service keeps beside it (the account's operator and environment
 * for the work done outside a request, the monthly fee it was priced with, whether a quote was published).
 */
record StoredOrder(Order order, UUID accountId, UUID operatorId, String environment, long licenceFeeMinor,
        boolean feeFromReservation, boolean quoted, Priced pricing) {

    /** The order's account acting for itself, for the sweep and billing's events (no request, no credential). */
    Caller systemCaller() {
        return Caller.actingFor(accountId, operatorId, Environment.of(environment), "commerce-orders", null);
    }

    StoredOrder with(Order changed) {
        return new StoredOrder(changed, accountId, operatorId, environment, licenceFeeMinor, feeFromReservation,
                quoted, pricing);
    }

    StoredOrder markQuoted() {
        return new StoredOrder(order, accountId, operatorId, environment, licenceFeeMinor, feeFromReservation, true,
                pricing);
    }

    /** The order re-priced: new lines and totals, the fee it was priced with, {@code priced_at} now. */
    static Order priced(Order o, Priced p, Instant at) {
        return new Order(o.id(), o.object(), o.contactId(), o.siteId(), o.unitId(), o.unitTypeId(), o.reservationId(),
                o.moveInDate(), o.source(), o.couponId(), o.couponCode(), o.coverageProductId(), o.products(),
                o.currency(), p.lines(), p.subtotalMinor(), p.discountMinor(), p.vatMinor(), p.totalDueTodayMinor(),
                p.recurringAmountMinor(), p.recurringAmountFrom(), p.recurringDiscountUntil(), p.depositMinor(), at,
                o.status(), o.payment(), o.agreementId(), o.returnUrl(), o.completedAt(), o.abandonedAt(),
                o.cancelledAt(), o.createdAt(), at);
    }

    static Order withStatus(Order o, String status, Instant at) {
        return new Order(o.id(), o.object(), o.contactId(), o.siteId(), o.unitId(), o.unitTypeId(), o.reservationId(),
                o.moveInDate(), o.source(), o.couponId(), o.couponCode(), o.coverageProductId(), o.products(),
                o.currency(), o.lines(), o.subtotalMinor(), o.discountMinor(), o.vatMinor(), o.totalDueTodayMinor(),
                o.recurringAmountMinor(), o.recurringAmountFrom(), o.recurringDiscountUntil(), o.depositMinor(),
                o.pricedAt(), status, o.payment(), o.agreementId(), o.returnUrl(),
                Order.COMPLETED.equals(status) ? at : o.completedAt(),
                Order.ABANDONED.equals(status) ? at : o.abandonedAt(),
                Order.CANCELLED.equals(status) ? at : o.cancelledAt(), o.createdAt(), at);
    }

    static Order withPayment(Order o, Order.Payment payment, String returnUrl, Instant at) {
        return new Order(o.id(), o.object(), o.contactId(), o.siteId(), o.unitId(), o.unitTypeId(), o.reservationId(),
                o.moveInDate(), o.source(), o.couponId(), o.couponCode(), o.coverageProductId(), o.products(),
                o.currency(), o.lines(), o.subtotalMinor(), o.discountMinor(), o.vatMinor(), o.totalDueTodayMinor(),
                o.recurringAmountMinor(), o.recurringAmountFrom(), o.recurringDiscountUntil(), o.depositMinor(),
                o.pricedAt(), o.status(), payment, o.agreementId(), returnUrl, o.completedAt(), o.abandonedAt(),
                o.cancelledAt(), o.createdAt(), at);
    }

    static Order withAgreement(Order o, UUID agreementId) {
        return new Order(o.id(), o.object(), o.contactId(), o.siteId(), o.unitId(), o.unitTypeId(), o.reservationId(),
                o.moveInDate(), o.source(), o.couponId(), o.couponCode(), o.coverageProductId(), o.products(),
                o.currency(), o.lines(), o.subtotalMinor(), o.discountMinor(), o.vatMinor(), o.totalDueTodayMinor(),
                o.recurringAmountMinor(), o.recurringAmountFrom(), o.recurringDiscountUntil(), o.depositMinor(),
                o.pricedAt(), o.status(), o.payment(), agreementId, o.returnUrl(), o.completedAt(), o.abandonedAt(),
                o.cancelledAt(), o.createdAt(), o.updatedAt());
    }

    /** The order with what the customer chose: a new coupon, cover, products or move-in date. */
    static Order withChoices(Order o, java.time.LocalDate moveIn, UUID couponId, String couponCode,
            UUID coverageProductId, List<Order.ProductLine> products, UUID reservationId) {
        return new Order(o.id(), o.object(), o.contactId(), o.siteId(), o.unitId(), o.unitTypeId(), reservationId,
                moveIn, o.source(), couponId, couponCode, coverageProductId, products, o.currency(), o.lines(),
                o.subtotalMinor(), o.discountMinor(), o.vatMinor(), o.totalDueTodayMinor(), o.recurringAmountMinor(),
                o.recurringAmountFrom(), o.recurringDiscountUntil(), o.depositMinor(), o.pricedAt(), o.status(),
                o.payment(), o.agreementId(), o.returnUrl(), o.completedAt(), o.abandonedAt(), o.cancelledAt(),
                o.createdAt(), o.updatedAt());
    }
}
