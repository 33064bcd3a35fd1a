package com.storageplatform.auth.settings;

import com.storageplatform.auth.credential.CredentialKind;
import com.storageplatform.auth.credential.CredentialService;
import com.storageplatform.auth.credential.IssueCredential;
import com.storageplatform.auth.internal.RevocationReport;
import com.storageplatform.auth.oauth.CreateOAuthClient;
import com.storageplatform.auth.oauth.Installations;
import com.storageplatform.auth.oauth.OAuthClientService;
import com.storageplatform.auth.signin.OperatorSessions;
import com.storageplatform.auth.signin.SignedIn;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.caller.Introspection;
import com.storageplatform.kit.caller.Scopes;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.validation.Text;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.security.web.server.csrf.CsrfToken;
import org.springframework.stereotype.Controller;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.reactive.result.view.Rendering;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * The developer settings at {@code {app_url}}: an operator owner's API keys, static tokens and OAuth clients (each
 * secret shown once, with a copy button), the apps installed on their accounts, and their webhook endpoints
 * (through the public API). Every page works on one account, {@code ?environment=test} (the default) or
 * {@code live}; every form is CSRF-protected; revocations are reported to the gateway like the admin API's.
 */
@Controller
class DeveloperSettings {

    private final CredentialService credentials;
    private final OAuthClientService clients;
    private final Installations installations;
    private final PublicApi api;
    private final OperatorSessions sessions;

    DeveloperSettings(CredentialService credentials, OAuthClientService clients, Installations installations,
            PublicApi api, OperatorSessions sessions) {
        this.credentials = credentials;
        this.clients = clients;
        this.installations = installations;
        this.api = api;
        this.sessions = sessions;
    }

    @GetMapping({"/app", "/app/"})
    Mono<Rendering> home() {
        return Mono.just(Rendering.redirectTo("/app/api-keys").build());
    }

    // ------------------------------------------------------------------ API keys and static tokens

    @GetMapping("/app/api-keys")
    Mono<Rendering> apiKeys(ServerWebExchange exchange) {
        return credentialsPage(exchange, CredentialKind.API_KEY, null, null);
    }

    @GetMapping("/app/static-tokens")
    Mono<Rendering> staticTokens(ServerWebExchange exchange) {
        return credentialsPage(exchange, CredentialKind.STATIC_TOKEN, null, null);
    }

    @PostMapping("/app/api-keys")
    Mono<Rendering> createApiKey(ServerWebExchange exchange) {
        return issue(exchange, CredentialKind.API_KEY);
    }

    @PostMapping("/app/static-tokens")
    Mono<Rendering> createStaticToken(ServerWebExchange exchange) {
        return issue(exchange, CredentialKind.STATIC_TOKEN);
    }

    @PostMapping("/app/{collection:api-keys|static-tokens}/{id}/rotate")
    Mono<Rendering> rotate(ServerWebExchange exchange, @PathVariable String collection, @PathVariable String id) {
        CredentialKind kind = kindOf(collection);
        return SignedIn.current().flatMap(signedIn -> credentials
                .rotate(kind, signedIn.user().operatorId(), Ids.fromPath(id), this::shown)
                .flatMap(report -> reported(exchange, report)
                        .then(credentialsPage(exchange, kind, report.data(), null))))
                .onErrorResume(ApiException.class, refused -> credentialsPage(exchange, kind, null, refused));
    }

    @PostMapping("/app/{collection:api-keys|static-tokens}/{id}/revoke")
    Mono<Rendering> revoke(ServerWebExchange exchange, @PathVariable String collection, @PathVariable String id) {
        CredentialKind kind = kindOf(collection);
        return SignedIn.current().flatMap(signedIn -> credentials
                .revoke(kind, signedIn.user().operatorId(), Ids.fromPath(id), this::shown)
                .flatMap(report -> reported(exchange, report)
                        .thenReturn(Rendering.redirectTo("/app/" + collection + "?environment="
                                + report.data().get("environment") + "&revoked=" + report.data().get("id"))
                                .status(HttpStatus.SEE_OTHER).build())))
                .onErrorResume(ApiException.class, refused -> credentialsPage(exchange, kind, null, refused));
    }

