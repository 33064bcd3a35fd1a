package com.storageplatform.billing.payment;

import com.storageplatform.billing.invoice.InvoiceLedger;
import com.storageplatform.billing.payment.Payers.Payer;
import com.storageplatform.billing.payment.PaymentRules.Request;
import com.storageplatform.billing.paymentmethod.PaymentMethods;
import com.storageplatform.billing.provider.CardCharge;
import com.storageplatform.billing.provider.CardGateway;
import com.storageplatform.billing.provider.ChargeCard;
import com.storageplatform.billing.provider.ProviderRejections;
import com.storageplatform.billing.provider.Providers;
import com.storageplatform.billing.provider.RefundRequest;
import com.storageplatform.billing.provider.SaveCard;
import com.storageplatform.billing.provider.StoredCard;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.tracing.TraceLogs;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.util.List;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Money taken and paid back at the desk, for the shop's sales and returns (docs/api/billing.md): the one way
 * another feature takes payments. A sale pays each of its invoices with a payment of its own, on one rail, at once:
 * offline money the operator took is recorded; a card is charged once per invoice, before anything is written, and
 * the sale goes ahead only when every charge succeeded (a card declined or wanting a step-up is undone and refused
 * with 409, so the request writes nothing). A return pays money back as a refund naming its credit note.
 */
@Component
public class DeskPayments {

    private static final Logger log = LoggerFactory.getLogger(DeskPayments.class);

    /** The rails of the desk: money the operator took itself, or a card charged through the provider. */
    public static final List<String> RAILS = List.of(Payment.OFFLINE, Payment.CARD);
    /**
     * The offline methods of the desk: a card on the operator's own terminal, or anything else with a
     * {@code reference} (cash with its receipt number, a cheque). A standing order is never paid at a counter.
     */
    public static final List<String> OFFLINE_METHODS = List.of("card_terminal", Payment.OTHER);
    /** {@code details[0].issue} of a sale refused because the card was declined. */
    public static final String CARD_DECLINED = "card_declined";
    /** {@code details[0].issue} of a sale refused because the card wanted the customer's step-up. */
    public static final String CARD_REQUIRES_ACTION = "card_requires_action";
    /** {@code details[0].issue} of a sale refused because the provider was still processing the charge. */
    public static final String CARD_PROCESSING = "card_processing";

    private final PaymentRails rails;
    private final PaymentRefunds refunds;
    private final PaymentRepository payments;
    private final PaymentMethods methods;
    private final InvoiceLedger ledger;
    private final Providers providers;

    DeskPayments(PaymentRails rails, PaymentRefunds refunds, PaymentRepository payments, PaymentMethods methods,
            InvoiceLedger ledger, Providers providers) {
        this.rails = rails;
        this.refunds = refunds;
        this.payments = payments;
        this.methods = methods;
        this.ledger = ledger;
        this.providers = providers;
    }

    /**
     * How the customer pays, as the caller checked it ({@link #RAILS}, {@link #OFFLINE_METHODS}).
     *
     * @param offlineMethod   rail {@code offline} only
     * @param reference       rail {@code offline} only; required for {@code other}
     * @param paymentMethodId rail {@code card}: the customer's card, or null for their default card
     * @param cardToken       rail {@code card}: a card presented once and saved nowhere, instead of one on file
     */
    public record Tender(String rail, String offlineMethod, String reference, UUID paymentMethodId,
            String cardToken) {
    }

    /** An amount to take against an invoice, at least 1 (and the card minimum, {@link #minimumOf}, on a card). */
    public record Due(UUID invoiceId, long amountMinor) {
    }

    /** One due, as its payment will be recorded: the payment's id and, on a card, the provider's charge. */
    record Charge(UUID paymentId, Due due, CardCharge card) {
    }

    /** The dues taken, to be recorded with {@link #record} once their invoices are written. */
    public static final class Charged {

        private final Payer payer;
        private final String currency;
        private final Tender tender;
        private final String provider;
        private final List<Charge> charges;

        private Charged(Payer payer, String currency, Tender tender, String provider, List<Charge> charges) {
            this.payer = payer;
            this.currency = currency;
            this.tender = tender;
            this.provider = provider;
            this.charges = List.copyOf(charges);
        }
    }

    /** The least one payment on {@code rail} collects (payments rule 3): 30 on a card, 1 offline. */
    public static long minimumOf(String rail) {
        return PaymentRules.minimumOf(rail);
    }

