package com.storageplatform.compliance.access.event;

import com.storageplatform.compliance.access.credential.AccessCredential;
import com.storageplatform.compliance.access.credential.Credentials;
import com.storageplatform.compliance.access.device.Devices;
import com.storageplatform.compliance.access.device.HardwareDevice;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The account's access events: recorded only from a gate system's reports (the port's one report handler calls
 * {@link #record}), read by the API.
 */
@Component
public class AccessEvents {

    private final AccessEventRepository events;
    private final Devices devices;
    private final Credentials credentials;
    private final Clock clock;

    AccessEvents(AccessEventRepository events, Devices devices, Credentials credentials, Clock clock) {
        this.events = events;
        this.devices = devices;
        this.credentials = credentials;
        this.clock = clock;
    }

    /**
     * Records what a gate system reported, in the report's transaction: at the site of the device it names
     * ({@code deviceRef}, {@link Devices#named}), else of the credential, with the credential's customer and
     * agreement. Empty when it names neither a device nor a credential of the account: there is no site to put it
     * at.
     *
     * @param kind {@code entry}, {@code exit} or {@code denied}
     */
    public Mono<AccessEvent> record(UUID accountId, String provider, String reportId, String kind, String deviceRef,
            UUID credentialId, Instant occurredAt) {
        Mono<Optional<HardwareDevice>> device = devices.named(accountId, deviceRef).map(Optional::of)
                .defaultIfEmpty(Optional.empty());
        Mono<Optional<AccessCredential>> credential = credentialId == null ? Mono.just(Optional.empty())
                : credentials.find(accountId, credentialId).map(Optional::of).defaultIfEmpty(Optional.empty());
        return Mono.zip(device, credential).flatMap(found -> {
            HardwareDevice d = found.getT1().orElse(null);
            AccessCredential c = found.getT2().orElse(null);
            UUID siteId = d != null ? d.siteId() : c != null ? c.siteId() : null;
            if (siteId == null) {
                return Mono.empty();
            }
            Instant now = clock.instant();
            AccessEvent event = new AccessEvent(Ids.newId(), AccessEvent.OBJECT, siteId, kind,
                    d == null ? null : d.id(), c == null ? null : c.id(), c == null ? null : c.contactId(),
                    c == null ? null : c.agreementId(), occurredAt == null ? now : occurredAt, now);
            return events.insert(accountId, event, provider, reportId).thenReturn(event);
        });
    }

    /** The event the system's report made; empty when it made none. */
    public Mono<AccessEvent> findByReport(UUID accountId, String provider, String reportId) {
        return events.findByReport(accountId, provider, reportId);
    }

    Mono<AccessEvent> read(Caller caller, UUID id) {
        return events.find(caller.accountId(), id)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .doOnNext(event -> SiteAccess.require(caller, event.siteId()));
    }

    Mono<Envelopes.ListOf<AccessEvent>> list(Caller caller, AccessEventRepository.Filters filters,
            PageRequest page) {
        if (filters.siteId() != null) {
            SiteAccess.require(caller, filters.siteId());
        }
        return events.list(caller, filters, page);
    }
}
