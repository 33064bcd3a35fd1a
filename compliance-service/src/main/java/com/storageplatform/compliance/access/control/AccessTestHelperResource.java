package com.storageplatform.compliance.access.control;

import com.storageplatform.compliance.access.credential.AccessCredential;
import com.storageplatform.compliance.access.credential.Credentials;
import com.storageplatform.compliance.access.device.Devices;
import com.storageplatform.compliance.access.device.HardwareDevice;
import com.storageplatform.compliance.access.event.AccessEvent;
import com.storageplatform.compliance.access.event.AccessEvents;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.openapi.ScopeFamily;
import com.storageplatform.kit.time.Dates;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code /v1/test-helpers/access-events}: test credentials only (404 for live ones), scope {@code access:write}. The
 * simulated gate system reports an entry, exit or refusal, and the report goes through {@link AccessReports#receive},
 * the path of every real report, so the access event is recorded exactly as a gate system's would be.
 */
@RestController
@ScopeFamily("access")
class AccessTestHelperResource {

    private final AccessControls controls;
    private final AccessReports reports;
    private final AccessEvents events;
    private final Devices devices;
    private final Credentials credentials;

    AccessTestHelperResource(AccessControls controls, AccessReports reports, AccessEvents events, Devices devices,
            Credentials credentials) {
        this.controls = controls;
        this.reports = reports;
        this.events = events;
        this.devices = devices;
        this.credentials = credentials;
    }

    /**
     * 201 with the access event the simulated gate's report recorded. {@code kind} is {@code entry}, {@code exit} or
     * {@code denied}; {@code device_id} and {@code credential_id} name a device and a credential of the account
     * (422 {@code not_found}; at least one is required), within the credential's sites (403), and at one site (422
     * {@code invalid} on {@code credential_id} otherwise). {@code occurred_at} is RFC 3339, now when left out.
     */
    @PostMapping("/v1/test-helpers/access-events")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Envelopes.Data<AccessEvent>> report(Caller caller, @RequestBody SimulateAccessEvent body) {
        if (caller.environment() != Environment.TEST) {
            throw ApiException.notFound();
        }
        Validation v = Validation.start();
        v.require("kind", body.kind()).oneOf("kind", body.kind(), AccessEvent.KINDS);
        UUID deviceId = v.optionalId("device_id", body.deviceId());
        UUID credentialId = v.optionalId("credential_id", body.credentialId());
        v.check(body.deviceId() == null && body.credentialId() == null, "device_id", FieldIssue.REQUIRED);
        Instant occurredAt = body.occurredAt() == null ? null : Dates.parseDateTime(body.occurredAt()).orElse(null);
        v.check(body.occurredAt() != null && occurredAt == null, "occurred_at", FieldIssue.INVALID);
        UUID account = caller.accountId();
        Mono<Optional<HardwareDevice>> device = deviceId == null ? Mono.just(Optional.empty())
                : devices.find(account, deviceId).map(Optional::of).switchIfEmpty(Mono.fromSupplier(() -> {
                    v.add("device_id", FieldIssue.NOT_FOUND);
                    return Optional.empty();
                }));
        Mono<Optional<AccessCredential>> credential = credentialId == null ? Mono.just(Optional.empty())
                : credentials.find(account, credentialId).map(Optional::of).switchIfEmpty(Mono.fromSupplier(() -> {
                    v.add("credential_id", FieldIssue.NOT_FOUND);
                    return Optional.empty();
                }));
        return Mono.zip(device, credential).flatMap(found -> {
            HardwareDevice d = found.getT1().orElse(null);
            AccessCredential c = found.getT2().orElse(null);
            if (d != null) {
                SiteAccess.require(caller, d.siteId());
            }
            if (c != null) {
                SiteAccess.require(caller, c.siteId());
            }
            v.check(d != null && c != null && !d.siteId().equals(c.siteId()), "credential_id", FieldIssue.INVALID);
            v.orThrow();
            AccessReport report = controls.simulator().reported(account,
                    AccessReport.Kind.valueOf(body.kind().toUpperCase(Locale.ROOT)),
                    d == null ? null : Devices.reference(d), credentialId, occurredAt);
            return reports.receive(report)
                    .then(Mono.defer(() -> events.findByReport(account, report.provider(), report.reportId())));
        }).map(Envelopes::data);
    }
}
