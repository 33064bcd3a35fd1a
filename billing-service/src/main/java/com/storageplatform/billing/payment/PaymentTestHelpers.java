package com.storageplatform.billing.payment;

import com.storageplatform.billing.notification.ProviderNotifications;
import com.storageplatform.billing.provider.ProviderEvent.Kind;
import com.storageplatform.billing.provider.Providers;
import com.storageplatform.billing.provider.SimulatedNotifications;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.web.ApiException;
import java.util.List;
import java.util.UUID;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@code /v1/test-helpers/payments/{id}/...} on test accounts: each writes the notification the provider itself
 * would send, signed with the simulator's secret, and hands it to {@link ProviderNotifications#receive}, the path of
 * every real notification, so the payment moves exactly as it would live, with the same events. A helper that does
 * not apply to the payment as it is answers 409 naming its status.
 */
@Component
class PaymentTestHelpers {

    /** The provider events a helper makes, for a payment as it is. */
    enum Helper {
        CONFIRM("confirm"), PAY_OUT("pay out"), RETURN("return"), CHARGEBACK("charge back");

        private final String verb;

        Helper(String verb) {
            this.verb = verb;
        }

        /**
         * The events, in the order the provider sends them: confirming a Direct Debit not yet submitted submits it
         * first; a return before payout is a failure, after it a late failure; confirming a card awaiting step-up is
         * the customer completing it.
         */
        List<Kind> kinds(Payment payment) {
            boolean directDebit = Payment.BACS_DD.equals(payment.rail());
            return switch (this) {
                case CONFIRM -> !directDebit ? List.of(Kind.CARD_SUCCEEDED)
                        : payment.bankSubmittedAt() == null ? List.of(Kind.PAYMENT_SUBMITTED, Kind.PAYMENT_CONFIRMED)
                        : List.of(Kind.PAYMENT_CONFIRMED);
                case PAY_OUT -> List.of(Kind.PAYMENT_PAID_OUT);
                case RETURN -> List.of(Payment.PAID_OUT.equals(payment.status()) ? Kind.PAYMENT_LATE_FAILURE
                        : Kind.PAYMENT_FAILED);
                case CHARGEBACK -> List.of(Kind.PAYMENT_CHARGEBACK);
            };
        }

        /** Whether the helper moves the payment: its last event is a transition of the payment as it is. */
        boolean applies(Payment payment) {
            if (payment.provider() == null) {
                return false;
            }
            List<Kind> kinds = kinds(payment);
            return PaymentTransitions.on(payment.direction(), payment.rail(), payment.status(),
                    payment.bankSubmittedAt() != null, kinds.get(kinds.size() - 1)).isPresent();
        }
    }

    private final PaymentRepository payments;
    private final Providers providers;
    private final ProviderNotifications notifications;

    PaymentTestHelpers(PaymentRepository payments, Providers providers, ProviderNotifications notifications) {
        this.payments = payments;
        this.providers = providers;
        this.notifications = notifications;
    }

    Mono<Payment> act(Caller caller, UUID id, Helper helper) {
        if (caller.environment() != Environment.TEST) {
            return Mono.error(ApiException.notFound());
        }
        return payments.find(caller.accountId(), id)
                .switchIfEmpty(Mono.error(ApiException.notFound()))
                .flatMap(payment -> {
                    if (!helper.applies(payment)) {
                        return Mono.error(ApiException.conflict("Cannot " + helper.verb + " a " + payment.rail()
                                + " " + payment.direction() + " that is " + payment.status() + "."));
                    }
                    SimulatedNotifications simulated = providers.simulated();
                    return Flux.fromIterable(helper.kinds(payment))
                            .concatMap(kind -> {
                                SimulatedNotifications.Signed signed = simulated.payment(payment.provider(),
                                        payment.providerPaymentRef(), kind, null, payment.providerChargeDate());
                                return notifications.receive(signed.provider(), signed.body(), signed.signature(),
                                        simulated.secret(signed.provider()));
                            })
                            .then(payments.find(caller.accountId(), id));
                });
    }
}
