package com.storageplatform.billing.provider;

import com.storageplatform.kit.resilience.ProviderCalls;
import com.storageplatform.kit.resilience.Resilience;
import com.storageplatform.kit.web.ApiException;
import com.stripe.StripeClient;
import com.stripe.exception.CardException;
import com.stripe.exception.InvalidRequestException;
import com.stripe.model.PaymentIntent;
import com.stripe.model.PaymentMethod;
import com.stripe.model.Refund;
import com.stripe.model.StripeError;
import com.stripe.net.RequestOptions;
import com.stripe.param.CustomerCreateParams;
import com.stripe.param.PaymentIntentCreateParams;
import com.stripe.param.PaymentMethodCreateParams;
import com.stripe.param.RefundCreateParams;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import reactor.core.publisher.Mono;

/**
 * Card payments through Stripe with stripe-java. A saved card is a PaymentMethod attached to a Customer of its
 * own (a PaymentMethod is reusable only once attached); a charge is a PaymentIntent created and confirmed with the
 * customer present, whose step-up comes back as a redirect to Stripe's page and then to {@code returnUrl}.
 * Every create carries the caller's idempotency key (derived per create when one request makes two), so a retry
 * gets Stripe's first answer again.
 */
final class StripeCardGateway implements CardGateway {

    private static final RequestOptions NO_KEY = RequestOptions.getDefault();
    /** Refunds Stripe refuses for the payment's own state: more than is left, or refunded already. */
    private static final Set<String> REFUND_REFUSALS = Set.of("charge_already_refunded", "charge_disputed",
            "amount_too_large", "refund_disputed_payment");

    private final StripeClient stripe;
    private final ProviderCalls calls;

    StripeCardGateway(ProviderSettings.Stripe settings, Resilience resilience) {
        int timeout = (int) ProviderCalls.attemptTimeout(resilience, Providers.STRIPE).toMillis();
        this.stripe = StripeClient.builder()
                .setApiKey(settings.apiKey())
                .setApiBase(settings.baseUrl())
                .setConnectTimeout(timeout)
                .setReadTimeout(timeout)
                .setMaxNetworkRetries(0)
                .build();
        this.calls = new ProviderCalls(resilience, Providers.STRIPE, "Stripe", StripeErrors::translate);
    }

    @Override
    public String provider() {
        return Providers.STRIPE;
    }

    @Override
    public Mono<StoredCard> saveCard(SaveCard request) {
        String token = request.token();
        Mono<PaymentMethod> method = token != null && token.startsWith("pm_")
                ? calls.once(() -> refusedCard(() -> stripe.v1().paymentMethods().retrieve(token, NO_KEY)))
                : calls.keyed(() -> refusedCard(() -> stripe.v1().paymentMethods().create(
                        PaymentMethodCreateParams.builder()
                                .setType(PaymentMethodCreateParams.Type.CARD)
                                .setCard(PaymentMethodCreateParams.Token.builder().setToken(token).build())
                                .putMetadata("payment_method_id", String.valueOf(request.paymentMethodId()))
                                .build(),
                        keyed(request.idempotencyKey(), "payment_method"))));
        return method.flatMap(card -> calls.keyed(() -> refusedCard(() -> stripe.v1().customers().create(
                        CustomerCreateParams.builder()
                                .setPaymentMethod(card.getId())
                                .putMetadata("payment_method_id", String.valueOf(request.paymentMethodId()))
                                .build(),
                        keyed(request.idempotencyKey(), "customer"))))
                .thenReturn(stored(card)));
    }

    @Override
    public Mono<CardCharge> charge(ChargeCard request) {
        return calls.once(() -> {
            try {
                return stripe.v1().paymentMethods().retrieve(request.cardRef(), NO_KEY);
            } catch (InvalidRequestException missing) {
                if ("resource_missing".equals(missing.getCode())) {
                    throw ApiException.conflict("The saved card is no longer at Stripe. Save the card again, then "
                            + "retry.");
                }
                throw missing;
            }
        }).flatMap(card -> calls.keyed(() -> {
            try {
                return charge(stripe.v1().paymentIntents().create(PaymentIntentCreateParams.builder()
                        .setAmount(request.amountMinor())
                        .setCurrency(request.currency().toLowerCase(Locale.ROOT))
                        .setCustomer(card.getCustomer())
                        .setPaymentMethod(card.getId())
                        .addPaymentMethodType("card")
                        .setConfirm(true)
                        .setOffSession(false)
                        .setReturnUrl(request.returnUrl())
                        .setDescription(request.description())
                        .putMetadata("payment_id", String.valueOf(request.paymentId()))
                        .build(), keyed(request.idempotencyKey(), null)));
            } catch (CardException declined) {
                return declined(declined.getStripeError());
            }
        }));
    }

