package com.storageplatform.catalogue.pricing;

import com.storageplatform.catalogue.unittype.Features;
import com.storageplatform.catalogue.unittype.SiteAndUnitTypeReferences;
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
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Price rules of the caller's account. Named sites and unit types must be the account's (422 {@code not_found} on
 * the entry). A site-restricted caller reads the rules of every site and of its own sites, and writes only rules
 * confined to its own sites (403 {@code site_forbidden} for a rule of all sites or of another site).
 */
@Service
class PriceRuleService {

    private final PriceRuleRepository rules;
    private final UnitTypes types;
    private final SiteAndUnitTypeReferences references;
    private final PriceRuleEvents events;
    private final Clock clock;

    PriceRuleService(PriceRuleRepository rules, UnitTypes types, SiteAndUnitTypeReferences references,
            PriceRuleEvents events, Clock clock) {
        this.rules = rules;
        this.types = types;
        this.references = references;
        this.events = events;
        this.clock = clock;
    }

    Mono<PriceRule> create(Caller caller, CreatePriceRule body) {
        return Mono.defer(() -> {
            Instant now = clock.instant();
            return judge(caller, Ids.newId(), body, now, now).flatMap(rule -> rules.insert(caller.accountId(), rule)
                    .then(events.created(caller, rule))
                    .thenReturn(rule));
        });
    }

    Mono<PriceRule> read(Caller caller, UUID id) {
        return rules.find(caller.accountId(), id, false).map(rule -> visible(caller, rule))
                .switchIfEmpty(notFound());
    }

    Mono<Envelopes.ListOf<PriceRule>> list(Caller caller, String kind, String status, UUID siteId, UUID unitTypeId,
            PageRequest page) {
        return types.requireFilterAccess(caller, siteId, unitTypeId)
                .then(rules.list(caller, kind, status, siteId, unitTypeId, page));
    }

    Mono<PriceRule> update(Caller caller, UUID id, PriceRuleChanges changes) {
        return rules.find(caller.accountId(), id, true)
                .map(rule -> writable(caller, rule))
                .switchIfEmpty(notFound())
                .flatMap(current -> judge(caller, id, changes.applyTo(current), current.createdAt(),
                        current.updatedAt()).flatMap(changed -> {
                            if (changed.equals(current)) {
                                return Mono.just(current);
                            }
                            PriceRule saved = withUpdatedAt(changed, clock.instant());
                            return rules.update(caller.accountId(), saved)
                                    .then(events.updated(caller, saved))
                                    .thenReturn(saved);
                        }));
    }

    Mono<Envelopes.Deleted> delete(Caller caller, UUID id) {
        return rules.find(caller.accountId(), id, true)
                .map(rule -> writable(caller, rule))
                .switchIfEmpty(notFound())
                .flatMap(rule -> rules.delete(caller.accountId(), id)
                        .then(events.deleted(caller, rule))
                        .thenReturn(new Envelopes.Deleted(id, PriceRule.OBJECT)));
    }