    private Mono<Rendering> issue(ServerWebExchange exchange, CredentialKind kind) {
        return exchange.getFormData().flatMap(form -> SignedIn.current().flatMap(signedIn -> credentials
                        .issue(kind, signedIn.user().operatorId(), new IssueCredential(form.getFirst("environment"),
                                Text.blankToNull(form.getFirst("name")), scopes(form), null), this::shown)
                        .flatMap(created -> credentialsPage(exchange, kind, created, null))))
                .onErrorResume(ApiException.class, refused -> credentialsPage(exchange, kind, null, refused));
    }

    /** A credential as the page shows it; {@code secret} only right after it was created or rotated. */
    private Map<String, Object> shown(com.storageplatform.auth.credential.Credential credential,
            java.time.Instant now, String secret) {
        Map<String, Object> shown = new LinkedHashMap<>();
        shown.put("id", credential.id());
        shown.put("name", credential.name() == null ? "" : credential.name());
        shown.put("environment", credential.environment().value());
        shown.put("prefix", credential.secretPrefix());
        shown.put("scopes", String.join(" ", credential.scopes()));
        shown.put("status", credential.status(now));
        shown.put("created", credential.createdAt());
        shown.put("expires", credential.expiresAt());
        shown.put("secret", secret);
        return shown;
    }

    private Mono<Rendering> credentialsPage(ServerWebExchange exchange, CredentialKind kind,
            Map<String, Object> created, ApiException refused) {
        Environment environment = environment(exchange, created);
        String collection = kind == CredentialKind.API_KEY ? "api-keys" : "static-tokens";
        return SignedIn.current().flatMap(signedIn -> credentials
                .list(kind, signedIn.user().operatorId(), query(environment), this::shown)
                .flatMap(list -> page(exchange, signedIn, "settings/credentials", collection, environment, refused)
                        .map(page -> page
                                .modelAttribute("kindName", kind == CredentialKind.API_KEY ? "API key" : "static token")
                                .modelAttribute("title", kind == CredentialKind.API_KEY ? "API keys" : "Static tokens")
                                .modelAttribute("items", list.data())
                                .modelAttribute("created", created)
                                .modelAttribute("revoked", exchange.getRequest().getQueryParams().getFirst("revoked"))
                                .build())));
    }

    // ------------------------------------------------------------------ OAuth clients and installed apps

    @GetMapping("/app/oauth-clients")
    Mono<Rendering> oauthClients(ServerWebExchange exchange) {
        return clientsPage(exchange, null, null);
    }

    @PostMapping("/app/oauth-clients")
    Mono<Rendering> createOAuthClient(ServerWebExchange exchange) {
        return exchange.getFormData().flatMap(form -> SignedIn.current().flatMap(signedIn -> clients
                        .register(signedIn.user().operatorId(), new CreateOAuthClient(form.getFirst("environment"),
                                Text.blankToNull(form.getFirst("name")), form.getOrDefault("grant_types", List.of()),
                                lines(form.getFirst("redirect_uris")), scopes(form), null))
                        .flatMap(created -> clientsPage(exchange, Map.of("client", created), null))))
                .onErrorResume(ApiException.class, refused -> clientsPage(exchange, null, refused));
    }

    @PostMapping("/app/oauth-clients/{id}/revoke")
    Mono<Rendering> revokeOAuthClient(ServerWebExchange exchange, @PathVariable String id) {
        return SignedIn.current().flatMap(signedIn -> clients.revoke(signedIn.user().operatorId(), Ids.fromPath(id))
                .flatMap(report -> reported(exchange, report).thenReturn(Rendering.redirectTo(
                        "/app/oauth-clients?environment=" + report.data().environment().value()).status(
                        HttpStatus.SEE_OTHER).build())))
                .onErrorResume(ApiException.class, refused -> clientsPage(exchange, null, refused));
    }

    private Mono<Rendering> clientsPage(ServerWebExchange exchange, Map<String, Object> created, ApiException refused) {
        Environment environment = created == null ? environment(exchange, null)
                : ((com.storageplatform.auth.oauth.OAuthClient) created.get("client")).environment();
        return SignedIn.current().flatMap(signedIn -> clients.list(signedIn.user().operatorId(), query(environment))
                .flatMap(list -> page(exchange, signedIn, "settings/oauth-clients", "oauth-clients", environment,
                        refused).map(page -> page
                                .modelAttribute("items", list.data())
                                .modelAttribute("created", created == null ? null : created.get("client"))
                                .build())));
    }

