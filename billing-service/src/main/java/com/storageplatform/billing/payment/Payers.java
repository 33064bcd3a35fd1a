package com.storageplatform.billing.payment;

import com.storageplatform.billing.mandate.Mandates;
import com.storageplatform.billing.paymentmethod.PaymentMethods;
import com.storageplatform.billing.payment.PaymentRules.Request;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Who pays and with what (conventions.md, "Further decisions"): the customer's card ({@code payment_method_id}, by
 * default their default card) for rail {@code card}, their active mandate ({@code mandate_id}, by default their
 * active one) for {@code bacs_dd}. None is 422 naming the missing one.
 */
@Component
class Payers {

    static final String ACTIVE = "active";

    private final PaymentMethods methods;
    private final Mandates mandates;

    Payers(PaymentMethods methods, Mandates mandates) {
        this.methods = methods;
        this.mandates = mandates;
    }

    /**
     * The customer who pays and their card or mandate; neither for an offline recording or a one-off card token.
     */
    record Payer(UUID contactId, PaymentMethods.Card card, Mandates.ActiveMandate mandate) {

        UUID paymentMethodId() {
            return card == null ? null : card.id();
        }

        UUID mandateId() {
            return mandate == null ? null : mandate.id();
        }
    }

    /**
     * @param contactNamed whether the body named {@code contact_id}; otherwise the payer is the invoice's customer,
     *                     and a mandate of another customer makes the invoice the one that does not belong (rule 4)
     */
    Mono<Payer> of(Caller caller, Request request, UUID contactId, boolean contactNamed) {
        Payer payer = new Payer(contactId, null, null);
        return switch (request.rail()) {
            case Payment.CARD -> request.cardToken() != null ? Mono.just(payer)
                    : methods.card(caller.accountId(), contactId, request.paymentMethodId())
                            .map(card -> new Payer(contactId, card, null))
                            .switchIfEmpty(Mono.error(() -> noCard(request)));
            case Payment.BACS_DD -> mandates.active(caller.accountId(), contactId, request.mandateId())
                    .map(mandate -> new Payer(contactId, null, mandate))
                    .switchIfEmpty(Mono.defer(() -> noMandate(caller, request, contactNamed)));
            default -> Mono.just(payer);
        };
    }

    private static ApiException noCard(Request request) {
        return request.paymentMethodId() == null
                ? ApiException.invalid("payment_method_id", FieldIssue.REQUIRED,
                        "The customer has no card on file: send the payment_method_id of their card, or a card_token.")
                : ApiException.invalid("payment_method_id", FieldIssue.NOT_FOUND,
                        "The customer has no active card with this id.");
    }

    private Mono<Payer> noMandate(Caller caller, Request request, boolean contactNamed) {
        if (request.mandateId() == null) {
            return Mono.error(ApiException.invalid("mandate_id", FieldIssue.REQUIRED,
                    "The customer has no active Direct Debit mandate: set one up first, or take another rail."));
        }
        return mandates.statusOf(caller.accountId(), request.mandateId())
                .map(status -> {
                    if (!ACTIVE.equals(status)) {
                        return ApiException.invalid("mandate_id", FieldIssue.NOT_ALLOWED,
                                "The mandate is " + status + "; only an active mandate can be collected on.");
                    }
                    // An active mandate of another customer: the invoice named is not its customer's (rule 4).
                    return contactNamed
                            ? ApiException.invalid("mandate_id", FieldIssue.NOT_ALLOWED,
                                    "The mandate is another customer's.")
                            : ApiException.invalid("invoice_id", FieldIssue.NOT_ALLOWED,
                                    "The invoice belongs to another customer than the mandate's.");
                })
                .defaultIfEmpty(ApiException.invalid("mandate_id", FieldIssue.NOT_FOUND))
                .flatMap(Mono::error);
    }
}
