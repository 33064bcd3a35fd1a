package com.storageplatform.billing.subscription;

import com.storageplatform.billing.internal.AccountSettings;
import com.storageplatform.billing.internal.Customers;
import com.storageplatform.billing.internal.Records;
import com.storageplatform.billing.invoice.Invoice.Line;
import com.storageplatform.billing.mandate.Mandates;
import com.storageplatform.billing.paymentmethod.PaymentMethods;
import com.storageplatform.billing.subscription.Subscription.Item;
import com.storageplatform.billing.subscription.SubscriptionRules.ItemRequest;
import com.storageplatform.billing.subscription.SubscriptionRules.Terms;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.time.Dates;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Plans of the caller's account: made (on an agreement, or alone for repeating charges), read and listed. What the
 * agreement says (customer, site, move-in date, fee, the unit type's VAT treatment, the booking's promotion) comes
 * from billing's copy of commerce's and the catalogue's records.
 */
@Service
class SubscriptionService {

    private final SubscriptionRepository plans;
    private final SubscriptionEvents events;
    private final Promotions promotions;
    private final PlanCovers covers;
    private final Customers customers;
    private final Records records;
    private final PaymentMethods paymentMethods;
    private final Mandates mandates;
    private final AccountSettings settings;
    private final Clock clock;

    SubscriptionService(SubscriptionRepository plans, SubscriptionEvents events, Promotions promotions,
            PlanCovers covers, Customers customers, Records records, PaymentMethods paymentMethods, Mandates mandates,
            AccountSettings settings, Clock clock) {
        this.plans = plans;
        this.events = events;
        this.promotions = promotions;
        this.covers = covers;
        this.customers = customers;
        this.records = records;
        this.paymentMethods = paymentMethods;
        this.mandates = mandates;
        this.settings = settings;
        this.clock = clock;
    }

    /** What a new plan reads beside its body; each empty when not named or not found. */
    private record Context(Optional<JsonNode> agreement, Optional<JsonNode> unitType, ZoneId zone,
            List<Optional<JsonNode>> products) {
    }

