package com.storageplatform.billing.subscription;

import com.storageplatform.billing.internal.AccountSettings;
import com.storageplatform.billing.internal.Records;
import com.storageplatform.billing.subscription.PriceIncreaseRules.Change;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.outbox.EventPublisher;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Price increases of plans' licence fees (docs/api/subscriptions.md, "Price increases"): scheduled with the
 * operator's notice for one plan or many in one transaction ({@code price_increase.scheduled} at once), cancelled
 * before they apply, and applied by the billing run on the effective date ({@link #settleDue}). Every change of an
 * increase holds its plan's row lock, as the billing run does, so an increase is applied or cancelled exactly once.
 */
@Service
class PriceIncreases {

    static final String SCHEDULED = "price_increase.scheduled";
    static final String APPLIED = "price_increase.applied";
    /** Internal (not in the public catalogue): the event log and projections see a cancellation. */
    static final String CANCELLED = "price_increase.cancelled";
    /** At most this many plans in one bulk request. */
    static final int MAX_PLANS = 1000;

    private final SubscriptionRepository plans;
    private final PriceIncreaseRepository increases;
    private final EventPublisher events;
    private final AccountSettings settings;
    private final Records records;
    private final Clock clock;

    PriceIncreases(SubscriptionRepository plans, PriceIncreaseRepository increases, EventPublisher events,
            AccountSettings settings, Records records, Clock clock) {
        this.plans = plans;
        this.increases = increases;
        this.events = events;
        this.settings = settings;
        this.records = records;
        this.clock = clock;
    }

    /**
     * Schedules an increase of one plan: every bad field of the body in one 422, then 404, then 409 for a plan that
     * cannot take one (cancelled, ended, no licence fee, an increase scheduled already), then 422 for a date inside
     * the notice period or a new price that does not rise.
     */
    Mono<PriceIncrease> schedule(Caller caller, UUID planId, SchedulePriceIncrease body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            Change change = PriceIncreaseRules.check(v, body);
            v.orThrow();
            UUID accountId = caller.accountId();
            return plans.planForUpdate(caller, planId)
                    .switchIfEmpty(Mono.error(ApiException.notFound()))
                    .zipWhen(plan -> Mono.zip(scheduledOf(accountId, plan.id()),
                            settings.priceIncreaseNoticeDays(accountId)))
                    .flatMap(read -> {
                        Plan plan = read.getT1();
                        String conflict = PriceIncreaseRules.conflict(plan);
                        if (conflict != null) {
                            throw ApiException.conflict("This plan cannot take a price increase: " + conflict + ".");
                        }
                        read.getT2().getT1().ifPresent(existing -> {
                            throw ApiException.conflict(alreadyScheduled(existing));
                        });
                        int notice = read.getT2().getT2();
                        List<FieldIssue> issues = new ArrayList<>();
                        List<String> why = new ArrayList<>();
                        notice(List.of(plan), change, notice, issues, why);
                        judge(plan, change, change.field(), issues, why);
                        if (!issues.isEmpty()) {
                            throw refused(issues, why);
                        }
                        return insert(caller, plan, change, notice);
                    });
        });
    }

    /**
     * Schedules the same change for every plan the filter names or matches, in one transaction: all or nothing. A
     * 422 names every plan refused and why (not found, cancelled or ended, no licence fee, an increase scheduled
     * already, a new price that does not rise), or says that no plan matches.
     */
    Mono<List<PriceIncrease>> scheduleMany(Caller caller, SchedulePriceIncreases body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            SchedulePriceIncreases sent = body != null ? body
                    : new SchedulePriceIncreases(null, null, null, null, null, null, null);
            Change change = PriceIncreaseRules.check(v, sent.change());
            List<UUID> named = named(v, sent);
            UUID siteId = v.optionalId("site_id", sent.siteId());
            UUID unitTypeId = v.optionalId("unit_type_id", sent.unitTypeId());
            v.orThrow();
            if (siteId != null) {
                SiteAccess.require(caller, siteId);
            }
            UUID accountId = caller.accountId();
            Mono<List<Plan>> chosen = (named != null ? lockNamed(accountId, named)
                    : matching(accountId, siteId, unitTypeId)
                            .flatMap(ids -> plans.plansForUpdate(accountId, ids).collectList()))
                    .doOnNext(found -> found.forEach(plan -> SiteAccess.require(caller, plan.siteId())));
            return chosen.zipWith(settings.priceIncreaseNoticeDays(accountId))
                    .flatMap(read -> Flux.fromIterable(read.getT1())
                            .concatMap(plan -> scheduledOf(accountId, plan.id())
                                    .map(existing -> Map.entry(plan, existing)))
                            .collectList()
                            .flatMap(found -> {
                                int notice = read.getT2();
                                List<FieldIssue> issues = new ArrayList<>();
                                List<String> why = new ArrayList<>();
                                notice(read.getT1(), change, notice, issues, why);
                                for (Map.Entry<Plan, Optional<PriceIncrease>> entry : found) {
                                    Plan plan = entry.getKey();
                                    String field = named != null ? "subscription_ids[" + named.indexOf(plan.id())
                                            + "]" : siteId != null ? "site_id" : "unit_type_id";
                                    judgeOneOfMany(plan, entry.getValue(), change, field, issues, why);
                                }
                                if (!issues.isEmpty()) {
                                    throw refused(issues, why);
                                }
                                return Flux.fromIterable(found)
                                        .concatMap(entry -> insert(caller, entry.getKey(), change, notice))
                                        .collectList();
                            }));
        });
    }

    /** The ids of {@code subscription_ids} (1 to 1,000, no repeats), or null when the body matches by filter. */
    private static List<UUID> named(Validation v, SchedulePriceIncreases body) {
        boolean filtered = body.siteId() != null || body.unitTypeId() != null;
        if (body.subscriptionIds() == null) {
            v.check(!filtered, "subscription_ids", FieldIssue.REQUIRED);
            return null;
        }
        v.check(body.siteId() != null, "site_id", FieldIssue.NOT_ALLOWED);
        v.check(body.unitTypeId() != null, "unit_type_id", FieldIssue.NOT_ALLOWED);
        List<String> sent = body.subscriptionIds();
        if (sent.isEmpty()) {
            v.add("subscription_ids", FieldIssue.REQUIRED);
        } else if (sent.size() > MAX_PLANS) {
            v.add("subscription_ids", FieldIssue.ABOVE_MAXIMUM);
        }
        List<UUID> ids = new ArrayList<>();
        Set<UUID> seen = new HashSet<>();
        for (int i = 0; i < sent.size() && i < MAX_PLANS; i++) {
            String field = "subscription_ids[" + i + "]";
            UUID id = v.requiredId(field, sent.get(i));
            if (id != null && !seen.add(id)) {
                v.add(field, FieldIssue.DUPLICATE);
            }
            ids.add(id);
        }
        return ids;
    }

    /** The plans named, locked; each id the account has no plan of is 422 {@code not_found}. */
    private Mono<List<Plan>> lockNamed(UUID accountId, List<UUID> ids) {
        return plans.plansForUpdate(accountId, ids).collectList().map(found -> {
            Set<UUID> present = new HashSet<>(found.stream().map(Plan::id).toList());
            Validation v = Validation.start();
            for (int i = 0; i < ids.size(); i++) {
                v.check(!present.contains(ids.get(i)), "subscription_ids[" + i + "]", FieldIssue.NOT_FOUND);
            }
            v.orThrow();
            return found;
        });
    }

    /**
     * The ids of the plans that may take an increase of the site and unit type named (the unit type is the
     * agreement's, from commerce's records); 422 when none does, or when more than {@link #MAX_PLANS} do.
     */
    private Mono<List<UUID>> matching(UUID accountId, UUID siteId, UUID unitTypeId) {
        String field = siteId != null ? "site_id" : "unit_type_id";
        // Read whole before the agreements are looked up: one connection serves the transaction.
        return plans.increasablePlans(accountId, siteId).collectList()
                .flatMapMany(Flux::fromIterable)
                .filterWhen(plan -> unitTypeId == null ? Mono.just(true) : plan.agreementId() == null
                        ? Mono.just(false)
                        : records.agreement(accountId, plan.agreementId())
                                .map(agreement -> unitTypeId.equals(EventData.id(agreement, "unit_type_id")))
                                .defaultIfEmpty(false))
                .map(Plan::id)
                .collectList()
                .map(ids -> {
                    if (ids.isEmpty()) {
                        throw ApiException.invalid(field, FieldIssue.NOT_FOUND, "No plan that is pending, active or "
                                + "past due with a licence fee matches the filter; nothing was scheduled.");
                    }
                    if (ids.size() > MAX_PLANS) {
                        throw ApiException.invalid(field, FieldIssue.ABOVE_MAXIMUM, ids.size() + " plans match; "
                                + "at most " + MAX_PLANS + " are scheduled in one request: narrow the filter.");
                    }
                    return ids;
                });
    }

    private static void judgeOneOfMany(Plan plan, Optional<PriceIncrease> existing, Change change, String field,
            List<FieldIssue> issues, List<String> why) {
        String conflict = PriceIncreaseRules.conflict(plan);
        if (conflict != null) {
            issues.add(new FieldIssue(field, FieldIssue.NOT_ALLOWED));
            why.add("Plan " + plan.id() + " cannot take a price increase: " + conflict + ".");
            return;
        }
        if (existing.isPresent()) {
            issues.add(new FieldIssue(field, FieldIssue.NOT_ALLOWED));
            why.add("Plan " + plan.id() + ": " + alreadyScheduled(existing.get()));
            return;
        }
        judge(plan, change, field, issues, why);
    }

    /**
     * {@code effective_date} must give every plan the operator's notice, counted from today at each plan's site:
     * one issue, naming the first date every plan can take.
     */
    private void notice(List<Plan> chosen, Change change, int notice, List<FieldIssue> issues, List<String> why) {
        if (chosen.isEmpty()) {
            return;
        }
        LocalDate earliest = chosen.stream()
                .map(plan -> PriceIncreaseRules.earliest(LocalDate.ofInstant(clock.instant(),
                        ZoneId.of(plan.timezone())), notice))
                .max(LocalDate::compareTo).orElseThrow();
        if (change.effectiveDate().isBefore(earliest)) {
            issues.add(new FieldIssue(PriceIncreaseRules.EFFECTIVE_DATE, FieldIssue.BELOW_MINIMUM));
            why.add("The operator gives " + notice + " days' notice of a price increase: the earliest "
                    + PriceIncreaseRules.EFFECTIVE_DATE + " is " + earliest + ".");
        }
    }

    /** The new price, judged for one plan; a plan's failure is named on {@code field}. */
    private static void judge(Plan plan, Change change, String field, List<FieldIssue> issues, List<String> why) {
        String amountIssue = PriceIncreaseRules.amountIssue(plan, change);
        if (amountIssue != null) {
            boolean single = field.equals(change.field());
            issues.add(new FieldIssue(field, amountIssue));
            why.add((single ? "The plan's" : "Plan " + plan.id() + ": its") + " licence fee is " + plan.amountMinor()
                    + " " + plan.currency() + "; " + change.field() + (FieldIssue.BELOW_MINIMUM.equals(amountIssue)
                            ? " must raise it." : " would take it above " + SubscriptionRules.MAX_AMOUNT_MINOR + "."));
        }
    }

    private static String alreadyScheduled(PriceIncrease existing) {
        return "a price increase is scheduled already (" + existing.id() + ", effective " + existing.effectiveDate()
                + "); a plan takes one at a time: cancel it first.";
    }

    private static ApiException refused(List<FieldIssue> issues, List<String> why) {
        return new ApiException(ErrorCode.VALIDATION_ERROR, ErrorCode.VALIDATION_ERROR.status(),
                String.join(" ", why), issues, Map.of());
    }

    private Mono<PriceIncrease> insert(Caller caller, Plan plan, Change change, int notice) {
        PriceIncrease increase = new PriceIncrease(Ids.newId(), PriceIncrease.OBJECT, plan.id(), plan.agreementId(),
                plan.contactId(), PriceIncrease.SCHEDULED, plan.amountMinor(), change.newAmount(plan.amountMinor()),
                plan.currency(), change.effectiveDate(), notice, clock.instant(), null, null);
        return increases.insert(caller.accountId(), increase)
                .then(events.publish(caller, SCHEDULED, increase.id(), increase))
                .thenReturn(increase);
    }

    private Mono<Optional<PriceIncrease>> scheduledOf(UUID accountId, UUID planId) {
        return increases.scheduled(accountId, planId).map(Optional::of).defaultIfEmpty(Optional.empty());
    }

    /** Cancels a scheduled increase of the plan (internal {@code price_increase.cancelled}); 409 once settled. */
    Mono<PriceIncrease> cancel(Caller caller, UUID planId, UUID increaseId) {
        UUID accountId = caller.accountId();
        return plans.planForUpdate(caller, planId)
                .then(increases.find(accountId, increaseId))
                .filter(increase -> increase.subscriptionId().equals(planId))
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .flatMap(increase -> {
                    if (!PriceIncrease.SCHEDULED.equals(increase.status())) {
                        throw ApiException.conflict("This price increase is " + increase.status()
                                + " already; only a scheduled one can be cancelled.");
                    }
                    return settle(caller, increase.cancelled(clock.instant()), CANCELLED);
                })
                .switchIfEmpty(Mono.error(() -> ApiException.conflict("This price increase was settled meanwhile; "
                        + "read it again.")));
    }

    /** The increase moved to its settled status, with its event; empty when it was no longer scheduled. */
    private Mono<PriceIncrease> settle(Caller caller, PriceIncrease settled, String type) {
        Instant at = PriceIncrease.APPLIED.equals(settled.status()) ? settled.appliedAt() : settled.cancelledAt();
        return increases.settle(caller.accountId(), settled.id(), settled.status(), at)
                .filter(Boolean::booleanValue)
                .flatMap(done -> events.publish(caller, type, settled.id(), settled).thenReturn(settled));
    }

    /** The plan's increase still to apply, if any (at most one); the billing run reads it once for each plan. */
    Mono<Optional<PriceIncrease>> scheduled(Caller caller, UUID planId) {
        return increases.scheduled(caller.accountId(), planId).map(Optional::of).defaultIfEmpty(Optional.empty());
    }

    /**
     * In the billing run, the plan's row locked, its scheduled increase whose effective date has come: it moves the
     * licence fee ({@code price_increase.applied}), and the plan is returned with its new price, for the caller to
     * save. An increase dated after the plan's last day (or of a plan ended) is cancelled instead.
     */
    Mono<Plan> settleDue(Caller caller, Plan plan, PriceIncrease increase) {
        Instant now = clock.instant();
        boolean planEnds = Subscription.ENDED.equals(plan.status())
                || plan.endsOn() != null && increase.effectiveDate().isAfter(plan.endsOn());
        if (planEnds) {
            return settle(caller, increase.cancelled(now), CANCELLED).thenReturn(plan);
        }
        return settle(caller, increase.applied(now), APPLIED)
                .map(applied -> plan.edit().amountMinor(applied.newAmountMinor()).updatedAt(now).build())
                .defaultIfEmpty(plan);
    }

    Mono<PriceIncrease> read(Caller caller, UUID id) {
        return increases.find(caller.accountId(), id)
                .flatMap(increase -> plans.plan(caller, increase.subscriptionId()).thenReturn(increase))
                .switchIfEmpty(Mono.error(ApiException.notFound()));
    }

    /** The plan's increases (404 for no such plan). */
    Mono<Envelopes.ListOf<PriceIncrease>> ofPlan(Caller caller, UUID planId, PageRequest page) {
        return plans.plan(caller, planId)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .then(increases.list(caller, planId, null, null, null, page));
    }

    Mono<Envelopes.ListOf<PriceIncrease>> list(Caller caller, UUID planId, String status, LocalDate from,
            LocalDate to, PageRequest page) {
        return increases.list(caller, planId, status, from, to, page);
    }
}
