package com.storageplatform.billing.subscription;

import com.storageplatform.billing.internal.Records;
import com.storageplatform.billing.invoice.Invoice.Line;
import com.storageplatform.billing.subscription.Subscription.Item;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import com.storageplatform.kit.time.Dates;
import com.storageplatform.kit.tracing.TraceLogs;
import java.time.Clock;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * The agreement's cover on its plan, from commerce's {@code cover.*} events (docs/api/commerce.md "Cover"): a
 * repeating charge of the plan that bills the agreement's licence fee, priced monthly by {@link CoverPricing} and
 * converted to the plan's period, from {@code starts_on} to {@code ends_on}. Insurance is an {@code insurance} line
 * (exempt from VAT, carrying IPT); a waiver is a standard-rated fee. A plan made after the cover started takes it from
 * the agreement ({@link #forNewPlan}). Cover that cannot be priced for the plan's period is left off, with a warning.
 */
@Component
class PlanCovers implements EventHandler {

    private static final Logger log = LoggerFactory.getLogger(PlanCovers.class);

    private final SubscriptionRepository plans;
    private final SubscriptionEvents events;
    private final Records records;
    private final Clock clock;

    PlanCovers(SubscriptionRepository plans, SubscriptionEvents events, Records records, Clock clock) {
        this.plans = plans;
        this.events = events;
        this.records = records;
        this.clock = clock;
    }

    @Override
    public String topic() {
        return "commerce.events";
    }

    @Override
    public Set<String> types() {
        return Set.of("cover.started", "cover.changed", "cover.ended");
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        UUID agreementId = EventData.id(event.data(), "agreement_id");
        if (agreementId == null || event.accountId() == null) {
            return Mono.empty();
        }
        Caller caller = event.actingCaller();
        return plans.plansOfAgreementForUpdate(caller.accountId(), agreementId)
                .filter(plan -> plan.hasLicenceFee() && !Subscription.ENDED.equals(plan.status()))
                .next()
                .flatMap(plan -> apply(caller, plan, event.data()))
                .then();
    }

    /** The plan's cover charge as {@code cover} now says; {@code subscription.updated} when it changed. */
    private Mono<Void> apply(Caller caller, Plan plan, JsonNode cover) {
        UUID coverId = EventData.id(cover, "id");
        return plans.charges(caller.accountId(), plan.id())
                .filter(charge -> coverId != null && coverId.equals(charge.coverId()))
                .next().map(List::of).defaultIfEmpty(List.of())
                .flatMap(held -> charge(caller.accountId(), plan, cover, held.isEmpty() ? null : held.get(0).id())
                        .flatMap(charge -> {
                            if (!held.isEmpty() && held.get(0).equals(charge)) {
                                return Mono.empty();
                            }
                            Mono<Void> write = held.isEmpty()
                                    ? plans.insertCharge(caller.accountId(), plan.id(), charge, clock.instant())
                                    : plans.saveCharge(caller.accountId(), plan.id(), charge, clock.instant());
                            return write.then(events.publish(caller, SubscriptionEvents.UPDATED, plan.id()));
                        }))
                .then();
    }

    /** The cover charges a new plan on {@code agreement} starts with: the agreement's cover in force, if any. */
    Mono<List<Item>> forNewPlan(UUID accountId, Plan plan, JsonNode agreement) {
        JsonNode cover = agreement == null ? null : agreement.path("cover");
        if (cover == null || !cover.isObject() || !plan.hasLicenceFee()) {
            return Mono.just(List.of());
        }
        return charge(accountId, plan, cover, null).map(List::of).defaultIfEmpty(List.of());
    }

    /** The charge for {@code cover} on {@code plan} (under {@code id}, else a new one); empty when unpriceable. */
    private Mono<Item> charge(UUID accountId, Plan plan, JsonNode cover, UUID id) {
        UUID productId = EventData.id(cover, "coverage_product_id");
        if (productId == null) {
            return Mono.empty();
        }
        return records.coverageProduct(accountId, productId)
                .flatMap(product -> {
                    boolean insurance = "insurance".equals(product.path("kind").asString(""));
                    Long declared = cover.path("cover_minor").isNumber() ? cover.path("cover_minor").asLong() : null;
                    long monthly;
                    try {
                        monthly = CoverPricing.monthlyPremium(product, declared);
                    } catch (IllegalArgumentException unpriceable) {
                        return TraceLogs.log(() -> log.warn(
                                "Cover {} of plan {} cannot be priced: {}", cover.path("id"), plan.id(),
                                unpriceable.getMessage()));
                    }
                    Item priced = Charges.priced(id != null ? id : com.storageplatform.kit.id.Ids.newId(),
                            insurance ? Item.INSURANCE : Item.WAIVER, product.path("name").asString("Cover"), null,
                            EventData.id(cover, "id"), 1, monthly, Subscription.MONTH, 1,
                            insurance ? Line.EXEMPT : Line.STANDARD_20, plan.billingInterval(), plan.intervalCount());
                    if (priced == null) {
                        return TraceLogs.log(() -> log.warn(
                                "Cover {} of plan {} cannot be priced for its period", cover.path("id"), plan.id()));
                    }
                    return Mono.just(Charges.withDates(priced, date(cover, "starts_on"), date(cover, "ends_on")));
                });
    }

    private static LocalDate date(JsonNode node, String field) {
        return Dates.parseDate(node.path(field).asString(null)).orElse(null);
    }

    /** The plans' cover charges of {@code planIds} end on {@code lastDay}, unless they ended before. */
    Flux<Void> endOn(UUID accountId, Plan plan, LocalDate lastDay) {
        return plans.charges(accountId, plan.id())
                .filter(charge -> charge.coverId() != null
                        && (charge.endsOn() == null || charge.endsOn().isAfter(lastDay)))
                .concatMap(charge -> plans.saveCharge(accountId, plan.id(), Charges.withDates(charge,
                        charge.startsOn(), lastDay), clock.instant()));
    }
}