    /**
     * Takes {@code dues} from the customer {@code contactId} in {@code currency}, writing nothing: an offline tender
     * is money already in the operator's hand; a card is charged once per due, in order, through the account's card
     * gateway. When a charge is not taken at once, the charges before it are refunded and it is cancelled at the
     * provider, and the answer is 409 {@code conflict} with {@code details[0].issue} {@link #CARD_DECLINED},
     * {@link #CARD_REQUIRES_ACTION} or {@link #CARD_PROCESSING}. A customer without the card named is 422 on
     * {@code field.payment_method_id}, a token the provider will not take 422 on {@code field.card_token}.
     *
     * @param field the request's path to the tender, to name a refused card by
     */
    public Mono<Charged> charge(Caller caller, UUID contactId, String currency, Tender tender, List<Due> dues,
            String field) {
        return Mono.defer(() -> {
            List<Charge> offline = dues.stream().map(due -> new Charge(Ids.newId(), due, null)).toList();
            if (!Payment.CARD.equals(tender.rail()) || dues.isEmpty()) {
                return Mono.just(new Charged(new Payer(contactId, null, null), currency, tender, null, offline));
            }
            CardGateway cards = providers.cards(caller);
            return card(caller, contactId, tender, field)
                    .flatMap(payer -> cardRef(cards, payer, tender, offline, field)
                            .flatMap(ref -> chargeAll(cards, ref, currency, offline))
                            .map(charged -> new Charged(payer, currency, tender, cards.provider(), charged)));
        });
    }

    /**
     * Records what {@link #charge} took, in the caller's transaction: one {@code succeeded} payment per due
     * ({@code payment.succeeded}), each paying its invoice through the ledger ({@code invoice.paid} once nothing is
     * owed). Each invoice must exist by now.
     */
    public Mono<List<Payment>> record(Caller caller, Charged charged) {
        return Flux.fromIterable(charged.charges)
                .concatMap(charge -> ledger.lock(caller.accountId(), charge.due().invoiceId())
                        .switchIfEmpty(Mono.error(() -> new IllegalStateException("No invoice "
                                + charge.due().invoiceId() + " to record a desk payment against")))
                        .flatMap(invoice -> rails.record(caller, charge.paymentId(), request(charged, charge),
                                charged.payer, invoice, charge.card() == null ? rails.recorded()
                                        : rails.outcomeOf(charged.provider, charge.card()))))
                .collectList();
    }

    /**
     * How money is paid back at the desk.
     *
     * @param rail          {@code offline} (handed back by the operator) or {@code card} (to the card the payment
     *                      was taken from, through the provider)
     * @param offlineMethod rail {@code offline}: {@code card_terminal} or {@code other}
     * @param reference     rail {@code offline}: what identifies it; required for {@code other}
     */
    public record RefundTender(String rail, String offlineMethod, String reference) {
    }

    /**
     * The payment of the invoice to pay {@code amountMinor} back from, its row locked: the newest {@code succeeded}
     * or {@code paid_out} one with that much left to refund. 409 {@code conflict} when there is none (its money was
     * paid back already, or taken back by a chargeback), before anything is written.
     */
    public Mono<Payment> refundable(Caller caller, UUID invoiceId, long amountMinor) {
        return payments.refundableOf(caller.accountId(), invoiceId)
                .filter(payment -> payment.refundableMinor() >= amountMinor)
                .next()
                .switchIfEmpty(Mono.error(() -> ApiException.conflict("No payment of this invoice has "
                        + amountMinor + " left to pay back: its money was refunded already or taken back by a "
                        + "chargeback.")));
    }

    /**
     * Pays {@code amountMinor} of {@code original} ({@link #refundable}) back at the desk for the credit note
     * {@code creditNoteId}: a refund, a new payment with {@code direction: refund}, {@code refund_of} the payment and
     * {@code credit_note_id} set, {@code succeeded} at once offline or on a card the provider refunded at once
     * ({@code payment.refunded}, its data the refund), {@code pending} while the provider has not paid it yet. The
     * invoice is not touched: the credit note already lowered it. A card refund is for a card payment only; the
     * caller judged that.
     */
    public Mono<Payment> refund(Caller caller, Payment original, long amountMinor, RefundTender tender,
            UUID creditNoteId) {
        return refunds.payBack(caller, original, new PaymentRefunds.PayBack(amountMinor, null, tender.rail(),
                tender.offlineMethod(), tender.reference(), creditNoteId));
    }

    /** The customer's card for a card tender: the one named (or their default), or none for a one-off token. */
    private Mono<Payer> card(Caller caller, UUID contactId, Tender tender, String field) {
        if (tender.cardToken() != null) {
            return Mono.just(new Payer(contactId, null, null));
        }
        return methods.card(caller.accountId(), contactId, tender.paymentMethodId())
                .map(card -> new Payer(contactId, card, null))
                .switchIfEmpty(Mono.error(() -> tender.paymentMethodId() == null
                        ? ApiException.invalid(field + ".payment_method_id", FieldIssue.REQUIRED,
                                "The customer has no card on file: send the payment_method_id of their card, or "
                                        + "a card_token.")
                        : ApiException.invalid(field + ".payment_method_id", FieldIssue.NOT_FOUND,
                                "The customer has no active card with this id.")));
    }

