package com.storageplatform.commerce.order;

import static com.storageplatform.kit.inbox.EventData.text;

import com.storageplatform.commerce.internal.CatalogueRecords;
import com.storageplatform.commerce.order.OrderPricing.CouponTerms;
import com.storageplatform.commerce.order.OrderPricing.CoverItem;
import com.storageplatform.commerce.order.OrderPricing.Inputs;
import com.storageplatform.commerce.order.OrderPricing.Priced;
import com.storageplatform.commerce.order.OrderPricing.ProductItem;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.FieldIssue;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Turns what a customer chose (coupon, cover, products) into the inputs of {@link OrderPricing}, from the
 * catalogue's records commerce keeps, recording every refused choice on the request's {@link Validation}.
 */
@Component
class OrderQuoting {

    private final CatalogueRecords records;

    OrderQuoting(CatalogueRecords records) {
        this.records = records;
    }

    /**
     * What the order is priced from.
     *
     * @param couponCode    the code the customer typed; null for none (auto-apply coupons are then considered)
     * @param keepCouponId  a coupon the order already carries, kept as it is when no code is sent; null for none
     */
    record Choices(UUID accountId, String source, UUID siteId, UUID unitTypeId, String unitName,
            String unitVatTreatment, LocalDate moveIn, LocalDate today, long monthlyFeeMinor, String currency,
            Long depositMinor, String couponCode, UUID keepCouponId, UUID coverageProductId,
            List<Order.ProductLine> products) {
    }

    /** The price, and the coupon it carries. */
    record Quote(Priced priced, UUID couponId, String couponCode, Inputs inputs) {
    }

    Mono<Quote> quote(Choices c, Validation v) {
        Mono<Optional<CoverItem>> cover = cover(c, v);
        Mono<List<ProductItem>> products = products(c, v);
        return Mono.zip(cover, products).flatMap(chosen -> {
            Inputs base = new Inputs(c.moveIn(), c.monthlyFeeMinor(), c.currency(), c.unitVatTreatment(),
                    c.unitName(), chosen.getT2(), chosen.getT1().orElse(null), c.depositMinor(), null);
            return coupon(c, v, base).map(coupon -> coupon.isEmpty()
                    ? new Quote(OrderPricing.price(base), null, null, base)
                    : new Quote(OrderPricing.price(base.withCoupon(coupon.get())), coupon.get().id(),
                            coupon.get().code(), base.withCoupon(coupon.get())));
        });
    }

    private Mono<Optional<CoverItem>> cover(Choices c, Validation v) {
        if (c.coverageProductId() == null) {
            return Mono.just(Optional.empty());
        }
        return records.coverageProduct(c.accountId(), c.coverageProductId())
                .map(product -> {
                    if (!OrderRules.coverSellable(product, c.currency())) {
                        v.add("coverage_product_id", FieldIssue.NOT_ALLOWED);
                        return Optional.<CoverItem>empty();
                    }
                    return Optional.of(new CoverItem(c.coverageProductId(), text(product, "name"),
                            product.get("price_minor").asLong()));
                })
                .switchIfEmpty(Mono.fromSupplier(() -> {
                    v.add("coverage_product_id", FieldIssue.NOT_FOUND);
                    return Optional.empty();
                }));
    }

    private Mono<List<ProductItem>> products(Choices c, Validation v) {
        List<Order.ProductLine> lines = c.products();
        return Flux.range(0, lines.size())
                .concatMap(i -> {
                    Order.ProductLine line = lines.get(i);
                    String field = "products[" + i + "].product_id";
                    return records.product(c.accountId(), line.productId())
                            .map(product -> {
                                String issue = OrderRules.productIssue(product, c.source(), c.currency());
                                if (issue != null) {
                                    v.add(field, issue);
                                    return Optional.<ProductItem>empty();
                                }
                                JsonNode threshold = product.get("standard_rate_above_per_day");
                                return Optional.of(new ProductItem(line.productId(),
                                        text(product, "name"), line.quantity(),
                                        product.path("unit_price_e4").asLong(0),
                                        text(product, "vat_treatment"),
                                        threshold == null || threshold.isNull() ? null : threshold.asLong()));
                            })
                            .switchIfEmpty(Mono.fromSupplier(() -> {
                                v.add(field, FieldIssue.NOT_FOUND);
                                return Optional.empty();
                            }));
                })
                .filter(Optional::isPresent)
                .map(Optional::get)
                .collectList();
    }

    /**
     * The coupon of the order: the code sent (422 {@code not_found} when the account has none with it,
     * {@code not_allowed} when it cannot be used here); else the coupon the order carries; else, of the active
     * {@code auto_apply} coupons usable here, the one taking most off today's total (ties: the oldest).
     */
    private Mono<Optional<CouponTerms>> coupon(Choices c, Validation v, Inputs base) {
        if (c.couponCode() != null) {
            return records.couponByCode(c.accountId(), c.couponCode())
                    .map(coupon -> {
                        if (!OrderRules.couponUsable(coupon, c.source(), c.siteId(), c.unitTypeId(), c.today(),
                                c.currency())) {
                            v.add("coupon_code", FieldIssue.NOT_ALLOWED);
                            return Optional.<CouponTerms>empty();
                        }
                        return Optional.of(OrderRules.terms(coupon));
                    })
                    .switchIfEmpty(Mono.fromSupplier(() -> {
                        v.add("coupon_code", FieldIssue.NOT_FOUND);
                        return Optional.empty();
                    }));
        }
        if (c.keepCouponId() != null) {
            return records.coupon(c.accountId(), c.keepCouponId())
                    .map(coupon -> Optional.of(OrderRules.terms(coupon)))
                    .defaultIfEmpty(Optional.empty());
        }
        return records.autoApplyCoupons(c.accountId())
                .filter(coupon -> OrderRules.couponUsable(coupon, c.source(), c.siteId(), c.unitTypeId(), c.today(),
                        c.currency()))
                .map(OrderRules::terms)
                .collectList()
                .map(candidates -> best(candidates, base));
    }

    /** The candidate taking most off today's total, then off the recurring amount; ties go to the first. */
    static Optional<CouponTerms> best(List<CouponTerms> candidates, Inputs base) {
        List<CouponTerms> giving = new ArrayList<>();
        for (CouponTerms candidate : candidates) {
            if (OrderPricing.price(base.withCoupon(candidate)).discountMinor() > 0) {
                giving.add(candidate);
            }
        }
        Priced none = OrderPricing.price(base);
        return giving.stream().max(Comparator
                .comparingLong((CouponTerms t) -> OrderPricing.price(base.withCoupon(t)).discountMinor())
                .thenComparingLong(t -> none.recurringAmountMinor()
                        - OrderPricing.price(base.withCoupon(t)).recurringAmountMinor())
                .thenComparing(t -> -giving.indexOf(t)));
    }
}
