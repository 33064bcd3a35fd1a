package com.storageplatform.compliance.identity.provider;

import com.storageplatform.kit.resilience.ProviderCalls;
import com.storageplatform.kit.resilience.Resilience;
import com.stripe.StripeClient;
import com.stripe.model.identity.VerificationSession;
import com.stripe.net.RequestOptions;
import com.stripe.param.identity.VerificationSessionCreateParams;
import java.util.Optional;
import java.util.UUID;
import reactor.core.publisher.Mono;

/**
 * Online ID checks through Stripe Identity with stripe-java (the client billing already uses): a check is a
 * VerificationSession of type {@code document}, with a matching selfie taken live, named by the platform's id
 * ({@code client_reference_id}, metadata {@code identity_verification_id}). Stripe asks that a session's URL be
 * neither stored nor emailed (it is short-lived and for one use), so the customer is emailed the platform's own link
 * and sent on to a fresh URL each time they open it ({@link #customerPage}).
 */
final class StripeIdentity implements IdCheckProvider {

    static final String NAME = "stripe";
    /** The peer whose resilience policy the calls follow: {@code platform.resilience.peers.stripe.*}. */
    static final String PEER = "stripe";

    private final StripeClient stripe;
    private final ProviderCalls calls;

    StripeIdentity(IdCheckSettings.Stripe settings, Resilience resilience) {
        int timeout = (int) ProviderCalls.attemptTimeout(resilience, PEER).toMillis();
        this.stripe = StripeClient.builder()
                .setApiKey(settings.apiKey())
                .setApiBase(settings.baseUrl())
                .setConnectTimeout(timeout)
                .setReadTimeout(timeout)
                .setMaxNetworkRetries(0)
                .build();
        this.calls = new ProviderCalls(resilience, PEER, "Stripe Identity", StripeIdentityErrors::translate);
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Mono<String> start(UUID verificationId) {
        VerificationSessionCreateParams session = VerificationSessionCreateParams.builder()
                .setType(VerificationSessionCreateParams.Type.DOCUMENT)
                .setClientReferenceId(verificationId.toString())
                .setOptions(VerificationSessionCreateParams.Options.builder()
                        .setDocument(VerificationSessionCreateParams.Options.Document.builder()
                                .setRequireMatchingSelfie(true)
                                .setRequireLiveCapture(true)
                                .build())
                        .build())
                .putMetadata("identity_verification_id", verificationId.toString())
                .build();
        // The key is the platform's id, never a client's Idempotency-Key: Stripe's keys are shared by every account.
        RequestOptions keyed = RequestOptions.builder().setIdempotencyKey("identity_verification:" + verificationId)
                .build();
        return calls.keyed(() -> stripe.v1().identity().verificationSessions().create(session, keyed).getId());
    }

    /** A session takes the customer's input only while Stripe says {@code requires_input}; its URL is fresh then. */
    @Override
    public Mono<Optional<String>> customerPage(String reference) {
        return calls.once(() -> {
            VerificationSession session = stripe.v1().identity().verificationSessions().retrieve(reference);
            return Optional.ofNullable("requires_input".equals(session.getStatus()) ? session.getUrl() : null);
        });
    }
}
