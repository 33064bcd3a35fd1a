package com.storageplatform.billing.subscription;

import com.storageplatform.billing.internal.Records;
import com.storageplatform.billing.subscription.Subscription.Promotion;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.time.Dates;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Promotions put on plans: a coupon of the catalogue (docs/api/catalogue.md "Coupons"), copied as it is defined when
 * it is put on, so a later change of the coupon does not move a promotion already running. A {@code once} coupon
 * discounts one period, a {@code repeating} one {@code duration_months} periods, a {@code forever} one every period.
 */
@Component
class Promotions {

    static final String CHECKOUT = "checkout";
    static final String RESERVATION = "reservation";
    static final String CODE = "code";
    static final String API = "api";

    private final Records records;
    private final SubscriptionRepository plans;
    private final Clock clock;

    Promotions(Records records, SubscriptionRepository plans, Clock clock) {
        this.records = records;
        this.plans = plans;
        this.clock = clock;
    }

    /**
     * The promotion a new plan starts with: the coupon of {@code code} (422 on {@code promotion_code} when the
     * account has none, or it does not apply to this plan today); without a code, the coupon the agreement's online
     * order or reservation offered, put on the agreement's first plan only.
     */
    Mono<Promotion> forNewPlan(Caller caller, Validation v, Plan plan, String code, JsonNode agreement,
            JsonNode unitType) {
        UUID accountId = caller.accountId();
        UUID unitTypeId = unitType == null ? null : EventData.id(unitType, "id");
        if (code != null) {
            return byCode(accountId, v, "promotion_code", code, plan, unitTypeId, CODE);
        }
        if (agreement == null) {
            return Mono.empty();
        }
        UUID orderId = EventData.id(agreement, "order_id");
        UUID reservationId = EventData.id(agreement, "reservation_id");
        Mono<Promotion> offered = orderId != null
                ? records.order(accountId, orderId).flatMap(order -> offered(accountId, order, CHECKOUT))
                : reservationId != null
                        ? records.reservation(accountId, reservationId)
                                .flatMap(reservation -> offered(accountId, reservation, RESERVATION))
                        : Mono.empty();
        return plans.agreementHadPromotionFrom(accountId, plan.agreementId(), List.of(CHECKOUT, RESERVATION))
                .flatMap(had -> had ? Mono.<Promotion>empty() : offered);
    }

    /** The coupon of {@code code}, judged for this plan today; empty with the issue recorded on {@code field}. */
    Mono<Promotion> byCode(UUID accountId, Validation v, String field, String code, Plan plan, UUID unitTypeId,
            String source) {
        return records.couponByCode(accountId, code)
                .flatMap(coupon -> {
                    LocalDate today = LocalDate.now(clock.withZone(java.time.ZoneId.of(plan.timezone())));
                    String issue = refusal(coupon, plan, unitTypeId, today);
                    if (issue != null) {
                        v.add(field, issue);
                        return Mono.<Promotion>empty();
                    }
                    return Mono.just(of(coupon, source));
                })
                .switchIfEmpty(Mono.defer(() -> {
                    if (!v.has(field)) {
                        v.add(field, FieldIssue.NOT_FOUND);
                    }
                    return Mono.empty();
                }));
    }

    /** The coupon a booking offered, as the booking took it: archived since or not, it runs on. */
    private Mono<Promotion> offered(UUID accountId, JsonNode booking, String source) {
        UUID couponId = EventData.id(booking, "coupon_id");
        return couponId == null ? Mono.empty() : records.coupon(accountId, couponId).map(c -> of(c, source));
    }

    /**
     * Why the coupon cannot go on the plan today ({@code not_allowed}: archived, outside its dates, not for this site
     * or unit type; {@code invalid}: a fixed amount in another currency), or null.
     */
    static String refusal(JsonNode coupon, Plan plan, UUID unitTypeId, LocalDate today) {
        if (!"active".equals(coupon.path("status").asString(""))) {
            return FieldIssue.NOT_ALLOWED;
        }
        LocalDate from = Dates.parseDate(coupon.path("valid_from").asString(null)).orElse(null);
        LocalDate to = Dates.parseDate(coupon.path("valid_to").asString(null)).orElse(null);
        if ((from != null && today.isBefore(from)) || (to != null && today.isAfter(to))) {
            return FieldIssue.NOT_ALLOWED;
        }
        if (!appliesTo(coupon.path("site_ids"), plan.siteId())
                || (unitTypeId != null && !appliesTo(coupon.path("unit_type_ids"), unitTypeId))) {
            return FieldIssue.NOT_ALLOWED;
        }
        if ("fixed_amount".equals(coupon.path("discount_kind").asString(""))
                && !plan.currency().equals(coupon.path("currency").asString(null))) {
            return FieldIssue.INVALID;
        }
        return null;
    }

    private static boolean appliesTo(JsonNode ids, UUID id) {
        if (!ids.isArray() || ids.isEmpty()) {
            return true;
        }
        for (JsonNode each : ids) {
            if (id.toString().equals(each.asString(""))) {
                return true;
            }
        }
        return false;
    }

    /** A promotion of the coupon as it is now defined; its periods from {@code duration}. */
    Promotion of(JsonNode coupon, String source) {
        String duration = coupon.path("duration").asString("once");
        Integer periods = switch (duration) {
            case "once" -> 1;
            case "repeating" -> coupon.path("duration_months").asInt(1);
            default -> null;
        };
        return new Promotion(Ids.newId(), EventData.id(coupon, "id"), coupon.path("code").asString(null),
                coupon.path("name").asString(""), coupon.path("discount_kind").asString("percent"),
                coupon.path("discount_value").asLong(0), duration, periods, 0, source, clock.instant());
    }
}
