package com.storageplatform.webhooks.delivery;

import com.storageplatform.webhooks.WebhookProperties;
import com.storageplatform.webhooks.endpoint.SigningSecrets;
import com.storageplatform.webhooks.endpoint.WebhookUrls;
import com.storageplatform.webhooks.payload.ApiVersions;
import com.storageplatform.webhooks.signature.WebhookSignature;
import io.netty.channel.ChannelOption;
import java.net.ConnectException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;
import org.springframework.http.MediaType;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.PrematureCloseException;
import reactor.netty.resources.ConnectionProvider;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * One delivery attempt: the event in the endpoint's payload version, signed with every valid secret, POSTed with
 * the headers of the spec; 2xx is success, anything else (other statuses, redirects, which are never followed,
 * timeouts, connection errors) a failure. The timeout (10 s) bounds the whole attempt: resolving, connecting,
 * sending and the answer, its body included. Receivers' hosts must resolve to public addresses, checked
 * as the connection is made; only a test account's localhost URL, where the deployment allows it, is exempt.
 */
@Component
class DeliverySender {

    static final String USER_AGENT = "Service-Webhooks/1.0";

    /** What an attempt came to. {@code error} never carries a secret or a response body. */
    record Attempt(boolean succeeded, Integer status, String error) {
    }

    private final WebClient publicOnly;
    private final WebClient localDevelopment;
    private final WebhookUrls urls;
    private final SigningSecrets secrets;
    private final ApiVersions versions;
    private final JsonMapper json;
    private final WebhookProperties.Delivery settings;
    /** Signatures are dated in real time, which receivers compare with their own clocks; never the business clock. */
    private final Clock signingClock = Clock.systemUTC();

    DeliverySender(WebhookUrls urls, ApiVersions versions, JsonMapper json, SigningSecrets secrets,
            WebhookProperties properties) {
        this.urls = urls;
        this.secrets = secrets;
        this.versions = versions;
        this.json = json;
        this.settings = properties.delivery();
        ConnectionProvider connections = ConnectionProvider.builder("webhook-deliveries")
                .maxConnections(settings.concurrency())
                .pendingAcquireMaxCount(-1)
                .build();
        // No response timeout of its own: the attempt's one bound is the timeout on the whole exchange in send().
        HttpClient base = HttpClient.create(connections)
                .followRedirect(false)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, 5_000);
        this.publicOnly = webClient(
                base.resolver(dns -> dns.dnsAddressResolverGroupProvider(PublicAddressResolverGroup::new)));
        this.localDevelopment = webClient(base);
    }

    private static WebClient webClient(HttpClient client) {
        return WebClient.builder().clientConnector(new ReactorClientHttpConnector(client)).build();
    }

    Mono<Attempt> send(DeliveryQueue.Claimed delivery) {
        byte[] body = payload(delivery);
        long timestamp = signingClock.instant().getEpochSecond();
        List<String> secrets = delivery.sealedSecrets().stream().map(this.secrets::open).toList();
        String signature = WebhookSignature.header(timestamp,
                secrets.stream().map(secret -> WebhookSignature.sign(secret, timestamp, body)).toList());
        URI uri = URI.create(delivery.url());
        WebClient client = urls.isLocalDevelopment(uri, delivery.environment()) ? localDevelopment : publicOnly;
        return client.post().uri(uri)
                .contentType(MediaType.APPLICATION_JSON)
                .header("User-Agent", USER_AGENT)
                .header("Service-Delivery", delivery.id().toString())
                .header("X-Service-Signature", signature)
                .bodyValue(body)
                .exchangeToMono(response -> response.releaseBody().thenReturn(response.statusCode().value()))
                .timeout(settings.timeout())
                .map(status -> status >= 200 && status < 300 ? new Attempt(true, status, null)
                        : new Attempt(false, status, "HTTP " + status))
                .onErrorResume(failure -> Mono.just(new Attempt(false, null, describe(failure))));
    }

    /**
     * The body envelope: {@code id}, {@code type}, {@code api_version}, {@code created}, {@code data}. The stored
     * data goes out as it is when the endpoint is on the event's version (the common case, and no JSON tree to
     * build); otherwise it is rewritten into the endpoint's version.
     */
    byte[] payload(DeliveryQueue.Claimed delivery) {
        ObjectNode envelope = json.createObjectNode();
        envelope.put("id", delivery.eventId().toString());
        envelope.put("type", delivery.eventType());
        envelope.put("api_version", delivery.endpointVersion());
        envelope.put("created", delivery.eventCreated().toString());
        if (delivery.endpointVersion().equals(delivery.eventVersion())) {
            String head = json.writeValueAsString(envelope);
            return (head.substring(0, head.length() - 1) + ",\"data\":" + delivery.eventData() + "}")
                    .getBytes(StandardCharsets.UTF_8);
        }
        envelope.set("data", versions.render(delivery.eventType(), json.readTree(delivery.eventData()),
                delivery.eventVersion(), delivery.endpointVersion()));
        return json.writeValueAsBytes(envelope);
    }

    private String describe(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof TimeoutException || cause instanceof io.netty.handler.timeout.ReadTimeoutException) {
                Duration timeout = settings.timeout();
                return "timed out after " + (timeout.toMillisPart() == 0 ? timeout.toSeconds() + " s"
                        : timeout.toMillis() + " ms");
            }
            if (cause instanceof UnknownHostException unknown) {
                return unknown.getMessage() == null ? "unknown host" : unknown.getMessage();
            }
            if (cause instanceof ConnectException || cause instanceof io.netty.channel.ConnectTimeoutException) {
                return "connection failed";
            }
            if (cause instanceof PrematureCloseException) {
                return "connection closed before a response";
            }
        }
        return "delivery failed: " + failure.getClass().getSimpleName();
    }
}
