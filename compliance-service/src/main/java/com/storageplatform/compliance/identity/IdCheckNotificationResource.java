package com.storageplatform.compliance.identity;

import com.storageplatform.compliance.identity.provider.IdCheckProviders;
import com.storageplatform.kit.web.Envelopes;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code POST /id-check-providers/{provider}/notifications}: where Stripe Identity ({@code stripe}) sends its
 * webhooks. Outside {@code /v1}: no caller token (the provider has none; its signature over the raw body is the
 * credential, verified with the live webhook secret), and not in the API description, which is the platform's own
 * API only. The gateway forwards it without a credential.
 */
@RestController
class IdCheckNotificationResource {

    private final IdCheckProviders providers;
    private final IdCheckNotifications notifications;

    IdCheckNotificationResource(IdCheckProviders providers, IdCheckNotifications notifications) {
        this.providers = providers;
        this.notifications = notifications;
    }

    /** What a notification was answered with: how many events it carried. */
    record Received(int received) {
    }

    /**
     * 200 {@code {"data": {"received": n}}} once every event is applied or known already (a provider sends an event
     * again until it is answered 200); 400 for a missing, stale or wrong signature or a body not the provider's,
     * nothing applied; 404 for another provider; 409 when the provider is not set up on this platform.
     */
    @PostMapping("/id-check-providers/{provider}/notifications")
    Mono<Envelopes.Data<Received>> receive(@PathVariable String provider, ServerHttpRequest request,
            @RequestBody(required = false) String body) {
        return Mono.defer(() -> {
            String signature = request.getHeaders().getFirst(providers.reader(provider).signatureHeader());
            return notifications.receive(provider, body == null ? "" : body, signature,
                    providers.liveSecret(provider));
        }).map(received -> Envelopes.data(new Received(received)));
    }
}
