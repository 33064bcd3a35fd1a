package com.storageplatform.compliance.access.device;

import com.storageplatform.kit.id.Ids;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/** What the rest of the access feature reads of the account's hardware devices: the device a report names. */
@Component
public class Devices {

    private final DeviceRepository devices;

    Devices(DeviceRepository devices) {
        this.devices = devices;
    }

    public Mono<HardwareDevice> find(UUID accountId, UUID id) {
        return devices.find(accountId, id);
    }

    /**
     * The device a gate system's report names: by the system's id ({@code external_ref}), else by the platform's
     * id (a system that stores ours, and the simulator for a device given no {@code external_ref}). Empty when the
     * account has no such device.
     */
    public Mono<HardwareDevice> named(UUID accountId, String reference) {
        if (reference == null || reference.isBlank()) {
            return Mono.empty();
        }
        return devices.findByExternalRef(accountId, reference)
                .switchIfEmpty(Mono.defer(() -> Ids.parse(reference).map(id -> devices.find(accountId, id))
                        .orElse(Mono.empty())));
    }

    /** How the device is named in its gate system's reports: its {@code external_ref}, else its id. */
    public static String reference(HardwareDevice device) {
        return device.externalRef() != null ? device.externalRef() : device.id().toString();
    }
}
