package com.storageplatform.billing.overlock;

import com.storageplatform.billing.internal.Records;
import com.storageplatform.billing.overlock.OverlockRepository.Stored;
import com.storageplatform.billing.overlock.OverlockTransitions.Outcome;
import com.storageplatform.billing.overlock.OverlockTransitions.Settled;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.SiteAccess;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.FieldIssue;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Overlocks of the caller's account: asked for (by hand or by the dunning ladder), released, and moved by the lock
 * system's confirmations ({@link OverlockTransitions}). At most one is in force per agreement (a partial unique
 * index), so two requests racing for the same unit make one overlock.
 */
@Service
class OverlockService {

    static final int REASON_MAX = 500;

    private final OverlockRepository overlocks;
    private final OverlockEvents events;
    private final Records records;
    private final Clock clock;

    OverlockService(OverlockRepository overlocks, OverlockEvents events, Records records, Clock clock) {
        this.overlocks = overlocks;
        this.events = events;
        this.records = records;
        this.clock = clock;
    }

    /**
     * An overlock applied by hand: the agreement must be the account's (422 {@code not_found}) and hold a unit
     * (409), at one of the caller's sites (403), with no overlock in force (409).
     */
    Mono<Overlock> create(Caller caller, CreateOverlock body) {
        return Mono.defer(() -> {
            Validation v = Validation.start();
            UUID agreementId = v.requiredId("agreement_id", body.agreementId());
            String reason = body.reason() == null ? null : body.reason().strip();
            v.require("reason", reason).maxLength("reason", reason, REASON_MAX).printable("reason", reason, false);
            v.orThrow();
            return records.agreement(caller.accountId(), agreementId)
                    .switchIfEmpty(Mono.error(() -> ApiException.invalid("agreement_id", FieldIssue.NOT_FOUND)))
                    .flatMap(agreement -> {
                        UUID siteId = EventData.id(agreement, "site_id");
                        SiteAccess.require(caller, siteId);
                        if (!Records.holdsUnit(agreement)) {
                            return Mono.error(ApiException.conflict("This agreement holds no unit to lock (it is "
                                    + agreement.path("status").asString("") + ")."));
                        }
                        return request(caller, agreement, null, reason)
                                .switchIfEmpty(Mono.error(() -> ApiException.conflict("This agreement's unit has an "
                                        + "overlock in force already; release it first.")));
                    });
        });
    }

    /**
     * An overlock asked of the lock system for the agreement's unit ({@code overlock.requested}); empty when the
     * agreement has one in force already (never a double lock).
     */
    Mono<Overlock> request(Caller caller, JsonNode agreement, UUID caseId, String reason) {
        Instant now = clock.instant();
        Overlock overlock = new Overlock(Ids.newId(), Overlock.OBJECT, EventData.id(agreement, "id"),
                EventData.id(agreement, "contact_id"), EventData.id(agreement, "site_id"),
                EventData.id(agreement, "unit_id"), caseId, Overlock.REQUESTED, reason, null, now, null, null, null,
                null, null, null, now, now);
        return overlocks.insert(caller.accountId(), overlock)
                .filter(Boolean::booleanValue)
                .flatMap(inserted -> events.publish(caller, OverlockEvents.REQUESTED, overlock));
    }

    Mono<Overlock> read(Caller caller, UUID id) {
        return overlocks.find(caller.accountId(), id)
                .map(Stored::overlock)
                .filter(o -> SiteAccess.allows(caller, o.siteId()))
                .switchIfEmpty(Mono.error(ApiException.notFound()));
    }

    Mono<Envelopes.ListOf<Overlock>> list(Caller caller, UUID contactId, UUID agreementId, String status,
            PageRequest page) {
        return overlocks.list(caller.accountId(), caller.siteIds(), contactId, agreementId, status, page);
    }

    /**
     * Its release asked of the lock system ({@code overlock.release_requested}): from {@code requested} or
     * {@code applied} (again after a failed release); one whose release is asked already is answered as it is; a
     * {@code released} or {@code failed} one is 409.
     */
    Mono<Overlock> release(Caller caller, UUID id) {
        return overlocks.findForUpdate(caller.accountId(), id)
                .filter(stored -> SiteAccess.allows(caller, stored.overlock().siteId()))
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .flatMap(stored -> {
                    String status = stored.overlock().status();
                    if (Overlock.RELEASE_REQUESTED.equals(status)) {
                        return Mono.just(stored.overlock());
                    }
                    if (!stored.overlock().inForce()) {
                        return Mono.error(ApiException.conflict("This overlock is " + status + "; there is no lock "
                                + "of ours to release" + (Overlock.FAILED.equals(status)
                                ? " (the lock system could not apply it: unlock the unit by hand if it was locked)."
                                : ".")));
                    }
                    return releaseNow(caller, stored);
                });
    }

    /** Asks for the release of each of the case's overlocks in force (the case closed); answers how many. */
    Mono<Long> releaseForCase(Caller caller, UUID caseId) {
        return overlocks.inForceOfCaseForUpdate(caller.accountId(), caseId)
                .filter(stored -> !Overlock.RELEASE_REQUESTED.equals(stored.overlock().status()))
                .concatMap(stored -> releaseNow(caller, stored))
                .count();
    }

    private Mono<Overlock> releaseNow(Caller caller, Stored stored) {
        Instant now = clock.instant();
        LockState s = stored.lock();
        LockState asked = new LockState(Overlock.RELEASE_REQUESTED, s.applyConfirmedAt(), s.applyFailedAt(),
                s.failureReason(), s.releaseConfirmedAt(), null, null, s.appliedPublishedAt(),
                s.releasedPublishedAt(), s.settledCommandIds());
        UUID id = stored.overlock().id();
        return overlocks.save(caller.accountId(), id, asked, now, now)
                .then(overlocks.find(caller.accountId(), id))
                .flatMap(saved -> events.publish(caller, OverlockEvents.RELEASE_REQUESTED, saved.overlock()));
    }

    /** A lock command settled: the overlock moved as {@link OverlockTransitions} says, with its public events. */
    Mono<Void> settled(Caller caller, UUID id, Settled settled) {
        return overlocks.findForUpdate(caller.accountId(), id)
                .flatMap(stored -> {
                    Instant now = clock.instant();
                    Outcome outcome = OverlockTransitions.settle(stored.lock(), settled, now);
                    if (!outcome.changed(stored.lock())) {
                        return Mono.empty();
                    }
                    return overlocks.save(caller.accountId(), id, outcome.state(),
                                    stored.overlock().releaseRequestedAt(), now)
                            .then(overlocks.find(caller.accountId(), id))
                            .flatMapMany(saved -> Flux.fromIterable(outcome.publish())
                                    .concatMap(type -> events.publish(caller, type, saved.overlock())))
                            .then();
                });
    }

    /** The account's overlock in force on the agreement, if any. */
    Mono<Overlock> inForceOn(UUID accountId, UUID agreementId) {
        return overlocks.inForceOn(accountId, agreementId);
    }
}
