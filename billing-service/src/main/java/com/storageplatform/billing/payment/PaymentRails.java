package com.storageplatform.billing.payment;

import com.storageplatform.billing.calendar.BacsTimeline;
import com.storageplatform.billing.calendar.WorkingDays;
import com.storageplatform.billing.invoice.Invoice;
import com.storageplatform.billing.invoice.InvoiceLedger;
import com.storageplatform.billing.payment.Payers.Payer;
import com.storageplatform.billing.payment.PaymentRules.Request;
import com.storageplatform.billing.provider.CardCharge;
import com.storageplatform.billing.provider.CardGateway;
import com.storageplatform.billing.provider.ChargeCard;
import com.storageplatform.billing.provider.Collect;
import com.storageplatform.billing.provider.DirectDebitProvider;
import com.storageplatform.billing.provider.Providers;
import com.storageplatform.billing.provider.SaveCard;
import com.storageplatform.billing.provider.StoredCard;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Takes a payment judged good on its rail, in the request's transaction: an offline recording settles at once, a card
 * is charged through the account's card gateway, a Direct Debit is asked of its provider for the day rule 6 gives.
 * The invoice's ledger and the {@code payment.*} event follow from where the payment ends.
 */
@Component
class PaymentRails {

    private final PaymentRepository payments;
    private final PaymentEvents events;
    private final InvoiceLedger ledger;
    private final Providers providers;
    private final BacsTimeline timeline;
    private final Clock clock;

    PaymentRails(PaymentRepository payments, PaymentEvents events, InvoiceLedger ledger, Providers providers,
            WorkingDays workingDays, Clock clock) {
        this.payments = payments;
        this.events = events;
        this.ledger = ledger;
        this.providers = providers;
        this.timeline = new BacsTimeline(workingDays);
        this.clock = clock;
    }

    /**
     * Where a rail left the payment.
     *
     * @param inFlight whether the invoice counts the amount as in flight until the provider settles it
     */
    record Outcome(String status, String provider, String providerRef, LocalDate chargeDate,
            Instant chargedAt, String failureCode, String failureMessage, String redirectUrl, boolean inFlight) {
    }

    /** The day a Direct Debit for {@code invoice} on {@code mandate}'s terms would be charged (rule 6). */
    Mono<LocalDate> chargeDate(Caller caller, Invoice invoice, Payer payer) {
        Mono<LocalDate> noticed = invoice == null ? Mono.empty()
                : ledger.noticedChargeDate(caller.accountId(), invoice.id());
        return noticed.map(Optional::of).defaultIfEmpty(Optional.empty())
                .map(day -> PaymentRules.chargeDate(timeline, clock.instant(), day.orElse(null),
                        payer.mandate().nextPossibleChargeDate()));
    }

    /** @param invoice the invoice locked and judged for the payment, or null */
    Mono<Payment> take(Caller caller, Request request, Payer payer, Invoice invoice) {
        UUID id = Ids.newId();
        Mono<Outcome> outcome = switch (request.rail()) {
            case Payment.CARD -> charge(caller, id, request, payer, invoice);
            case Payment.BACS_DD -> collect(caller, id, request, payer, invoice);
            default -> Mono.fromSupplier(this::recorded);
        };
        return outcome.flatMap(done -> record(caller, id, request, payer, invoice, done));
    }

    /**
     * The payment {@code id} written as {@code done} left it, its invoice's side settled through the ledger and its
     * {@code payment.*} event published.
     */
    Mono<Payment> record(Caller caller, UUID id, Request request, Payer payer, Invoice invoice, Outcome done) {
        Payment payment = payment(id, request, payer, invoice, done);
        // Settling changes the invoice, never the payment: the row as inserted is the payment a read answers.
        return payments.insert(caller, payment, done.inFlight())
                .flatMap(saved -> settle(caller, payment, invoice).thenReturn(saved))
                .flatMap(saved -> events.publish(caller, eventOf(saved.status()), saved));
    }

    /** Money taken at once, without a provider: an offline recording. */
    Outcome recorded() {
        return new Outcome(Payment.SUCCEEDED, null, null, null, clock.instant(), null, null, null, false);
    }

