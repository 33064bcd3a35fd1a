package com.storageplatform.compliance.access.device;

import com.storageplatform.compliance.access.device.DeviceRules.Sent;
import com.storageplatform.compliance.access.device.DeviceRules.Terms;
import com.storageplatform.compliance.internal.Records;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.FieldIssue;
import com.storageplatform.kit.web.Patch;
import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Mono;

/**
 * Hardware devices of the caller's account: the transaction of each request. Order of judgement: 404; 403 (the
 * device, then the site named); every bad field and unknown record in one 422; 409 for an {@code external_ref}
 * another device has. Devices publish no events: the spec lists none, and only compliance reads them.
 */
@Service
class DeviceService {

    private final DeviceRepository devices;
    private final Records records;
    private final Clock clock;

    DeviceService(DeviceRepository devices, Records records, Clock clock) {
        this.devices = devices;
        this.records = records;
        this.clock = clock;
    }

    Mono<HardwareDevice> create(Caller caller, CreateHardwareDevice body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            Terms t = DeviceRules.check(v, body);
            return site(caller, v, t.siteId())
                    .then(unit(caller.accountId(), v, t.unitId(), t.siteId()))
                    .then(Mono.defer(() -> {
                        v.orThrow();
                        Instant now = clock.instant();
                        HardwareDevice device = new HardwareDevice(Ids.newId(), HardwareDevice.OBJECT, t.siteId(),
                                t.unitId(), t.kind(), t.name(), t.externalRef(), t.status(), now, now);
                        return devices.insert(caller.accountId(), device)
                                .flatMap(stored -> stored ? Mono.just(device)
                                        : Mono.error(duplicate(device.externalRef())));
                    }));
        });
    }

    Mono<HardwareDevice> read(Caller caller, UUID id) {
        return devices.find(caller.accountId(), id)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .doOnNext(device -> SiteAccess.require(caller, device.siteId()));
    }

    Mono<Envelopes.ListOf<HardwareDevice>> list(Caller caller, DeviceRepository.Filters filters, PageRequest page) {
        if (filters.siteId() != null) {
            SiteAccess.require(caller, filters.siteId());
        }
        return devices.list(caller, filters, page);
    }

    /**
     * Applies the fields sent; a change of {@code unit_id} is judged as on create against the device's site, and an
     * {@code external_ref} of another device of the account is 409. A request that changes nothing answers the
     * device as it is.
     */
    Mono<HardwareDevice> update(Caller caller, UUID id, HardwareDeviceChanges body) {
        return locked(caller, id).flatMap(current -> {
            Validation v = Validation.start();
            Sent sent = DeviceRules.check(v, body);
            UUID unitId = Patch.apply(sent.unitId(), current.unitId());
            Mono<Void> unit = Patch.sent(sent.unitId()) ? unit(caller.accountId(), v, unitId, current.siteId())
                    : Mono.empty();
            return unit.then(Mono.defer(() -> {
                v.orThrow();
                HardwareDevice after = current.edited(unitId, sent.name() != null ? sent.name() : current.name(),
                        Patch.apply(sent.externalRef(), current.externalRef()),
                        sent.status() != null ? sent.status() : current.status());
                if (after.equals(current)) {
                    return Mono.just(current);
                }
                HardwareDevice saved = after.updatedAt(clock.instant());
                return unusedRef(caller.accountId(), saved)
                        .then(devices.save(caller.accountId(), saved))
                        .thenReturn(saved);
            }));
        });
    }

    /** Deleted; the access events it reported keep its id. */
    Mono<Envelopes.Deleted> delete(Caller caller, UUID id) {
        return locked(caller, id).flatMap(device -> devices.delete(caller.accountId(), device.id())
                .thenReturn(new Envelopes.Deleted(device.id(), HardwareDevice.OBJECT)));
    }

    private Mono<HardwareDevice> locked(Caller caller, UUID id) {
        return devices.findForUpdate(caller.accountId(), id)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .doOnNext(device -> SiteAccess.require(caller, device.siteId()));
    }

    /** A site of the account (422 {@code not_found}), within the caller's sites (403). */
    private Mono<Void> site(Caller caller, Validation v, UUID siteId) {
        if (siteId == null) {
            return Mono.empty();
        }
        return records.site(caller.accountId(), siteId)
                .doOnNext(site -> SiteAccess.require(caller, siteId))
                .switchIfEmpty(Mono.fromRunnable(() -> v.add("site_id", FieldIssue.NOT_FOUND)))
                .then();
    }

    /** A unit of the account (422 {@code not_found}) at the device's site ({@code invalid} otherwise). */
    private Mono<Void> unit(UUID accountId, Validation v, UUID unitId, UUID siteId) {
        if (unitId == null) {
            return Mono.empty();
        }
        return records.unit(accountId, unitId)
                .doOnNext(unit -> v.check(!Objects.equals(EventData.id(unit, "site_id"), siteId), "unit_id",
                        FieldIssue.INVALID))
                .switchIfEmpty(Mono.fromRunnable(() -> v.add("unit_id", FieldIssue.NOT_FOUND)))
                .then();
    }

    /** 409 when another device of the account has the device's {@code external_ref}. */
    private Mono<Void> unusedRef(UUID accountId, HardwareDevice device) {
        if (device.externalRef() == null) {
            return Mono.empty();
        }
        return devices.findByExternalRef(accountId, device.externalRef())
                .filter(other -> !other.id().equals(device.id()))
                .flatMap(other -> Mono.<Void>error(duplicate(device.externalRef())))
                .then();
    }

    private static ApiException duplicate(String externalRef) {
        return ApiException.conflict("Another hardware device of this account has external_ref \"" + externalRef
                + "\": a gate system's reports name each device by its own.");
    }
}