    @Override
    public Mono<CardCharge> cancel(String providerPaymentRef, String idempotencyKey) {
        return calls.keyed(() -> {
            try {
                return charge(stripe.v1().paymentIntents().cancel(providerPaymentRef, keyed(idempotencyKey, null)));
            } catch (InvalidRequestException state) {
                PaymentIntent intent = state.getStripeError() == null ? null : state.getStripeError().getPaymentIntent();
                if (!"payment_intent_unexpected_state".equals(state.getCode()) || intent == null) {
                    throw state;
                }
                if ("canceled".equals(intent.getStatus())) {
                    return charge(intent);
                }
                throw ApiException.conflict("The card payment can no longer be cancelled: at Stripe it is "
                        + intent.getStatus().replace('_', ' ') + ".");
            }
        });
    }

    @Override
    public Mono<ProviderRefund> refund(RefundRequest request) {
        return calls.keyed(() -> {
            try {
                Refund refund = stripe.v1().refunds().create(RefundCreateParams.builder()
                        .setPaymentIntent(request.providerPaymentRef())
                        .setAmount(request.amountMinor())
                        .putMetadata("refund_id", String.valueOf(request.refundId()))
                        .build(), keyed(request.idempotencyKey(), null));
                return new ProviderRefund(refund.getId(), "succeeded".equals(refund.getStatus()),
                        refund.getFailureReason());
            } catch (InvalidRequestException refused) {
                if (refused.getCode() != null && REFUND_REFUSALS.contains(refused.getCode())) {
                    throw ApiException.conflict("Stripe refused the refund: " + refused.getStripeError().getMessage());
                }
                throw refused;
            }
        });
    }

    /** A card Stripe will not keep (a bad, used or declined token): 422 on the token the client sent. */
    private static <T> T refusedCard(Callable<T> call) throws Exception {
        try {
            return call.call();
        } catch (CardException declined) {
            throw ProviderRejections.cardToken(declined.getStripeError().getMessage());
        } catch (InvalidRequestException invalid) {
            if (!StripeErrors.isAboutTheCard(invalid)) {
                throw invalid;
            }
            throw ProviderRejections.cardToken(invalid.getStripeError() == null ? null
                    : invalid.getStripeError().getMessage());
        }
    }

    /** The caller's key, or the key derived from it for one of several creates of one request. */
    private static RequestOptions keyed(String idempotencyKey, String purpose) {
        String key = idempotencyKey == null || purpose == null ? idempotencyKey : idempotencyKey + ":" + purpose;
        return RequestOptions.builder().setIdempotencyKey(key).build();
    }

    private static StoredCard stored(PaymentMethod method) {
        PaymentMethod.Card card = method.getCard();
        return new StoredCard(method.getId(), card.getBrand(), card.getLast4(), card.getExpMonth().intValue(),
                card.getExpYear().intValue());
    }

    private static CardCharge charge(PaymentIntent intent) {
        return switch (intent.getStatus()) {
            case "succeeded" -> new CardCharge(intent.getId(), CardCharge.Outcome.SUCCEEDED, null, null, null);
            case "processing" -> new CardCharge(intent.getId(), CardCharge.Outcome.PROCESSING, null, null, null);
            case "canceled" -> new CardCharge(intent.getId(), CardCharge.Outcome.CANCELLED, null, null, null);
            case "requires_action" -> new CardCharge(intent.getId(), CardCharge.Outcome.REQUIRES_ACTION,
                    redirectOf(intent), null, null);
            default -> {
                StripeError error = intent.getLastPaymentError();
                yield new CardCharge(intent.getId(), CardCharge.Outcome.FAILED, null,
                        error == null ? intent.getStatus() : codeOf(error),
                        error == null ? "The card payment was not completed." : error.getMessage());
            }
        };
    }

    private static String redirectOf(PaymentIntent intent) {
        PaymentIntent.NextAction next = intent.getNextAction();
        return next == null || next.getRedirectToUrl() == null ? null : next.getRedirectToUrl().getUrl();
    }

    /** A declined card is an answer, not an error: the charge failed with Stripe's code and words. */
    private static CardCharge declined(StripeError error) {
        String ref = error.getPaymentIntent() == null ? null : error.getPaymentIntent().getId();
        return new CardCharge(ref, CardCharge.Outcome.FAILED, null, codeOf(error), error.getMessage());
    }

    private static String codeOf(StripeError error) {
        return error.getDeclineCode() != null ? error.getDeclineCode() : error.getCode();
    }
}
