package com.storageplatform.catalogue.unittype;

import static com.storageplatform.kit.web.Patch.pick;

import com.storageplatform.catalogue.pricing.PriceList;
import com.storageplatform.catalogue.site.Site;
import com.storageplatform.catalogue.site.Sites;
import com.storageplatform.catalogue.unit.Units;
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
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Unit types of the caller's account. Another account's unit type does not exist here (404); a site-restricted
 * caller reads, adds and changes only those of its own sites (403 {@code site_forbidden} for the others).
 */
@Service
class UnitTypeService {

    private final UnitTypeRepository types;
    private final UnitTypes access;
    private final Sites sites;
    private final Units units;
    private final PriceList prices;
    private final UnitTypeEvents events;
    private final Clock clock;

    UnitTypeService(UnitTypeRepository types, UnitTypes access, Sites sites, Units units, PriceList prices,
            UnitTypeEvents events, Clock clock) {
        this.types = types;
        this.access = access;
        this.sites = sites;
        this.units = units;
        this.prices = prices;
        this.events = events;
        this.clock = clock;
    }

    Mono<UnitType> create(Caller caller, CreateUnitType body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            UUID siteId = v.requiredId("site_id", body.siteId());
            String name = UnitTypeRules.name(v, body.name());
            String description = UnitTypeRules.description(v, body.description());
            Integer width = UnitTypeRules.size(v, "width_cm", body.widthCm());
            Integer depth = UnitTypeRules.size(v, "depth_cm", body.depthCm());
            Integer height = UnitTypeRules.size(v, "height_cm", body.heightCm());
            long price = UnitTypeRules.priceMinor(v, body.priceMinor());
            String currency = UnitTypeRules.currency(v, body.currency());
            String vat = body.vatTreatment() == null ? UnitTypeRules.DEFAULT_VAT_TREATMENT
                    : UnitTypeRules.vatTreatment(v, body.vatTreatment());
            List<String> features = Features.judge(v, "features", body.features());
            String status = body.status() == null ? UnitType.ACTIVE : UnitTypeRules.status(v, body.status());
            if (siteId != null) {
                SiteAccess.require(caller, siteId);
            }
            Mono<String> siteStatus = siteId == null ? Mono.just("") : sites.status(caller.accountId(), siteId);
            return siteStatus.defaultIfEmpty("").flatMap(site -> {
                v.check(siteId != null && site.isEmpty(), "site_id", FieldIssue.NOT_FOUND);
                v.orThrow();
                if (Site.ARCHIVED.equals(site)) {
                    return Mono.error(ApiException.conflict("The site is archived: it takes no new unit types."));
                }
                Instant now = clock.instant();
                UnitType type = new UnitType(Ids.newId(), UnitType.OBJECT, siteId, name, description, width, depth,
                        height, price, currency, vat, features, status, now, now);
                return types.insert(caller.accountId(), type)
                        .then(events.created(caller, type))
                        .thenReturn(type);
            });
        });
    }

    /** 404 when the account has no such unit type, 403 when the caller is restricted to other sites. */
    Mono<UnitType> read(Caller caller, UUID id) {
        return types.find(caller.accountId(), id).map(type -> allowed(caller, type)).switchIfEmpty(notFound());
    }

    Mono<Envelopes.ListOf<UnitType>> list(Caller caller, UUID siteId, String status, PageRequest page) {
        return access.requireFilterAccess(caller, siteId, null).then(types.list(caller, siteId, status, page));
    }

    /**
     * Applies the fields that were sent; a request that changes nothing writes nothing. Archiving needs every unit
     * of the type archived first, and the currency cannot move away from its rate plans' (409 both).
     */
    Mono<UnitType> update(Caller caller, UUID id, UnitTypeChanges changes) {
        return types.findForUpdate(caller.accountId(), id)
                .map(type -> allowed(caller, type))
                .switchIfEmpty(notFound())
                .flatMap(current -> {
                    UnitType changed = apply(current, changes);
                    if (changed.equals(current)) {
                        return Mono.just(current);
                    }
                    return checkArchiving(caller, current, changed)
                            .then(checkCurrency(caller, current, changed))
                            .then(Mono.defer(() -> {
                                UnitType saved = changed.updatedAt(clock.instant());
                                return types.update(caller.accountId(), saved)
                                        .then(events.changed(caller, current, saved))
                                        .thenReturn(saved);
                            }));
                });
    }

    private Mono<Void> checkArchiving(Caller caller, UnitType current, UnitType changed) {
        if (!changed.isArchived() || current.isArchived()) {
            return Mono.empty();
        }
        return units.unarchivedOfType(caller.accountId(), current.id()).flatMap(units -> units == 0 ? Mono.empty()
                : Mono.error(ApiException.conflict("The unit type still has " + units
                        + " unit(s) that are not archived: archive them first.")));
    }

    private Mono<Void> checkCurrency(Caller caller, UnitType current, UnitType changed) {
        if (current.currency().equals(changed.currency())) {
            return Mono.empty();
        }
        return prices.ratePlanCount(caller.accountId(), current.id()).flatMap(plans -> plans == 0 ? Mono.empty()
                : Mono.error(ApiException.conflict(
                        "The unit type has rate plans in " + current.currency() + ": delete them first.")));
    }

    private static UnitType apply(UnitType current, UnitTypeChanges changes) {
        Validation v = Validation.start();
        if (changes.siteId() != null && !Objects.equals(changes.siteId().value(), current.siteId().toString())) {
            v.add("site_id", FieldIssue.IMMUTABLE);
        }
        UnitType changed = new UnitType(current.id(), current.object(), current.siteId(),
                pick(changes.name(), current.name(), value -> UnitTypeRules.name(v, value)),
                pick(changes.description(), current.description(), value -> UnitTypeRules.description(v, value)),
                pick(changes.widthCm(), current.widthCm(), value -> UnitTypeRules.size(v, "width_cm", value)),
                pick(changes.depthCm(), current.depthCm(), value -> UnitTypeRules.size(v, "depth_cm", value)),
                pick(changes.heightCm(), current.heightCm(), value -> UnitTypeRules.size(v, "height_cm", value)),
                pick(changes.priceMinor(), current.priceMinor(), value -> UnitTypeRules.priceMinor(v, value)),
                pick(changes.currency(), current.currency(), value -> UnitTypeRules.currency(v, value)),
                pick(changes.vatTreatment(), current.vatTreatment(), value -> UnitTypeRules.vatTreatment(v, value)),
                pick(changes.features(), current.features(), value -> Features.judge(v, "features", value)),
                pick(changes.status(), current.status(), value -> UnitTypeRules.status(v, value)),
                current.createdAt(), current.updatedAt());
        v.orThrow();
        return changed;
    }

    private static UnitType allowed(Caller caller, UnitType type) {
        SiteAccess.require(caller, type.siteId());
        return type;
    }

    private static <T> Mono<T> notFound() {
        return Mono.error(() -> ApiException.notFound("unit type"));
    }
}
