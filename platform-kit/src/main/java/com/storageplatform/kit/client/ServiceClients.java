package com.storageplatform.kit.client;

import com.storageplatform.kit.PlatformProperties;
import com.storageplatform.kit.caller.CallerTokenSigner;
import com.storageplatform.kit.caller.Pem;
import com.storageplatform.kit.resilience.Resilience;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.http.codec.json.JacksonJsonDecoder;
import org.springframework.web.reactive.function.client.WebClient;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Where a service gets the client of a peer: {@code clients.of("billing")}, at {@code platform.services.billing.url}
 * ({@code PLATFORM_SERVICES_BILLING_URL}), the names the gateway's route table and the Helm chart use. Each client
 * is built from Spring Boot's {@code WebClient.Builder}, so whatever instruments it (metrics, tracing) applies to
 * service calls too. Answers are read leniently: a peer may add fields (the API changes additively), which a
 * client must tolerate.
 */
public final class ServiceClients {

    private final WebClient.Builder builder;
    private final JsonMapper lenient;
    private final ServiceDirectory directory;
    private final Resilience resilience;
    private final String service;
    private final String privateKey;
    private final Map<String, ServiceClient> clients = new ConcurrentHashMap<>();

    public ServiceClients(WebClient.Builder builder, JsonMapper mapper, ServiceDirectory directory,
            Resilience resilience, PlatformProperties properties) {
        this.builder = builder;
        this.lenient = mapper.rebuild().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();
        this.directory = directory;
        this.resilience = resilience;
        this.service = properties.service().name();
        this.privateKey = properties.serviceToken().privateKey();
    }

    /** The client of a peer, by its short name; fails when the peer's URL or this service's key is missing. */
    public ServiceClient of(String peer) {
        return clients.computeIfAbsent(peer, this::build);
    }

    private ServiceClient build(String peer) {
        if (privateKey == null || privateKey.isBlank()) {
            throw new IllegalStateException("platform.service-token.private-key (PLATFORM_SERVICE_TOKEN_PRIVATE_KEY) "
                    + "is not set: a service cannot call " + peer + " without it");
        }
        if (service == null || service.isBlank()) {
            throw new IllegalStateException("platform.service.name is not set: peers are told who calls");
        }
        WebClient web = builder.clone()
                .baseUrl(directory.urlOf(peer).toString())
                .codecs(codecs -> codecs.defaultCodecs().jacksonJsonDecoder(new JacksonJsonDecoder(lenient)))
                .build();
        return new ServiceClient(service, peer, web, new CallerTokenSigner(Pem.privateKey(privateKey)), resilience);
    }
}
