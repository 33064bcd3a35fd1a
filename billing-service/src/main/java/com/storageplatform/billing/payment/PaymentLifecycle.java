package com.storageplatform.billing.payment;

import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.billing.invoice.InvoiceLedger;
import com.storageplatform.billing.notification.ProviderEventHandler;
import com.storageplatform.billing.notification.ProviderNotifications;
import com.storageplatform.billing.payment.PaymentRepository.Stored;
import com.storageplatform.billing.payment.PaymentTransitions.Transition;
import com.storageplatform.billing.provider.ProviderEvent;
import com.storageplatform.billing.provider.ProviderEvent.Kind;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.tracing.TraceLogs;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * What the providers tell of payments, in the notification's transaction ({@link ProviderNotifications}, the one
 * path of real and simulated notifications alike): the payment is found by the provider's reference, in whichever
 * account, and moved as {@link PaymentTransitions} says, acting as its account. An event that names no payment, or
 * does not apply to the payment as it is (late, repeated, out of order), changes nothing.
 */
@Component
class PaymentLifecycle implements ProviderEventHandler {

    private static final Logger log = LoggerFactory.getLogger(PaymentLifecycle.class);

    static final Set<Kind> KINDS = Set.of(Kind.PAYMENT_SUBMITTED, Kind.PAYMENT_CONFIRMED, Kind.PAYMENT_PAID_OUT,
            Kind.PAYMENT_FAILED, Kind.PAYMENT_LATE_FAILURE, Kind.PAYMENT_CHARGEBACK, Kind.CARD_SUCCEEDED,
            Kind.CARD_FAILED, Kind.REFUND_SUCCEEDED, Kind.REFUND_FAILED);

    private final PaymentRepository payments;
    private final PaymentLocks locks;
    private final PaymentEvents events;
    private final InvoiceLedger ledger;
    private final Clock clock;

    PaymentLifecycle(PaymentRepository payments, PaymentLocks locks, PaymentEvents events, InvoiceLedger ledger,
            Clock clock) {
        this.payments = payments;
        this.locks = locks;
        this.events = events;
        this.ledger = ledger;
        this.clock = clock;
    }

    @Override
    public Set<Kind> kinds() {
        return KINDS;
    }

    @Override
    public Mono<Void> handle(ProviderEvent event) {
        if (event.resourceRef() == null) {
            return Mono.empty();
        }
        return payments.locate(event.provider(), event.resourceRef())
                .map(Optional::of).defaultIfEmpty(Optional.empty())
                .flatMap(found -> {
                    if (found.isEmpty()) {
                        return TraceLogs.log(() -> log.info(
                                "Provider event {} {} ({}) names no payment of billing's; passed over",
                                event.provider(), event.eventId(), event.kind()));
                    }
                    PaymentRepository.Located at = found.get();
                    return apply(ProviderNotifications.actingFor(at.accountId(), at.operatorId(), at.environment(),
                            event), at, event).then();
                });
    }

    private Mono<Payment> apply(Caller caller, PaymentRepository.Located found, ProviderEvent event) {
        return locks.lock(caller.accountId(), found.paymentId()).flatMap(stored -> {
            Payment payment = stored.payment();
            Optional<Transition> next = PaymentTransitions.on(payment.direction(), payment.rail(), payment.status(),
                    payment.bankSubmittedAt() != null, event.kind());
            if (next.isEmpty()) {
                return TraceLogs.log(() -> log.info(
                        "Provider event {} {} ({}) does not apply to payment {}, which is {}; ignored",
                        event.provider(), event.eventId(), event.kind(), payment.id(), payment.status()));
            }
            Transition t = next.get();
            Instant at = event.occurredAt() != null ? event.occurredAt() : clock.instant();
            boolean inFlight = Payment.PENDING.equals(t.to()) && stored.inFlight();
            return payments.move(caller.accountId(), payment.id(), t.to(), inFlight, t.charges() ? at : null,
                            t.submits() ? at : null, t.failureMessage() == null ? null : event.cause(),
                            t.failureMessage(), clock.instant())
                    .then(effect(caller, stored, t))
                    .then(payments.find(caller.accountId(), payment.id()))
                    .flatMap(moved -> events.publish(caller, t.event(), moved));
        });
    }

    private Mono<Void> effect(Caller caller, Stored stored, Transition t) {
        Payment p = stored.payment();
        if (t.effect() == PaymentTransitions.Effect.REFUND_RELEASED) {
            return payments.addRefunded(caller.accountId(), p.refundOf(), -p.amountMinor(), clock.instant());
        }
        if (p.invoiceId() == null) {
            return Mono.empty();
        }
        return switch (t.effect()) {
            case COLLECTED -> stored.inFlight()
                    ? ledger.collected(caller, p.invoiceId(), p.amountMinor(), true).then()
                    : collectedOutOfFlight(caller, p);
            case COLLECTION_FAILED -> stored.inFlight()
                    ? ledger.collectionFailed(caller, p.invoiceId(), p.amountMinor()).then()
                    : ledger.lock(caller.accountId(), p.invoiceId())
                            .filter(invoice -> Invoice.PAYABLE.contains(invoice.status()))
                            .flatMap(invoice -> ledger.collectionFailed(caller, p.invoiceId(), 0)).then();
            case REVERSED -> ledger.reversed(caller, p.invoiceId(), p.amountMinor()).then();
            default -> Mono.empty();
        };
    }

    /**
     * A card payment completed after its step-up, never counted in flight: the invoice may meanwhile owe less (paid
     * another way) or nothing (paid, void). It takes what is still owed; money beyond that is logged for the
     * operator to refund.
     */
    private Mono<Void> collectedOutOfFlight(Caller caller, Payment p) {
        return ledger.lock(caller.accountId(), p.invoiceId()).flatMap(invoice -> {
            long owed = Invoice.PAYABLE.contains(invoice.status()) ? invoice.amountDueMinor() : 0;
            long taken = Math.min(owed, p.amountMinor());
            if (taken < p.amountMinor()) {
                log.warn("Payment {} collected {} {} against invoice {}, which owed {} ({}): refund the {} beyond it",
                        p.id(), p.amountMinor(), p.currency(), invoice.id(), owed, invoice.status(),
                        p.amountMinor() - taken);
            }
            return taken == 0 ? Mono.empty()
                    : ledger.collected(caller, p.invoiceId(), taken, false).then();
        });
    }
}