    @GetMapping("/app/installed-apps")
    Mono<Rendering> installedApps(ServerWebExchange exchange) {
        Environment environment = environment(exchange, null);
        return SignedIn.current().flatMap(signedIn -> installations.list(signedIn.user().operatorId(), environment)
                .flatMap(list -> page(exchange, signedIn, "settings/installed-apps", "installed-apps", environment,
                        null).map(page -> page.modelAttribute("items", list.data()).build())));
    }

    @PostMapping("/app/installed-apps/{id}/revoke")
    Mono<Rendering> revokeInstallation(ServerWebExchange exchange, @PathVariable String id) {
        return SignedIn.current().flatMap(signedIn -> installations.revoke(signedIn.user().operatorId(),
                        Ids.fromPath(id))
                .flatMap(report -> reported(exchange, report).thenReturn(Rendering.redirectTo(
                        "/app/installed-apps?environment=" + report.data().environment().value())
                        .status(HttpStatus.SEE_OTHER).build())));
    }

    // ------------------------------------------------------------------ webhook endpoints, through the public API

    @GetMapping("/app/webhooks")
    Mono<Rendering> webhooks(ServerWebExchange exchange) {
        return webhooksPage(exchange, environment(exchange, null), null, null);
    }

    @PostMapping("/app/webhooks")
    Mono<Rendering> createWebhook(ServerWebExchange exchange) {
        return exchange.getFormData().flatMap(form -> {
            Environment environment = Environment.of(form.getFirst("environment") == null ? "test"
                    : form.getFirst("environment"));
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("url", form.getFirst("url"));
            body.put("enabled_events", Arrays.stream(String.valueOf(form.getFirst("enabled_events")).split("[,\\s]+"))
                    .filter(event -> !event.isBlank()).toList());
            return SignedIn.current().flatMap(signedIn -> api.call(signedIn, environment, HttpMethod.POST,
                            "/v1/webhooks", body))
                    .flatMap(created -> webhooksPage(exchange, environment, (Map<?, ?>) created.get("data"), null))
                    .onErrorResume(ApiException.class, refused -> webhooksPage(exchange, environment, null, refused));
        }).onErrorResume(IllegalArgumentException.class, bad -> webhooksPage(exchange, Environment.TEST, null,
                ApiException.invalid("environment", FieldIssue.INVALID)));
    }

    @PostMapping("/app/webhooks/{id}/{status:enable|disable}")
    Mono<Rendering> changeWebhook(ServerWebExchange exchange, @PathVariable String id, @PathVariable String status) {
        Environment environment = environment(exchange, null);
        UUID endpoint = Ids.fromPath(id);
        return SignedIn.current().flatMap(signedIn -> api.call(signedIn, environment, HttpMethod.PATCH,
                        "/v1/webhooks/" + endpoint, Map.of("status", status.equals("enable") ? "active" : "disabled")))
                .thenReturn(Rendering.redirectTo("/app/webhooks?environment=" + environment.value())
                        .status(HttpStatus.SEE_OTHER).build())
                .onErrorResume(ApiException.class, refused -> webhooksPage(exchange, environment, null, refused));
    }

    private Mono<Rendering> webhooksPage(ServerWebExchange exchange, Environment environment, Map<?, ?> created,
            ApiException refused) {
        return SignedIn.current().flatMap(signedIn -> api.call(signedIn, environment, HttpMethod.GET,
                        "/v1/webhooks?limit=100", null)
                .map(list -> (Object) list.get("data"))
                .onErrorResume(ApiException.class, unavailable -> Mono.just(List.of()))
                .flatMap(items -> page(exchange, signedIn, "settings/webhooks", "webhooks", environment, refused)
                        .map(page -> page.modelAttribute("items", items).modelAttribute("created", created).build())));
    }

    // ------------------------------------------------------------------ signing out and the pages around sign-in

    @PostMapping("/app/sign-out")
    Mono<Rendering> signOut(ServerWebExchange exchange) {
        return SignedIn.current().flatMap(signedIn -> sessions.end(signedIn, exchange.getResponse())
                        .collectList()
                        .doOnNext(revoked -> reportHeader(exchange, revoked)))
                .thenReturn(Rendering.redirectTo("/app/signed-out").status(HttpStatus.SEE_OTHER).build());
    }

