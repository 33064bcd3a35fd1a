package com.storageplatform.catalogue.unit;

import static com.storageplatform.kit.web.Patch.pick;

import com.storageplatform.catalogue.site.Site;
import com.storageplatform.catalogue.site.Sites;
import com.storageplatform.catalogue.unittype.Features;
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
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Units of the caller's account. A unit's unit type is one of its own site's; a site-restricted caller works only
 * at its sites (403 {@code site_forbidden}, also for naming a unit type of another site). Names are unique per site
 * (409). A unit that commerce holds or occupies cannot be taken out of service or archived (409 says which).
 */
@Service
class UnitService {

    private final UnitRepository units;
    private final UnitTypes types;
    private final Sites sites;
    private final UnitEvents events;
    private final Clock clock;

    UnitService(UnitRepository units, UnitTypes types, Sites sites, UnitEvents events, Clock clock) {
        this.units = units;
        this.types = types;
        this.sites = sites;
        this.events = events;
        this.clock = clock;
    }

    Mono<Unit> create(Caller caller, CreateUnit body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            UUID siteId = v.requiredId("site_id", body.siteId());
            UUID typeId = v.requiredId("unit_type_id", body.unitTypeId());
            String name = UnitRules.name(v, body.name());
            String floor = UnitRules.floor(v, body.floor());
            String status = body.status() == null ? Unit.AVAILABLE : UnitRules.status(v, body.status());
            List<String> features = Features.judge(v, "features", body.features());
            String notes = UnitRules.notes(v, body.notes());
            if (siteId != null) {
                SiteAccess.require(caller, siteId);
            }
            Mono<String> site = siteId == null ? Mono.just("") : sites.status(caller.accountId(), siteId);
            // One query after the other: they share the request's transaction, hence its one connection.
            return site.defaultIfEmpty("").zipWhen(siteStatus -> unitType(caller, typeId)).flatMap(found -> {
                Optional<UnitType> type = found.getT2();
                boolean siteKnown = siteId == null || !found.getT1().isEmpty();
                v.check(!siteKnown, "site_id", FieldIssue.NOT_FOUND);
                checkUnitType(v, type, typeId, siteKnown ? siteId : null, caller);
                v.orThrow();
                if (Site.ARCHIVED.equals(found.getT1())) {
                    return Mono.error(ApiException.conflict("The site is archived: it takes no new units."));
                }
                UnitType unitType = type.orElseThrow();
                if (unitType.isArchived() && !Unit.ARCHIVED.equals(status)) {
                    return Mono.error(archivedType());
                }
                return insert(caller, new NewUnit(siteId, typeId, name, floor, status, features, notes));
            });
        });
    }

    /**
     * Writes a unit whose site, unit type and fields were checked, with its {@code unit.created}, in the caller's
     * transaction: 409 when the site already has a unit of that name.
     */
    Mono<Unit> insert(Caller caller, NewUnit fields) {
        return Mono.defer(() -> {
            Instant now = clock.instant();
            Unit unit = new Unit(Ids.newId(), Unit.OBJECT, fields.siteId(), fields.unitTypeId(), fields.name(),
                    fields.floor(), fields.status(), fields.features(), fields.notes(), now, now);
            StoredUnit stored = new StoredUnit(unit, fields.status(), Unit.FREE);
            return refuseTakenName(caller.accountId(), unit, fields.siteId())
                    .then(units.insert(caller.accountId(), stored))
                    .then(events.created(caller, unit))
                    .thenReturn(unit);
        });
    }

    /** 404 when the account has no such unit, 403 when the caller is restricted to other sites. */
    Mono<Unit> read(Caller caller, UUID id) {
        return units.find(caller.accountId(), id).map(stored -> allowed(caller, stored).unit())
                .switchIfEmpty(notFound());
    }

    Mono<Envelopes.ListOf<Unit>> list(Caller caller, UnitFilters filters, PageRequest page) {
        return types.requireFilterAccess(caller, filters.siteId(), filters.unitTypeId())
                .then(units.list(caller, filters, page));
    }

    /** Applies the fields that were sent; a request that changes nothing writes nothing. */
    Mono<Unit> update(Caller caller, UUID id, UnitChanges changes) {
        return units.findForUpdate(caller.accountId(), id)
                .map(stored -> allowed(caller, stored))
                .switchIfEmpty(notFound())
                .flatMap(current -> {
                    Unit unit = current.unit();
                    Validation v = Validation.start();
                    if (changes.siteId() != null
                            && !Objects.equals(changes.siteId().value(), unit.siteId().toString())) {
                        v.add("site_id", FieldIssue.IMMUTABLE);
                    }
                    UUID typeId = pick(changes.unitTypeId(), unit.unitTypeId(),
                            value -> v.requiredId("unit_type_id", value));
                    String name = pick(changes.name(), unit.name(), value -> UnitRules.name(v, value));
                    String floor = pick(changes.floor(), unit.floor(), value -> UnitRules.floor(v, value));
                    String operatorStatus = pick(changes.status(), current.operatorStatus(),
                            value -> UnitRules.status(v, value));
                    List<String> features = pick(changes.features(), unit.features(),
                            value -> Features.judge(v, "features", value));
                    String notes = pick(changes.notes(), unit.notes(), value -> UnitRules.notes(v, value));
                    boolean typeChanged = typeId != null && !typeId.equals(unit.unitTypeId());
                    Mono<Optional<UnitType>> type = typeChanged || changes.status() != null
                            ? unitType(caller, typeId) : Mono.just(Optional.empty());
                    return type.flatMap(found -> {
                        if (typeChanged) {
                            checkUnitType(v, found, typeId, unit.siteId(), caller);
                        }
                        v.orThrow();
                        Unit changed = new Unit(unit.id(), unit.object(), unit.siteId(), typeId, name, floor,
                                Unit.statusOf(operatorStatus, current.occupancy()), features, notes,
                                unit.createdAt(), unit.updatedAt());
                        if (changed.equals(unit) && operatorStatus.equals(current.operatorStatus())) {
                            return Mono.just(unit);
                        }
                        refuseWhileHeld(current, operatorStatus);
                        boolean archivedType = found.map(UnitType::isArchived).orElse(false);
                        if (archivedType && !Unit.ARCHIVED.equals(operatorStatus)) {
                            return Mono.error(archivedType());
                        }
                        Unit saved = changed.withStatus(changed.status(), clock.instant());
                        Mono<Void> nameCheck = name.equalsIgnoreCase(unit.name()) ? Mono.empty()
                                : refuseTakenName(caller.accountId(), saved, unit.siteId());
                        return nameCheck
                                .then(units.update(caller.accountId(),
                                        new StoredUnit(saved, operatorStatus, current.occupancy())))
                                .then(events.changed(caller, unit, saved))
                                .thenReturn(saved);
                    });
                });
    }

    /** Out of service or archived only when commerce neither holds nor occupies the unit. */
    private static void refuseWhileHeld(StoredUnit current, String operatorStatus) {
        boolean takenOut = !Unit.AVAILABLE.equals(operatorStatus)
                && !operatorStatus.equals(current.operatorStatus());
        if (takenOut && current.isHeld()) {
            String why = Unit.OCCUPIED.equals(current.occupancy())
                    ? "The unit is occupied: end its agreement first."
                    : "The unit is reserved: a reservation, booking or online order holds it.";
            throw ApiException.conflict(why + " It cannot be made " + operatorStatus + ".");
        }
    }

    /** The unit type, looked up only when the id is well formed; empty when the account has none such. */
    private Mono<Optional<UnitType>> unitType(Caller caller, UUID typeId) {
        if (typeId == null) {
            return Mono.just(Optional.empty());
        }
        return types.find(caller.accountId(), typeId).map(Optional::of).defaultIfEmpty(Optional.empty());
    }

    /**
     * A named unit type must exist (422 {@code not_found}), be at a site the caller may act at (403), and be of the
     * unit's site (422 {@code invalid}).
     */
    private static void checkUnitType(Validation v, Optional<UnitType> type, UUID typeId, UUID siteId,
            Caller caller) {
        if (typeId == null) {
            return;
        }
        if (type.isEmpty()) {
            v.add("unit_type_id", FieldIssue.NOT_FOUND);
            return;
        }
        SiteAccess.require(caller, type.get().siteId());
        v.check(siteId != null && !type.get().siteId().equals(siteId), "unit_type_id", FieldIssue.INVALID);
    }

    private Mono<Void> refuseTakenName(UUID accountId, Unit unit, UUID siteId) {
        return units.nameTaken(accountId, siteId, unit.name(), unit.id()).flatMap(taken -> taken
                ? Mono.error(ApiException.conflict("A unit named " + unit.name() + " already exists at this site."))
                : Mono.empty());
    }

    private static ApiException archivedType() {
        return ApiException.conflict("The unit type is archived: only an archived unit can be of it.");
    }


    private static StoredUnit allowed(Caller caller, StoredUnit stored) {
        SiteAccess.require(caller, stored.unit().siteId());
        return stored;
    }

    private static <T> Mono<T> notFound() {
        return Mono.error(() -> ApiException.notFound("unit"));
    }
}
