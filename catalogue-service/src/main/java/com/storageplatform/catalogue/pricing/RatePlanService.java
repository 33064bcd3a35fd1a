package com.storageplatform.catalogue.pricing;

import com.storageplatform.catalogue.unittype.UnitType;
import com.storageplatform.catalogue.unittype.UnitTypes;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Rate plans of the caller's account. A plan's currency is its unit type's; at most one plan of a unit type is in
 * force on any date (409 naming the plan it would overlap), checked under a lock on the unit type so two requests
 * cannot both pass. Site access follows the unit type's site.
 */
@Service
class RatePlanService {

    private final RatePlanRepository plans;
    private final UnitTypes types;
    private final RatePlanEvents events;
    private final Clock clock;

    RatePlanService(RatePlanRepository plans, UnitTypes types, RatePlanEvents events, Clock clock) {
        this.plans = plans;
        this.types = types;
        this.events = events;
        this.clock = clock;
    }

    Mono<RatePlan> create(Caller caller, CreateRatePlan body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            UUID typeId = v.requiredId("unit_type_id", body.unitTypeId());
            Mono<Optional<UnitType>> type = typeId == null ? Mono.just(Optional.empty())
                    : types.findForUpdate(caller.accountId(), typeId).map(Optional::of)
                            .defaultIfEmpty(Optional.empty());
            return type.flatMap(found -> {
                found.ifPresent(unitType -> SiteAccess.require(caller, unitType.siteId()));
                v.check(typeId != null && found.isEmpty(), "unit_type_id", FieldIssue.NOT_FOUND);
                Instant now = clock.instant();
                RatePlan plan = judge(v, Ids.newId(), found.orElse(null), body, now, now);
                return refuseOverlap(caller, plan)
                        .then(plans.insert(caller.accountId(), plan))
                        .then(events.created(caller, plan))
                        .thenReturn(plan);
            });
        });
    }

    Mono<RatePlan> read(Caller caller, UUID id) {
        return plans.find(caller.accountId(), id).map(plan -> allowed(caller, plan)).switchIfEmpty(notFound());
    }

    Mono<Envelopes.ListOf<RatePlan>> list(Caller caller, UUID siteId, UUID unitTypeId, PageRequest page) {
        return types.requireFilterAccess(caller, siteId, unitTypeId)
                .then(plans.list(caller, siteId, unitTypeId, page));
    }

    Mono<RatePlan> update(Caller caller, UUID id, RatePlanChanges changes) {
        return plans.find(caller.accountId(), id)
                .map(plan -> allowed(caller, plan))
                .switchIfEmpty(notFound())
                // The unit type's lock first, then the plan read again under it: overlap checks queue up.
                .flatMap(found -> types.findForUpdate(caller.accountId(), found.unitTypeId())
                        .flatMap(type -> plans.find(caller.accountId(), id).flatMap(current -> {
                            Validation v = Validation.start();
                            if (changes.unitTypeId() != null && !current.unitTypeId().toString()
                                    .equals(changes.unitTypeId().value())) {
                                v.add("unit_type_id", FieldIssue.IMMUTABLE);
                            }
                            RatePlan changed = judge(v, current.id(), type, changes.applyTo(current),
                                    current.createdAt(), current.updatedAt());
                            if (changed.equals(current)) {
                                return Mono.just(current);
                            }
                            RatePlan saved = changed.updatedAt(clock.instant());
                            return refuseOverlap(caller, saved)
                                    .then(plans.update(caller.accountId(), saved))
                                    .then(events.updated(caller, saved))
                                    .thenReturn(saved);
                        })));
    }

    /** The event carries the plan as it last was: read again under its unit type's lock, as updates take it. */
    Mono<Envelopes.Deleted> delete(Caller caller, UUID id) {
        return plans.find(caller.accountId(), id)
                .map(plan -> allowed(caller, plan))
                .switchIfEmpty(notFound())
                .flatMap(found -> types.findForUpdate(caller.accountId(), found.unitTypeId()))
                .flatMap(type -> plans.find(caller.accountId(), id))
                .switchIfEmpty(notFound())
                .flatMap(last -> plans.delete(caller.accountId(), id)
                        .then(events.deleted(caller, last))
                        .thenReturn(new Envelopes.Deleted(id, RatePlan.OBJECT)));
    }

    /** The whole plan judged; {@code type} is null when it was not found (already recorded on {@code v}). */
    private static RatePlan judge(Validation v, UUID id, UnitType type, CreateRatePlan body, Instant createdAt,
            Instant updatedAt) {
        String name = PricingRules.optionalName(v, body.name());
        Long price = body.priceMinor();
        v.require("price_minor", price).min("price_minor", price, 0)
                .max("price_minor", price, PricingRules.PRICE_MAX_MINOR);
        v.require("currency", body.currency()).currency("currency", body.currency());
        if (type != null && body.currency() != null && !v.has("currency")) {
            // One currency per unit type: its plans price in the currency of its own price.
            v.check(!type.currency().equals(body.currency()), "currency", FieldIssue.INVALID);
        }
        LocalDate from = v.optionalDate("valid_from", body.validFrom());
        LocalDate to = v.optionalDate("valid_to", body.validTo());
        v.check(from != null && to != null && to.isBefore(from), "valid_to", FieldIssue.INVALID);
        v.orThrow();
        return new RatePlan(id, RatePlan.OBJECT, type.siteId(), type.id(), name, price, body.currency(), from, to,
                createdAt, updatedAt);
    }

    private Mono<Void> refuseOverlap(Caller caller, RatePlan plan) {
        return plans.overlapping(caller.accountId(), plan.unitTypeId(), plan.id(), plan.validFrom(), plan.validTo())
                .flatMap(other -> Mono.error(ApiException.conflict("Rate plan " + other.id()
                        + " is already in force for this unit type on some of these dates.")));
    }

    private static RatePlan allowed(Caller caller, RatePlan plan) {
        SiteAccess.require(caller, plan.siteId());
        return plan;
    }

    private static <T> Mono<T> notFound() {
        return Mono.error(() -> ApiException.notFound("rate plan"));
    }
}