    /** The provider's card to charge: the card on file, or a one-off token kept at the provider for these charges. */
    private static Mono<String> cardRef(CardGateway cards, Payer payer, Tender tender, List<Charge> charges,
            String field) {
        if (payer.card() != null) {
            return Mono.just(payer.card().providerRef());
        }
        UUID first = charges.get(0).paymentId();
        return cards.saveCard(new SaveCard(first, tender.cardToken(), PaymentRails.providerKey("card", first)))
                .map(StoredCard::providerRef)
                .onErrorMap(ApiException.class, refused -> underField(refused, field));
    }

    /** A provider's refusal of the card token, named where the tender sent it ({@code payment.card_token}). */
    private static ApiException underField(ApiException refused, String field) {
        boolean token = refused.details().size() == 1
                && ProviderRejections.CARD_TOKEN.equals(refused.details().get(0).field());
        return token ? ApiException.invalid(field + "." + ProviderRejections.CARD_TOKEN,
                refused.details().get(0).issue(), refused.getMessage()) : refused;
    }

    /**
     * Charges each due in turn. All taken: answered with their charges. Otherwise the first that was not taken
     * stops the rest: it is cancelled when it awaits anything, those before it are refunded, and the answer is the
     * 409 naming why.
     */
    static Mono<List<Charge>> chargeAll(CardGateway cards, String cardRef, String currency, List<Charge> dues) {
        return Flux.fromIterable(dues)
                .concatMap(due -> cards.charge(new ChargeCard(due.paymentId(), cardRef, due.due().amountMinor(),
                                currency, "Invoice " + due.due().invoiceId(), null,
                                PaymentRails.providerKey("charge", due.paymentId())))
                        .map(charge -> new Charge(due.paymentId(), due.due(), charge)))
                .takeUntil(charge -> charge.card().outcome() != CardCharge.Outcome.SUCCEEDED)
                .collectList()
                .flatMap(charges -> {
                    Charge last = charges.get(charges.size() - 1);
                    if (last.card().outcome() == CardCharge.Outcome.SUCCEEDED) {
                        return Mono.just(charges);
                    }
                    return undo(cards, currency, charges).then(Mono.error(refusal(last.card())));
                });
    }

    /**
     * Gives back what a refused sale's charges took: a charge awaiting the customer or the provider is cancelled,
     * one that succeeded is refunded in full. A provider that fails to is logged for the operator to settle by
     * hand (the charge stands), and the sale is refused all the same.
     */
    private static Mono<Void> undo(CardGateway cards, String currency, List<Charge> charges) {
        return Flux.fromIterable(charges).concatMap(charge -> {
            CardCharge card = charge.card();
            Mono<?> undone = switch (card.outcome()) {
                case SUCCEEDED -> {
                    UUID refundId = Ids.newId();
                    yield cards.refund(new RefundRequest(refundId, card.providerRef(), charge.due().amountMinor(),
                            currency, PaymentRails.providerKey("refund", refundId)));
                }
                case REQUIRES_ACTION, PROCESSING -> cards.cancel(card.providerRef(),
                        PaymentRails.providerKey("cancel", charge.paymentId()));
                case FAILED, CANCELLED -> Mono.empty();
            };
            return undone.onErrorResume(failure -> {
                return TraceLogs.log(() -> log.error(
                        "A refused desk sale could not undo card charge {} ({} {} {}): {}. Settle it with the "
                        + "provider.", card.providerRef(), card.outcome(), charge.due().amountMinor(), currency,
                        failure.toString()));
            });
        }).then();
    }

    /** The 409 for a charge that was not taken at once. */
    static ApiException refusal(CardCharge charge) {
        return switch (charge.outcome()) {
            case REQUIRES_ACTION -> ApiException.conflict("The card asks for the customer's authentication, which "
                    + "the desk cannot do; it was cancelled and nothing was sold. Take the payment on the card "
                    + "terminal (rail offline, offline_method card_terminal).", CARD_REQUIRES_ACTION);
            case PROCESSING -> ApiException.conflict("The card provider did not settle the charge at once; it was "
                    + "cancelled and nothing was sold. Take the payment on the card terminal (rail offline, "
                    + "offline_method card_terminal).", CARD_PROCESSING);
            case SUCCEEDED, FAILED, CANCELLED -> ApiException.conflict("The card was declined"
                    + (charge.failureMessage() == null ? "" : " (" + charge.failureMessage() + ")")
                    + "; nothing was sold. Try another card, or take the payment another way.", CARD_DECLINED);
        };
    }

    private static Request request(Charged charged, Charge charge) {
        Tender tender = charged.tender;
        return new Request(tender.rail(), charge.due().amountMinor(), charged.currency, charged.payer.contactId(),
                charge.due().invoiceId(), null, tender.offlineMethod(), tender.reference(), null,
                charged.payer.paymentMethodId(), null, tender.cardToken(), null, List.of(), 0, null);
    }
}
