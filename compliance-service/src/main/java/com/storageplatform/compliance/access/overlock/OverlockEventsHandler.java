package com.storageplatform.compliance.access.overlock;

import com.storageplatform.compliance.access.control.AccessCommands;
import com.storageplatform.compliance.access.credential.Credentials;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import java.time.Clock;
import java.time.Instant;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Billing's overlock decisions ({@code overlock.requested}, {@code overlock.release_requested} on
 * {@code billing.events}, internal; data: the overlock) carried out on the unit's lock system and the agreement's
 * credentials, in the event's transaction. Each event adds what it shows to the overlock's row (locked), and what is
 * due then is queued ({@link Overlock}):
 * <ul>
 *   <li>the apply: {@link AccessCommands#applyOverlock} with the overlock id as reference, and, while the overlock
 *       is in force, {@link Credentials#suspendForOverlock};</li>
 *   <li>the release: {@link AccessCommands#releaseOverlock}, on the unit the lock was put on, and
 *       {@link Credentials#reinstateAfterOverlock} unless another overlock of the agreement is in force.</li>
 * </ul>
 * Applied through the kit's inbox (each event id once), and idempotent by state besides: a repeat under a new id
 * queues nothing, never a second lock; a release that overtakes its request still locks then unlocks, never a lost
 * unlock.
 */
@Component
class OverlockEventsHandler implements EventHandler {

    static final String REQUESTED = "overlock.requested";
    static final String RELEASE_REQUESTED = "overlock.release_requested";

    private static final Logger log = LoggerFactory.getLogger(OverlockEventsHandler.class);

    private final OverlockRepository overlocks;
    private final AccessCommands commands;
    private final Credentials credentials;
    private final Clock clock;

    OverlockEventsHandler(OverlockRepository overlocks, AccessCommands commands, Credentials credentials,
            Clock clock) {
        this.overlocks = overlocks;
        this.commands = commands;
        this.credentials = credentials;
        this.clock = clock;
    }

    @Override
    public String topic() {
        return "billing.events";
    }

    @Override
    public Set<String> types() {
        return Set.of(REQUESTED, RELEASE_REQUESTED);
    }

    @Override
    public Mono<Void> handle(ConsumedEvent event) {
        UUID account = event.accountId();
        UUID id = EventData.id(event.data(), "id");
        UUID agreement = EventData.id(event.data(), "agreement_id");
        UUID site = EventData.id(event.data(), "site_id");
        UUID unit = EventData.id(event.data(), "unit_id");
        if (account == null || id == null || agreement == null || site == null || unit == null) {
            log.warn("Event {} ({}) names no account, overlock, agreement, site or unit; passed over", event.id(),
                    event.type());
            return Mono.empty();
        }
        Instant now = clock.instant();
        Instant at = event.time() == null ? now : event.time();
        Caller caller = event.actingCaller();
        return overlocks.lock(account, Overlock.asked(id, agreement, site, unit), now)
                .map(known -> REQUESTED.equals(event.type()) ? known.requested(at) : known.releaseRequested(at))
                .flatMap(merged -> {
                    boolean releasing = merged.releaseDue();
                    return apply(caller, merged)
                            .flatMap(applied -> release(caller, applied))
                            .flatMap(after -> overlocks.save(account, after, now)
                                    .then(releasing ? reinstate(caller, after.agreementId()) : Mono.empty()));
                });
    }

    private Mono<Overlock> apply(Caller caller, Overlock o) {
        if (!o.applyDue()) {
            return Mono.just(o);
        }
        Mono<Long> suspended = o.inForce() ? credentials.suspendForOverlock(caller, o.agreementId()) : Mono.just(0L);
        return commands.applyOverlock(caller, o.siteId(), o.unitId(), o.id().toString())
                .flatMap(command -> suspended.thenReturn(o.applyQueued(command)));
    }

    private Mono<Overlock> release(Caller caller, Overlock o) {
        if (!o.releaseDue()) {
            return Mono.just(o);
        }
        return commands.releaseOverlock(caller, o.siteId(), o.unitId(), o.id().toString()).map(o::releaseQueued);
    }

    /**
     * A release queued reinstates the agreement's credentials an overlock suspended, once the row says so (saved
     * first), unless another overlock of the agreement is still in force.
     */
    private Mono<Void> reinstate(Caller caller, UUID agreementId) {
        return overlocks.inForce(caller.accountId(), agreementId)
                .flatMap(inForce -> inForce ? Mono.just(0L) : credentials.reinstateAfterOverlock(caller, agreementId))
                .then();
    }
}
