package com.storageplatform.auth.oauth;

import com.storageplatform.auth.operator.Operators;
import com.storageplatform.auth.signin.KeycloakSignIn;
import com.storageplatform.auth.signin.SignedIn;
import java.net.URI;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.security.web.server.csrf.CsrfToken;
import org.springframework.security.web.server.savedrequest.CookieServerRequestCache;
import org.springframework.stereotype.Controller;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.reactive.result.view.Rendering;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * {@code /oauth/authorize}, the authorization endpoint (RFC 6749 section 3.1, docs/api/oauth.md): {@code GET}
 * checks the request, has the operator sign in through Keycloak, and shows the consent page; the consent form
 * posts back ({@code POST}, CSRF-protected) with {@code decision=approve} or {@code deny}, and the operator is sent
 * to the app's redirect URI with a one-time code, or with {@code error=access_denied}, and the app's state.
 * A request whose client or redirect URI cannot be trusted is answered with an error page, never a redirect.
 */
@Controller
class AuthorizeResource {

    static final String PATH = "/oauth/authorize";

    private final OAuthClientRepository clients;
    private final Operators operators;
    private final Installations installations;
    private final CookieServerRequestCache requestCache = new CookieServerRequestCache();

    AuthorizeResource(OAuthClientRepository clients, Operators operators, Installations installations) {
        this.clients = clients;
        this.operators = operators;
        this.installations = installations;
    }

    @GetMapping(PATH)
    Mono<Rendering> authorize(ServerWebExchange exchange) {
        return checked(exchange.getRequest().getQueryParams())
                .flatMap(request -> SignedIn.current()
                        .flatMap(signedIn -> signedIn.user().isOwner() ? consent(exchange, request, signedIn)
                                : Mono.just(refuse(AuthorizationRequest.Refusal.redirect("access_denied",
                                        "Only an owner of the operator can install apps.", request.redirectUri(),
                                        request.state()))))
                        .switchIfEmpty(Mono.defer(() -> requestCache.saveRequest(exchange)
                                .thenReturn(Rendering.redirectTo(KeycloakSignIn.SIGN_IN_PATH).build()))))
                .onErrorResume(AuthorizationRequest.Refusal.class, refusal -> Mono.just(refuse(refusal)));
    }

    @PostMapping(PATH)
    Mono<Rendering> decide(ServerWebExchange exchange) {
        return exchange.getFormData().flatMap(form -> checked(form).flatMap(request -> SignedIn.current()
                        .switchIfEmpty(Mono.error(() -> AuthorizationRequest.Refusal.page(
                                "Your sign-in has ended. Start again from the app.")))
                        .flatMap(signedIn -> {
                            if (!signedIn.user().isOwner()) {
                                return Mono.just(refuse(AuthorizationRequest.Refusal.redirect("access_denied",
                                        "Only an owner of the operator can install apps.", request.redirectUri(),
                                        request.state())));
                            }
                            if (!"approve".equals(form.getFirst("decision"))) {
                                return Mono.just(refuse(AuthorizationRequest.Refusal.redirect("access_denied",
                                        "The operator denied the request.", request.redirectUri(), request.state())));
                            }
                            return installations.approve(request, signedIn.user())
                                    .map(location -> Rendering.redirectTo(location).status(HttpStatus.SEE_OTHER)
                                            .build());
                        })))
                .onErrorResume(AuthorizationRequest.Refusal.class, refusal -> Mono.just(refuse(refusal)));
    }

    private Mono<AuthorizationRequest> checked(MultiValueMap<String, String> parameters) {
        String clientId = parameters.getFirst("client_id");
        Mono<RegisteredClient> client = clientId == null || clientId.length() > 64 ? Mono.empty()
                : clients.findByClientId(clientId);
        return client.map(found -> AuthorizationRequest.check(parameters, found))
                .switchIfEmpty(Mono.fromSupplier(() -> AuthorizationRequest.check(parameters, null)));
    }

    /** The consent page; its form may post back and then send the browser on to the app's redirect URI. */
    private Mono<Rendering> consent(ServerWebExchange exchange, AuthorizationRequest request, SignedIn signedIn) {
        URI redirect = URI.create(request.redirectUri());
        String origin = redirect.getScheme() + "://" + redirect.getRawAuthority();
        exchange.getResponse().getHeaders().set("Content-Security-Policy",
                KeycloakSignIn.CONTENT_SECURITY_POLICY.replace("form-action 'self'", "form-action 'self' " + origin));
        exchange.getResponse().getHeaders().set(HttpHeaders.CACHE_CONTROL, "no-store");
        Mono<CsrfToken> csrf = exchange.getAttributeOrDefault(CsrfToken.class.getName(), Mono.empty());
        return Mono.zip(operators.nameOf(request.client().operatorId()).defaultIfEmpty("another operator"), csrf)
                .map(found -> Rendering.view("oauth/consent")
                        .modelAttribute("appName", request.client().name())
                        .modelAttribute("developer", found.getT1())
                        .modelAttribute("environment", request.client().environment().value())
                        .modelAttribute("scopes", request.scopes().stream()
                                .map(scope -> Map.of("name", scope, "description", ScopeDescriptions.of(scope)))
                                .toList())
                        .modelAttribute("redirectHost", redirect.getHost())
                        .modelAttribute("parameters", request.formParameters())
                        .modelAttribute("email", signedIn.user().email())
                        .modelAttribute("csrf", found.getT2())
                        .build());
    }

    private static Rendering refuse(AuthorizationRequest.Refusal refusal) {
        return refusal.location()
                .map(location -> Rendering.redirectTo(location).status(HttpStatus.SEE_OTHER).build())
                .orElseGet(() -> Rendering.view("oauth/error")
                        .modelAttribute("message", refusal.getMessage())
                        .status(HttpStatus.BAD_REQUEST)
                        .build());
    }
}