    /**
     * The whole rule judged: each field's own rules, the fields its kind and adjustment need (and no others'), then
     * the sites and unit types it names.
     */
    private Mono<PriceRule> judge(Caller caller, UUID id, CreatePriceRule body, Instant createdAt,
            Instant updatedAt) {
        Validation v = Validation.start();
        String name = PricingRules.requiredName(v, body.name());
        String kind = body.kind();
        v.require("kind", kind).oneOf("kind", kind, PriceRule.KINDS);
        String status = body.status() == null ? PriceRule.ACTIVE : body.status();
        v.oneOf("status", status, PriceRule.STATUSES);
        long priority = body.priority() == null ? PricingRules.DEFAULT_PRIORITY : body.priority();
        v.min("priority", priority, 0).max("priority", priority, PricingRules.PRIORITY_MAX);
        String adjustmentKind = body.adjustmentKind();
        v.require("adjustment_kind", adjustmentKind).oneOf("adjustment_kind", adjustmentKind,
                PriceRule.ADJUSTMENT_KINDS);
        Long value = body.adjustmentValue();
        v.require("adjustment_value", value);
        if (PriceRule.PERCENT.equals(adjustmentKind)) {
            v.min("adjustment_value", value, PricingRules.PERCENT_MIN)
                    .max("adjustment_value", value, PricingRules.PERCENT_MAX)
                    .check(body.currency() != null, "currency", FieldIssue.NOT_ALLOWED);
        } else if (PriceRule.FIXED_AMOUNT.equals(adjustmentKind)) {
            v.min("adjustment_value", value, -PricingRules.FIXED_MAX_MINOR)
                    .max("adjustment_value", value, PricingRules.FIXED_MAX_MINOR)
                    .require("currency", body.currency()).currency("currency", body.currency());
        }
        String comparison = body.occupancyComparison();
        Long threshold = body.thresholdPercent();
        LocalDate startsOn = v.optionalDate("starts_on", body.startsOn());
        LocalDate endsOn = v.optionalDate("ends_on", body.endsOn());
        String feature = body.feature();
        boolean occupancy = PriceRule.OCCUPANCY.equals(kind);
        boolean dateRange = PriceRule.DATE_RANGE.equals(kind);
        boolean unitFeature = PriceRule.UNIT_FEATURE.equals(kind);
        if (occupancy) {
            v.require("occupancy_comparison", comparison)
                    .oneOf("occupancy_comparison", comparison, PriceRule.COMPARISONS)
                    .require("threshold_percent", threshold).min("threshold_percent", threshold, 0)
                    .max("threshold_percent", threshold, 100);
        }
        if (dateRange) {
            v.require("starts_on", body.startsOn())
                    .check(startsOn != null && endsOn != null && endsOn.isBefore(startsOn), "ends_on",
                            FieldIssue.INVALID);
        }
        if (unitFeature) {
            v.require("feature", feature).check(feature != null && !Features.isKnown(feature), "feature",
                    FieldIssue.INVALID);
        }
        if (kind != null && PriceRule.KINDS.contains(kind)) {
            // Another kind's condition on this rule would be silently ignored: refuse it instead.
            v.check(!occupancy && comparison != null, "occupancy_comparison", FieldIssue.NOT_ALLOWED)
                    .check(!occupancy && threshold != null, "threshold_percent", FieldIssue.NOT_ALLOWED)
                    .check(!dateRange && body.startsOn() != null, "starts_on", FieldIssue.NOT_ALLOWED)
                    .check(!dateRange && body.endsOn() != null, "ends_on", FieldIssue.NOT_ALLOWED)
                    .check(!unitFeature && feature != null, "feature", FieldIssue.NOT_ALLOWED);
        }
        List<UUID> siteIds = PricingRules.ids(v, "site_ids", body.siteIds());
        List<UUID> unitTypeIds = PricingRules.ids(v, "unit_type_ids", body.unitTypeIds());
        if (caller.isSiteRestricted()) {
            // A rule of every site reaches beyond a restricted credential's sites.
            if (siteIds.isEmpty() && !v.has("site_ids")) {
                throw SiteAccess.forbidden();
            }
            siteIds.forEach(site -> SiteAccess.require(caller, site));
        }
        return references.check(caller, v, body.siteIds(), body.unitTypeIds()).then(Mono.fromCallable(() -> {
            v.orThrow();
            return new PriceRule(id, PriceRule.OBJECT, name, kind, status, (int) priority, adjustmentKind, value,
                    PriceRule.FIXED_AMOUNT.equals(adjustmentKind) ? body.currency() : null,
                    occupancy ? comparison : null, occupancy ? threshold.intValue() : null,
                    dateRange ? startsOn : null, dateRange ? endsOn : null, unitFeature ? feature : null,
                    siteIds, unitTypeIds, createdAt, updatedAt);
        }));
    }

    private static PriceRule withUpdatedAt(PriceRule rule, Instant at) {
        return new PriceRule(rule.id(), rule.object(), rule.name(), rule.kind(), rule.status(), rule.priority(),
                rule.adjustmentKind(), rule.adjustmentValue(), rule.currency(), rule.occupancyComparison(),
                rule.thresholdPercent(), rule.startsOn(), rule.endsOn(), rule.feature(), rule.siteIds(),
                rule.unitTypeIds(), rule.createdAt(), at);
    }

    /** Readable: a rule of every site, or one naming at least one of the caller's sites. */
    private static PriceRule visible(Caller caller, PriceRule rule) {
        if (caller.isSiteRestricted() && !rule.siteIds().isEmpty()
                && rule.siteIds().stream().noneMatch(site -> SiteAccess.allows(caller, site))) {
            throw SiteAccess.forbidden();
        }
        return rule;
    }

    /** Writable: confined to the caller's sites. */
    private static PriceRule writable(Caller caller, PriceRule rule) {
        if (caller.isSiteRestricted()
                && (rule.siteIds().isEmpty() || !rule.siteIds().stream().allMatch(s -> SiteAccess.allows(caller, s)))) {
            throw SiteAccess.forbidden();
        }
        return rule;
    }

    private static <T> Mono<T> notFound() {
        return Mono.error(() -> ApiException.notFound("price rule"));
    }
}
