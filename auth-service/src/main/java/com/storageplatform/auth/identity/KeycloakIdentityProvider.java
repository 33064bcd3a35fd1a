package com.storageplatform.auth.identity;

import com.storageplatform.auth.signin.AppProperties;
import com.storageplatform.kit.resilience.Outages;
import com.storageplatform.kit.resilience.Resilience;
import com.storageplatform.kit.tracing.TraceLogs;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.jboss.resteasy.client.jaxrs.internal.ResteasyClientBuilderImpl;
import org.keycloak.OAuth2Constants;
import org.keycloak.admin.client.CreatedResponseUtil;
import org.keycloak.admin.client.JacksonProvider;
import org.keycloak.admin.client.Keycloak;
import org.keycloak.admin.client.KeycloakBuilder;
import org.keycloak.admin.client.resource.RealmResource;
import org.keycloak.representations.idm.ClientRepresentation;
import org.keycloak.representations.idm.RealmRepresentation;
import org.keycloak.representations.idm.RequiredActionProviderRepresentation;
import org.keycloak.representations.idm.UserRepresentation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.util.retry.Retry;

/**
 * The Keycloak adapter: keycloak-admin-client is blocking (RESTEasy), so every call runs on
 * {@link Schedulers#boundedElastic()}, through the kit's {@link Resilience#guard}: bounded by
 * {@link KeycloakProperties#timeout()} and behind the {@code keycloak} breaker ({@code platform.resilience.peers.
 * keycloak.*}), so a Keycloak that is down costs a request nothing while the circuit is open. Failure policy:
 * Keycloak too slow is 504 {@code gateway_timeout}, down or refusing 503 {@code service_unavailable} with
 * {@code Retry-After} (the request that needed it changes nothing and may be retried); nothing is retried here.
 */
