package com.storageplatform.crm.message;

import com.storageplatform.crm.message.provider.MessageProviders;
import com.storageplatform.kit.web.Envelopes;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code POST /message-providers/{provider}/notifications}: where the email relay ({@code smtp}) and Twilio
 * ({@code twilio}) send their delivery reports. Outside {@code /v1}: no caller token (the provider has none; its
 * signature over the body is the credential, verified with the live provider's secret), and not in the API
 * description, which is the platform's own API only. The gateway forwards it without a credential.
 */
@RestController
class DeliveryReportResource {

    private final MessageProviders providers;
    private final DeliveryReports reports;

    DeliveryReportResource(MessageProviders providers, DeliveryReports reports) {
        this.providers = providers;
        this.reports = reports;
    }

    /** What a report was answered with: how many events it carried. */
    record Received(int received) {
    }

    /**
     * 200 {@code {"data": {"received": n}}} once every event is applied or known already (a provider sends a report
     * again until it is answered 200); 400 for a missing, stale or wrong signature or a body not the provider's,
     * nothing applied; 404 for another provider; 409 when the provider is not set up on this platform.
     */
    @PostMapping("/message-providers/{provider}/notifications")
    Mono<Envelopes.Data<Received>> receive(@PathVariable String provider, ServerHttpRequest request,
            @RequestBody(required = false) String body) {
        return Mono.defer(() -> {
            String signature = request.getHeaders().getFirst(providers.reader(provider).signatureHeader());
            return reports.receive(provider, body == null ? "" : body, signature, providers.liveSecret(provider),
                    providers.liveReportUrl(provider));
        }).map(received -> Envelopes.data(new Received(received)));
    }
}