    @GetMapping("/app/signed-out")
    Mono<Rendering> signedOut() {
        return Mono.just(Rendering.view("settings/message").modelAttribute("title", "You are signed out")
                .modelAttribute("message", "Sign in again to manage your developer settings.")
                .modelAttribute("signIn", true).build());
    }

    @GetMapping("/app/sign-in-failed")
    Mono<Rendering> signInFailed() {
        return Mono.just(Rendering.view("settings/message").modelAttribute("title", "Sign-in did not complete")
                .modelAttribute("message", "Your identity was not confirmed, or it is not an operator user of the "
                        + "platform. Ask your platform administrator to add you.")
                .modelAttribute("signIn", true).status(HttpStatus.FORBIDDEN).build());
    }

    @GetMapping("/app/not-an-owner")
    Mono<Rendering> notAnOwner(ServerWebExchange exchange) {
        return SignedIn.current().flatMap(signedIn -> csrf(exchange).map(csrf -> Rendering.view("settings/message")
                .modelAttribute("title", "Developer settings are for owners")
                .modelAttribute("message", "You are signed in as " + signedIn.user().email() + ", a member of staff. "
                        + "Ask an owner of your operator to manage keys and apps.")
                .modelAttribute("csrf", csrf).modelAttribute("signOut", true)
                .status(HttpStatus.FORBIDDEN).build()));
    }

    // ------------------------------------------------------------------ helpers

    private Mono<Rendering.Builder<?>> page(ServerWebExchange exchange, SignedIn signedIn, String view, String section,
            Environment environment, ApiException refused) {
        return csrf(exchange).map(csrf -> {
            if (refused != null) {
                exchange.getResponse().setStatusCode(refused.status());
            }
            return Rendering.view(view)
                    .modelAttribute("section", section)
                    .modelAttribute("environment", environment.value())
                    .modelAttribute("email", signedIn.user().email())
                    .modelAttribute("csrf", csrf)
                    .modelAttribute("allScopes", Scopes.ALL.stream().sorted().toList())
                    .modelAttribute("error", refused == null ? null : describe(refused));
        });
    }

    private static Mono<CsrfToken> csrf(ServerWebExchange exchange) {
        return exchange.getAttributeOrDefault(CsrfToken.class.getName(), Mono.empty());
    }

    /** The refusal in words, with the fields it names. */
    private static String describe(ApiException refused) {
        String fields = refused.details().stream().map(detail -> detail.field() + " (" + detail.issue() + ")")
                .collect(Collectors.joining(", "));
        return refused.getMessage() + (fields.isEmpty() ? "" : " " + fields);
    }

    private static Mono<Void> reported(ServerWebExchange exchange, RevocationReport<?> report) {
        return Mono.fromRunnable(() -> reportHeader(exchange, report.credentialIds()));
    }

    /** The gateway forgets these credentials before the browser sees the page (ADR 0008). */
    private static void reportHeader(ServerWebExchange exchange, List<UUID> ids) {
        if (!ids.isEmpty()) {
            exchange.getResponse().getHeaders().set(Introspection.REVOKED_HEADER,
                    ids.stream().map(UUID::toString).collect(Collectors.joining(",")));
        }
    }

    private static Environment environment(ServerWebExchange exchange, Map<String, Object> created) {
        Object chosen = created != null ? created.get("environment")
                : exchange.getRequest().getQueryParams().getFirst("environment");
        return "live".equals(String.valueOf(chosen)) ? Environment.LIVE : Environment.TEST;
    }

    private static MultiValueMap<String, String> query(Environment environment) {
        MultiValueMap<String, String> query = new LinkedMultiValueMap<>();
        query.add("environment", environment.value());
        query.add("limit", "100");
        return query;
    }

    private static List<String> scopes(MultiValueMap<String, String> form) {
        return form.getOrDefault("scopes", List.of());
    }

    private static List<String> lines(String text) {
        return text == null ? List.of() : Arrays.stream(text.split("\\s+")).filter(line -> !line.isBlank()).toList();
    }

    private static CredentialKind kindOf(String collection) {
        return collection.equals("api-keys") ? CredentialKind.API_KEY : CredentialKind.STATIC_TOKEN;
    }
}