    /**
     * 201 with the plan, {@code pending} until its start date or {@code active} from it
     * ({@code subscription.created}). Every bad field in one 422: the body, then what it names (customer, agreement,
     * products, card, mandate, promotion code).
     */
    Mono<Subscription> create(Caller caller, CreateSubscription body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            Terms terms = SubscriptionRules.check(v, body);
            if (terms.siteId() != null) {
                SiteAccess.require(caller, terms.siteId());
            }
            UUID accountId = caller.accountId();
            return customer(accountId, terms.contactId(), v)
                    .then(context(accountId, terms))
                    .flatMap(context -> cards(accountId, terms, v)
                            .then(Mono.defer(() -> {
                                LocalDate today = LocalDate.ofInstant(clock.instant(), context.zone());
                                Plan plan = plan(v, terms, context, today);
                                List<Item> charges = new ArrayList<>(charges(v, terms, context, plan));
                                return covers.forNewPlan(accountId, plan, context.agreement().orElse(null))
                                        .doOnNext(charges::addAll)
                                        .then(promotions.forNewPlan(caller, v, plan, terms.promotionCode(),
                                                context.agreement().orElse(null), context.unitType().orElse(null))
                                                .map(Optional::of).defaultIfEmpty(Optional.empty()))
                                        .flatMap(promotion -> {
                                            v.orThrow();
                                            return plans.insert(caller, plan)
                                                    .thenMany(Flux.fromIterable(charges).concatMap(charge ->
                                                            plans.insertCharge(accountId, plan.id(), charge,
                                                                    plan.createdAt())))
                                                    .then(promotion.map(p -> plans.insertPromotion(accountId,
                                                            plan.id(), p)).orElse(Mono.empty()))
                                                    .then(events.publish(caller, SubscriptionEvents.CREATED,
                                                            plan.id()));
                                        });
                            })));
        });
    }

    private Mono<Void> customer(UUID accountId, UUID contactId, Validation v) {
        return customers.find(accountId, contactId)
                .doOnNext(customer -> v.check(customer.walkIn(), "contact_id", FieldIssue.NOT_ALLOWED))
                .switchIfEmpty(Mono.fromRunnable(() -> v.add("contact_id", FieldIssue.NOT_FOUND)))
                .then();
    }

    private Mono<Context> context(UUID accountId, Terms terms) {
        Mono<Optional<JsonNode>> agreement = optional(terms.agreementId() == null ? Mono.empty()
                : records.agreement(accountId, terms.agreementId()));
        return agreement.flatMap(a -> {
            UUID unitTypeId = a.map(node -> EventData.id(node, "unit_type_id")).orElse(null);
            Mono<Optional<JsonNode>> unitType = optional(unitTypeId == null ? Mono.empty()
                    : records.unitType(accountId, unitTypeId));
            Mono<ZoneId> zone = records.site(accountId, terms.siteId())
                    .map(site -> ZoneId.of(site.path("timezone").asString("UTC")))
                    .switchIfEmpty(settings.of(accountId).map(AccountSettings.Settings::timezone))
                    .defaultIfEmpty(ZoneId.of("UTC"));
            List<ItemRequest> items = terms.items() == null ? List.of() : terms.items();
            Mono<List<Optional<JsonNode>>> products = Flux.fromIterable(items)
                    .concatMap(item -> optional(item.productId() == null ? Mono.empty()
                            : records.product(accountId, item.productId())))
                    .collectList();
            return Mono.zip(unitType, zone, products).map(t -> new Context(a, t.getT1(), t.getT2(), t.getT3()));
        });
    }

    private Mono<Void> cards(UUID accountId, Terms terms, Validation v) {
        Mono<Void> card = terms.paymentMethodId() == null ? Mono.empty()
                : paymentMethods.card(accountId, terms.contactId(), terms.paymentMethodId())
                        .switchIfEmpty(Mono.fromRunnable(() -> v.add("payment_method_id", FieldIssue.NOT_FOUND)))
                        .then();
        Mono<Void> mandate = terms.mandateId() == null ? Mono.empty()
                : mandates.usable(accountId, terms.contactId(), terms.mandateId())
                        .filter(Boolean::booleanValue)
                        .switchIfEmpty(Mono.fromRunnable(() -> v.add("mandate_id", FieldIssue.NOT_FOUND)))
                        .then();
        return card.then(mandate);
    }

    /** The plan's row: its dates from the agreement or the body, its licence fee, status and rail. */
    private Plan plan(Validation v, Terms t, Context context, LocalDate today) {
        JsonNode agreement = context.agreement().orElse(null);
        if (t.agreementId() != null && agreement == null) {
            v.add("agreement_id", FieldIssue.NOT_FOUND);
        }
        LocalDate moveIn = null;
        long fee = 0;
        boolean hasLicenceFee = false;
        if (agreement != null) {
            v.check(!t.contactId().equals(EventData.id(agreement, "contact_id")), "agreement_id",
                    FieldIssue.NOT_ALLOWED);
            v.check(!t.siteId().equals(EventData.id(agreement, "site_id")), "site_id",
                    FieldIssue.INVALID);
            v.check(!t.currency().equals(agreement.path("currency").asString(null)), "currency", FieldIssue.INVALID);
            if ("terminated".equals(agreement.path("status").asString(""))) {
                v.orThrow();
                throw ApiException.conflict("Agreement " + t.agreementId() + " is terminated; a terminated "
                        + "agreement is not billed.");
            }
            moveIn = Dates.parseDate(agreement.path("move_in_date").asString(null)).orElse(null);
            hasLicenceFee = t.items() == null
                    || t.items().stream().anyMatch(item -> Item.LICENCE_FEE.equals(item.itemType()));
            Long feeSent = t.items() == null ? null : t.items().stream()
                    .filter(item -> Item.LICENCE_FEE.equals(item.itemType()))
                    .map(ItemRequest::amountMinor).filter(a -> a != null).findFirst().orElse(null);
            if (feeSent == null) {
                feeSent = t.amountMinor();
            }
            if (feeSent != null) {
                fee = feeSent;
            } else if (hasLicenceFee) {
                OptionalLong monthly = PriceConversion.convert(agreement.path("licence_fee_minor").asLong(0),
                        Subscription.MONTH, 1, t.interval(), t.count());
                v.check(monthly.isEmpty(), "amount_minor", FieldIssue.REQUIRED);
                fee = monthly.orElse(0);
            }
        }
        LocalDate start = moveIn != null ? moveIn
                : t.startDate() != null ? t.startDate() : t.nextBillingDate() != null ? t.nextBillingDate() : today;
        LocalDate nextBilling = t.nextBillingDate() != null ? t.nextBillingDate() : start;
        v.check(nextBilling.isBefore(start), "next_billing_date", FieldIssue.BELOW_MINIMUM);
        int anchor = t.anchorDay() != null ? t.anchorDay() : BillingPeriods.anchorDayOf(t.interval(), nextBilling);
        String treatment = licenceFeeTreatment(t, context);
        Instant now = clock.instant();
        boolean started = !start.isAfter(today);
        return new Plan(Ids.newId(), t.contactId(), t.siteId(), t.agreementId(),
                started ? Subscription.ACTIVE : Subscription.PENDING, t.interval(), t.count(), t.currency(),
                hasLicenceFee ? fee : 0, hasLicenceFee, treatment, "Licence fee", start, null, null, nextBilling,
                anchor, null, t.paymentMethodId(), t.mandateId(), t.defaultRail(), t.autoCollect(),
                t.collectionWaived(), false, t.customerReference(), context.zone().getId(), null,
                started ? now : null, null, null, null, now, now);
    }

    /** The licence-fee item's own treatment, else the unit type's (docs/api/catalogue.md), else standard rated. */
    private static String licenceFeeTreatment(Terms t, Context context) {
        if (t.items() != null) {
            for (ItemRequest item : t.items()) {
                if (Item.LICENCE_FEE.equals(item.itemType()) && item.vatTreatment() != null) {
                    return item.vatTreatment();
                }
            }
        }
        return context.unitType().map(type -> type.path("vat_treatment").asString(Line.STANDARD_20))
                .orElse(Line.STANDARD_20);
    }

    /** The repeating charges, each priced per billing period of the plan from its own price. */
    private static List<Item> charges(Validation v, Terms t, Context context, Plan plan) {
        List<Item> charges = new ArrayList<>();
        List<ItemRequest> items = t.items() == null ? List.of() : t.items();
        for (int i = 0; i < items.size(); i++) {
            ItemRequest item = items.get(i);
            if (Item.LICENCE_FEE.equals(item.itemType())) {
                continue;
            }
            String description = item.description();
            Long price = item.amountMinor();
            String treatment = item.vatTreatment();
            if (Item.PRODUCT.equals(item.itemType())) {
                JsonNode product = context.products().get(i).orElse(null);
                if (product == null) {
                    v.add(item.at() + ".product_id", FieldIssue.NOT_FOUND);
                    continue;
                }
                if (!t.currency().equals(product.path("currency").asString(null))) {
                    v.add(item.at() + ".product_id", FieldIssue.INVALID);
                    continue;
                }
                description = description != null ? description : product.path("name").asString("Product");
                price = price != null ? price : Math.floorDiv(product.path("unit_price_e4").asLong(0) + 50, 100);
                treatment = treatment != null ? treatment : product.path("vat_treatment").asString(Line.STANDARD_20);
            }
            Item priced = Charges.priced(Ids.newId(), item.itemType(), description, item.productId(), null,
                    item.quantity(), price, item.priceInterval(), item.priceIntervalCount(),
                    treatment == null ? Line.STANDARD_20 : treatment, plan.billingInterval(), plan.intervalCount());
            if (priced == null) {
                v.add(item.at() + ".amount_minor", FieldIssue.INVALID);
                continue;
            }
            charges.add(priced);
        }
        return charges;
    }

    Mono<Subscription> read(Caller caller, UUID id) {
        return plans.plan(caller, id).flatMap(plan -> plans.view(caller.accountId(), plan))
                .switchIfEmpty(Mono.error(ApiException.notFound()));
    }

    Mono<Envelopes.ListOf<Subscription>> list(Caller caller, UUID contactId, UUID agreementId, String status,
            PageRequest page) {
        return plans.list(caller, contactId, agreementId, status, page);
    }

    private static <T> Mono<Optional<T>> optional(Mono<T> mono) {
        return mono.map(Optional::of).defaultIfEmpty(Optional.empty());
    }
}
