package com.storageplatform.billing.mandate;

import com.storageplatform.billing.notification.ProviderEventHandler;
import com.storageplatform.billing.notification.ProviderNotifications;
import com.storageplatform.billing.provider.ProviderEvent;
import com.storageplatform.billing.provider.ProviderEvent.Kind;
import com.storageplatform.kit.tracing.TraceLogs;
import java.time.Clock;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The provider's reports on mandates: the mandate it names (any account's) is locked and moved as
 * {@link MandateTransitions} says, with the event of its new status, as its account with the provider acting. A
 * report naming no mandate of ours, or one that changes nothing, is logged and passed over.
 */
@Component
class MandateEventHandler implements ProviderEventHandler {

    private static final Logger log = LoggerFactory.getLogger(MandateEventHandler.class);

    private final MandateRepository mandates;
    private final MandateEvents events;
    private final Clock clock;

    MandateEventHandler(MandateRepository mandates, MandateEvents events, Clock clock) {
        this.mandates = mandates;
        this.events = events;
        this.clock = clock;
    }

    @Override
    public Set<Kind> kinds() {
        return Set.of(Kind.MANDATE_ACTIVE, Kind.MANDATE_FAILED, Kind.MANDATE_CANCELLED);
    }

    @Override
    public Mono<Void> handle(ProviderEvent event) {
        if (event.resourceRef() == null) {
            return TraceLogs.log(() -> log.info(
                    "Provider event {} {} ({}) names no mandate; passed over", event.provider(), event.eventId(),
                    event.kind()));
        }
        return mandates.findByProviderRefForUpdate(event.provider(), event.resourceRef())
                .switchIfEmpty(TraceLogs.log(() -> log.info("Provider event {} {} ({}) names mandate {}, which "
                        + "is none of ours; passed over", event.provider(), event.eventId(), event.kind(),
                        event.resourceRef())))
                .flatMap(owned -> {
                    Mandate mandate = owned.mandate();
                    String next = MandateTransitions.after(mandate.status(), event.kind()).orElse(null);
                    if (next == null) {
                        return TraceLogs.log(() -> log.info(
                                "Provider event {} {} ({}) changes nothing of mandate {}, which is {}",
                                event.provider(), event.eventId(), event.kind(), mandate.id(), mandate.status()));
                    }
                    Mandate moved = mandate.movedTo(next, event.cause(), clock.instant());
                    return mandates.saveStatus(owned.accountId(), moved)
                            .then(events.moved(ProviderNotifications.actingFor(owned.accountId(), owned.operatorId(),
                                    owned.environment(), event), moved));
                })
                .then();
    }
}