    private Mono<Outcome> charge(Caller caller, UUID id, Request request, Payer payer, Invoice invoice) {
        return Mono.defer(() -> {
            CardGateway cards = providers.cards(caller);
            // A one-off token becomes the provider's card for this charge only: no payment method keeps it.
            Mono<String> cardRef = request.cardToken() == null ? Mono.just(payer.card().providerRef())
                    : cards.saveCard(new SaveCard(id, request.cardToken(),
                            providerKey("card", id))).map(StoredCard::providerRef);
            return cardRef.flatMap(ref -> cards.charge(new ChargeCard(id, ref, request.amountMinor(),
                            request.currency(), describe(request, invoice), request.returnUrl(),
                            providerKey("charge", id))))
                    .map(charge -> outcomeOf(cards.provider(), charge));
        });
    }

    /** Where the provider's answer to a charge leaves the payment. */
    Outcome outcomeOf(String provider, CardCharge charge) {
        return switch (charge.outcome()) {
            case SUCCEEDED -> new Outcome(Payment.SUCCEEDED, provider, charge.providerRef(), null, clock.instant(),
                    null, null, null, false);
            // Not counted as in flight: the customer may never come back, and a void cancels it.
            case REQUIRES_ACTION -> new Outcome(Payment.REQUIRES_ACTION, provider, charge.providerRef(), null, null,
                    null, null, charge.redirectUrl(), false);
            case PROCESSING -> new Outcome(Payment.PENDING, provider, charge.providerRef(), null, null, null, null,
                    null, true);
            case FAILED, CANCELLED -> new Outcome(Payment.FAILED, provider, charge.providerRef(), null, null,
                    charge.failureCode() == null ? "card_declined" : charge.failureCode(),
                    charge.failureMessage() == null ? "The card was declined." : charge.failureMessage(), null, false);
        };
    }

    private Mono<Outcome> collect(Caller caller, UUID id, Request request, Payer payer, Invoice invoice) {
        return chargeDate(caller, invoice, payer).flatMap(day -> {
            DirectDebitProvider directDebit = providers.directDebit(caller);
            return directDebit.collect(new Collect(id, payer.mandate().providerMandateRef(), request.amountMinor(),
                            request.currency(), day, describe(request, invoice),
                            providerKey("collect", id)))
                    .map(collection -> new Outcome(Payment.PENDING, directDebit.provider(), collection.providerRef(),
                            collection.chargeDate() != null ? collection.chargeDate() : day, null, null, null, null,
                            true));
        });
    }

    /** The invoice's side of a new payment, on the invoice as it was locked and judged (not read again). */
    private Mono<Void> settle(Caller caller, Payment payment, Invoice invoice) {
        if (invoice == null) {
            return Mono.empty();
        }
        return switch (payment.status()) {
            case Payment.SUCCEEDED -> ledger.collected(caller, invoice, payment.amountMinor()).then();
            case Payment.PENDING -> ledger.collecting(caller, invoice, payment.amountMinor()).then();
            case Payment.FAILED -> ledger.chargeRefused(caller, invoice).then();
            default -> Mono.empty();
        };
    }

    private static String eventOf(String status) {
        return switch (status) {
            case Payment.SUCCEEDED -> PaymentEvents.SUCCEEDED;
            case Payment.FAILED -> PaymentEvents.FAILED;
            case Payment.REQUIRES_ACTION -> PaymentEvents.REQUIRES_ACTION;
            default -> null;
        };
    }

    private Payment payment(UUID id, Request r, Payer payer, Invoice invoice, Outcome done) {
        Instant now = clock.instant();
        UUID subscriptionId = r.subscriptionId() != null ? r.subscriptionId()
                : invoice == null ? null : invoice.subscriptionId();
        UUID orderId = r.orderId() != null ? r.orderId() : invoice == null ? null : invoice.orderId();
        return new Payment(id, Payment.OBJECT, payer.contactId(), invoice == null ? null : invoice.id(),
                subscriptionId, orderId, Payment.PAYMENT, null, null, r.rail(), r.offlineMethod(), r.reference(),
                r.description(), null, r.amountMinor(), r.currency(), done.status(), payer.paymentMethodId(),
                payer.mandateId(), done.provider(), done.providerRef(), done.chargeDate(), null, done.chargedAt(),
                done.failureCode(), done.failureMessage(), Payment.NextAction.redirect(done.redirectUrl()), null, 0,
                null, now, now);
    }

    private static String describe(Request request, Invoice invoice) {
        if (request.description() != null) {
            return request.description();
        }
        return invoice == null ? "Payment" : "Invoice " + invoice.id();
    }

    /**
     * The key a provider call is made under: the provider's keys are shared by every account of the platform, so it
     * is derived from the platform's id of what the call makes or changes (ADR 0026), never a client's key.
     */
    static String providerKey(String purpose, UUID id) {
        return "billing_" + purpose + "_" + id;
    }
}
