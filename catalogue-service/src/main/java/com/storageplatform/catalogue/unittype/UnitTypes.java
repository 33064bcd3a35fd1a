package com.storageplatform.catalogue.unittype;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import io.r2dbc.spi.Readable;
import java.util.Collection;
import java.util.Map;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * What the other features of the catalogue (units, rate plans, price rules, coupons, availability) may know of an
 * account's unit types. They read it here, never from the {@code unit_types} table (ModuleBoundariesTest).
 * Another account's unit type does not exist here; site access is the caller's to check, except where said.
 */
@Component
public class UnitTypes {

    private final UnitTypeRepository types;

    UnitTypes(UnitTypeRepository types) {
        this.types = types;
    }

    /** The account's unit type, or empty when it has none with this id. */
    public Mono<UnitType> find(UUID accountId, UUID id) {
        return types.find(accountId, id);
    }

    /** As {@link #find}, locked until the transaction ends (new units and rate plans of one type queue up). */
    public Mono<UnitType> findForUpdate(UUID accountId, UUID id) {
        return types.findForUpdate(accountId, id);
    }

    /** The account's unit types at {@code siteIds}, archived ones included. */
    public Flux<UnitType> atSites(UUID accountId, Collection<UUID> siteIds) {
        return siteIds.isEmpty() ? Flux.empty() : types.atSites(accountId, siteIds);
    }

    /** Each of the account's unit types among {@code ids}, with its site; the others are left out. */
    public Mono<Map<UUID, UUID>> sitesOf(UUID accountId, Collection<UUID> ids) {
        return ids.isEmpty() ? Mono.just(Map.of()) : types.sitesOf(accountId, ids);
    }

    /**
     * The site a list's {@code site_id} filter names, and the site of the unit type its {@code unit_type_id}
     * filter names, must be the caller's to see: otherwise 403 {@code site_forbidden}, as for any request naming
     * another site (SiteAccess), rather than an empty list that reads as "none there". A unit type the account
     * does not have only filters to nothing (never 403, so ids cannot be probed).
     */
    public Mono<Void> requireFilterAccess(Caller caller, UUID siteId, UUID unitTypeId) {
        return Mono.defer(() -> {
            if (!caller.isSiteRestricted()) {
                return Mono.empty();
            }
            if (siteId != null) {
                SiteAccess.require(caller, siteId);
            }
            return unitTypeId == null ? Mono.empty()
                    : types.find(caller.accountId(), unitTypeId)
                            .doOnNext(type -> SiteAccess.require(caller, type.siteId()))
                            .then();
        });
    }

    /**
     * SQL for a statement that must read in one go (availability's counts per unit type): the unit type's own
     * columns and {@code extraColumns}, from {@code unit_types}, without WHERE; {@link #fromRow} reads a row.
     */
    public static String selectWith(String... extraColumns) {
        return "SELECT " + UnitTypeRepository.COLUMNS.strip() + ", " + String.join(", ", extraColumns)
                + " FROM unit_types";
    }

    /** A row of {@link #selectWith}'s statement as the unit type. */
    public static UnitType fromRow(Readable row) {
        return UnitTypeRepository.toUnitType(row);
    }
}
