package com.storageplatform.compliance.access.device;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.openapi.ApiErrors;
import com.storageplatform.kit.openapi.FilteredBy;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.paging.ListFilters;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import org.springframework.http.HttpStatus;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code /v1/hardware-devices} (scopes {@code access:read} and {@code access:write}, at the gateway). */
@RestController
@ScopeFamily("access")
class DeviceResource {

    private final DeviceService devices;

    DeviceResource(DeviceService devices) {
        this.devices = devices;
    }

    /**
     * 201 with the device, {@code active} unless sent {@code inactive}. {@code site_id} must be a site of the account
     * (422 {@code not_found}) within the credential's sites (403 {@code site_forbidden}); a {@code unit_id} a unit of
     * the account (422 {@code not_found}) at that site (422 {@code invalid}). An {@code external_ref} another device
     * of the account has is 409 {@code conflict}.
     */
    @PostMapping("/v1/hardware-devices")
    @ResponseStatus(HttpStatus.CREATED)
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<HardwareDevice>> create(Caller caller, @RequestBody CreateHardwareDevice body) {
        return devices.create(caller, body).map(Envelopes::data);
    }

    /** A device at a site outside a restricted credential's sites is 403. */
    @GetMapping("/v1/hardware-devices/{id}")
    Mono<Envelopes.Data<HardwareDevice>> read(Caller caller, @PathVariable String id) {
        return devices.read(caller, Ids.fromPath(id)).map(Envelopes::data);
    }

    /**
     * Newest first; filters {@code site_id}, {@code kind}, {@code status}. A site-restricted credential sees its
     * own sites' devices, and a {@code site_id} of another site is 403.
     */
    @FilteredBy({"site_id", "kind", "status"})
    @GetMapping("/v1/hardware-devices")
    Mono<Envelopes.ListOf<HardwareDevice>> list(Caller caller, @RequestParam MultiValueMap<String, String> query) {
        ListFilters filters = ListFilters.of(query);
        var f = new DeviceRepository.Filters(filters.id("site_id"), filters.oneOf("kind", HardwareDevice.KINDS),
                filters.oneOf("status", HardwareDevice.STATUSES));
        return devices.list(caller, f, filters.page());
    }

    /**
     * Changes only the fields sent ({@code name}, {@code unit_id}, {@code external_ref}, {@code status}); a device's
     * site and kind are fixed (422 {@code unknown_field}). {@code null} keeps the name and status and clears the
     * others. An {@code external_ref} another device of the account has is 409 {@code conflict}.
     */
    @PatchMapping("/v1/hardware-devices/{id}")
    @ApiErrors(ErrorCode.CONFLICT)
    Mono<Envelopes.Data<HardwareDevice>> update(Caller caller, @PathVariable String id,
            @RequestBody HardwareDeviceChanges body) {
        return devices.update(caller, Ids.fromPath(id), body).map(Envelopes::data);
    }

    /** Deleted; the access events it reported keep its {@code device_id}. */
    @DeleteMapping("/v1/hardware-devices/{id}")
    Mono<Envelopes.Data<Envelopes.Deleted>> delete(Caller caller, @PathVariable String id) {
        return devices.delete(caller, Ids.fromPath(id)).map(Envelopes::data);
    }
}