@Component
class KeycloakIdentityProvider implements IdentityProvider, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(KeycloakIdentityProvider.class);

    private static final Duration FOREVER = Duration.ofDays(365 * 100);
    private static final String KEYCLOAK = "keycloak";
    private static final String SUBJECT = "The identity provider";

    private final KeycloakProperties properties;
    private final Keycloak keycloak;
    private final Resilience resilience;
    /**
     * Provisioning of the realm and the sign-in client (with this deployment's callback URL), shared by concurrent
     * callers and kept once it succeeded (a failure is forgotten, so the next caller tries again).
     */
    private final Mono<Void> provisioning;

    KeycloakIdentityProvider(KeycloakProperties properties, AppProperties app, Resilience resilience) {
        properties.requireComplete();
        this.properties = properties;
        this.resilience = resilience;
        String callbackUrl = app.signInCallbackUrl();
        this.provisioning = blocking("provision the realm", () -> {
            provisionRealm(callbackUrl);
            return Boolean.TRUE;
        }).then().cache(done -> FOREVER, failed -> Duration.ZERO, () -> FOREVER);
        long timeout = properties.timeout().toMillis();
        this.keycloak = KeycloakBuilder.builder()
                .serverUrl(properties.internalUrl())
                .realm(properties.admin().realm())
                .grantType(OAuth2Constants.CLIENT_CREDENTIALS)
                .clientId(properties.admin().clientId())
                .clientSecret(properties.admin().clientSecret())
                .resteasyClient(new ResteasyClientBuilderImpl()
                        // Backstops: the guard bounds the whole call at the timeout (blocking()).
                        .connectTimeout(timeout, TimeUnit.MILLISECONDS)
                        .readTimeout(2 * timeout, TimeUnit.MILLISECONDS)
                        .connectionPoolSize(8)
                        // Keycloak's own JSON mapping, which KeycloakBuilder registers unless given a client.
                        .register(new JacksonProvider(), 100)
                        .build())
                .build();
    }

    @Override
    public Mono<Void> ensureRealm() {
        return provisioning;
    }

    /**
     * At start-up, in the background: the realm is ready before the first operator is created (creating a realm
     * takes Keycloak seconds). Retried with backoff while Keycloak is not there yet; requests that need it try too.
     */
    @EventListener(ApplicationReadyEvent.class)
    void provisionAtStartUp() {
        ensureRealm()
                .retryWhen(Retry.backoff(30, Duration.ofSeconds(2)).maxBackoff(Duration.ofSeconds(30)))
                .subscribe(done -> { }, failed -> log.warn("Keycloak's realm is not provisioned yet: {}",
                        failed.getMessage()));
    }

    @Override
    public Mono<String> createUser(String email) {
        return blocking("create the user", () -> {
            RealmResource realm = keycloak.realm(properties.realm());
            UserRepresentation user = new UserRepresentation();
            user.setUsername(email);
            user.setEmail(email);
            user.setEnabled(true);
            // The platform admin vouches for the address; Keycloak asks for nothing more before the password.
            user.setEmailVerified(true);
            String id;
            try (Response created = realm.users().create(user)) {
                if (created.getStatus() == 409) {
                    // Made by an earlier attempt whose own write failed after it: the same person.
                    id = realm.users().searchByEmail(email, true).stream().findFirst()
                            .map(UserRepresentation::getId)
                            .orElseThrow(() -> ApiException.conflict("A user with this email already exists."));
                } else {
                    id = CreatedResponseUtil.getCreatedId(created);
                }
            }
            if (properties.setupEmail()) {
                try {
                    realm.users().get(id).executeActionsEmail(List.of("UPDATE_PASSWORD"));
                } catch (WebApplicationException | ProcessingException e) {
                    log.warn("Keycloak could not send the set-password email to a new user ({}); an administrator "
                            + "can send it from Keycloak's console", e.getMessage());
                }
            }
            return id;
        });
    }

    /** The realm (no registration, one account per email address) and the confidential sign-in client. */
    private void provisionRealm(String callbackUrl) {
        RealmResource realm = keycloak.realm(properties.realm());
        try {
            realm.toRepresentation();
        } catch (NotFoundException missing) {
            RealmRepresentation representation = new RealmRepresentation();
            representation.setRealm(properties.realm());
            representation.setDisplayName("Storage platform");
            representation.setEnabled(true);
            representation.setRegistrationAllowed(false);
            representation.setLoginWithEmailAllowed(true);
            representation.setDuplicateEmailsAllowed(false);
            representation.setResetPasswordAllowed(properties.setupEmail());
            representation.setBruteForceProtected(true);
            try {
                keycloak.realms().create(representation);
                log.info("Created Keycloak realm {}", properties.realm());
            } catch (WebApplicationException raced) {
                if (raced.getResponse().getStatus() != 409) {
                    throw raced;
                }
            }
        }
        // People are identified by their email address; Keycloak's default profile would also demand a first and
        // last name at the first sign-in, which the platform neither has nor needs.
        RequiredActionProviderRepresentation verifyProfile = realm.flows().getRequiredAction("VERIFY_PROFILE");
        if (verifyProfile != null && verifyProfile.isEnabled()) {
            verifyProfile.setEnabled(false);
            realm.flows().updateRequiredAction("VERIFY_PROFILE", verifyProfile);
        }
        List<ClientRepresentation> existing = realm.clients().findByClientId(properties.clientId());
        if (existing.isEmpty()) {
            try (Response created = realm.clients().create(signInClient(new ClientRepresentation(), callbackUrl))) {
                if (created.getStatus() != 201 && created.getStatus() != 409) {
                    throw new WebApplicationException(created);
                }
            }
            log.info("Created Keycloak client {} in realm {}", properties.clientId(), properties.realm());
            return;
        }
        ClientRepresentation client = existing.get(0);
        realm.clients().get(client.getId()).update(signInClient(client, callbackUrl));
    }

    /** Authorization code with PKCE (S256), confidential, this callback allowed besides those it had. */
    private ClientRepresentation signInClient(ClientRepresentation client, String callbackUrl) {
        Set<String> redirects = new LinkedHashSet<>(client.getRedirectUris() == null ? List.of() : client.getRedirectUris());
        redirects.add(callbackUrl);
        client.setClientId(properties.clientId());
        client.setName("Storage platform: developer settings and app consent");
        client.setProtocol("openid-connect");
        client.setEnabled(true);
        client.setPublicClient(false);
        client.setClientAuthenticatorType("client-secret");
        client.setSecret(properties.clientSecret());
        client.setStandardFlowEnabled(true);
        client.setImplicitFlowEnabled(false);
        client.setDirectAccessGrantsEnabled(false);
        client.setServiceAccountsEnabled(false);
        client.setRedirectUris(new ArrayList<>(redirects));
        Map<String, String> attributes = new java.util.HashMap<>(client.getAttributes() == null ? Map.of()
                : client.getAttributes());
        attributes.put("pkce.code.challenge.method", "S256");
        client.setAttributes(attributes);
        return client;
    }

    private <T> Mono<T> blocking(String what, Callable<T> call) {
        Mono<T> attempt = Mono.fromCallable(call)
                .subscribeOn(Schedulers.boundedElastic())
                .onErrorResume(failure -> !(failure instanceof ApiException),
                        failure -> TraceLogs.<T>log(() -> log.warn("Keycloak could not {}: {}", what,
                                describe(failure))).then(Mono.error(failure)));
        return resilience.guard(KEYCLOAK, SUBJECT, properties.timeout(), attempt)
                .onErrorResume(failure -> failure instanceof ApiException api
                                && api.code() == ErrorCode.GATEWAY_TIMEOUT,
                        failure -> TraceLogs.<T>log(() -> log.warn("Keycloak did not {} within {}", what,
                                properties.timeout())).then(Mono.error(failure)))
                .onErrorMap(failure -> !(failure instanceof ApiException),
                        // Keycloak refused (a 4xx or 5xx of its own): nothing was done that a retry would repeat.
                        failure -> Outages.unavailable(SUBJECT, Outages.RETRY_AFTER_FAILURE));
    }

    /** Keycloak's own error answer says what it refused (it names fields, never secrets). */
    private static String describe(Throwable failure) {
        if (failure instanceof WebApplicationException refused) {
            try {
                return failure + " " + refused.getResponse().readEntity(String.class);
            } catch (RuntimeException unreadable) {
                return failure.toString();
            }
        }
        return failure.toString();
    }

    @Override
    public void destroy() {
        keycloak.close();
    }
}
