package com.storageplatform.crm.message;

import com.storageplatform.crm.message.provider.MessageProviders;
import com.storageplatform.kit.web.Envelopes;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.StringJoiner;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.MediaType;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
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
    Mono<Envelopes.Data<Received>> receive(@PathVariable String provider, ServerWebExchange exchange) {
        return Mono.defer(() -> {
            String signature = exchange.getRequest().getHeaders()
                    .getFirst(providers.reader(provider).signatureHeader());
            String secret = providers.liveSecret(provider);
            return body(exchange).flatMap(body -> reports.receive(provider, body, signature, secret,
                    providers.liveReportUrl(provider)));
        }).map(received -> Envelopes.data(new Received(received)));
    }

    /**
     * The body as text. WebFlux hands a form (Twilio's callbacks) only to {@code getFormData()}, so a form is written
     * out again from its parameters, which are what Twilio signs; any other body is read as it came.
     */
    private static Mono<String> body(ServerWebExchange exchange) {
        MediaType type = exchange.getRequest().getHeaders().getContentType();
        if (MediaType.APPLICATION_FORM_URLENCODED.isCompatibleWith(type)) {
            return exchange.getFormData().map(DeliveryReportResource::encode);
        }
        return DataBufferUtils.join(exchange.getRequest().getBody())
                .map(buffer -> {
                    try {
                        return buffer.toString(StandardCharsets.UTF_8);
                    } finally {
                        DataBufferUtils.release(buffer);
                    }
                })
                .defaultIfEmpty("");
    }

    private static String encode(MultiValueMap<String, String> form) {
        StringJoiner body = new StringJoiner("&");
        form.forEach((name, values) -> values.forEach(value -> body.add(URLEncoder.encode(name,
                StandardCharsets.UTF_8) + "=" + URLEncoder.encode(value == null ? "" : value, StandardCharsets.UTF_8))));
        return body.toString();
    }
}
