package com.storageplatform.auth.oauth;

import com.storageplatform.kit.caller.Introspection;
import com.storageplatform.kit.tracing.TraceLogs;
import com.storageplatform.kit.web.RequestIds;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * {@code POST /oauth/token} (RFC 6749, docs/api/oauth.md): public, form-encoded, and answering every refusal in the
 * RFC 6749 section 5.2 shape, including malformed requests and wrong methods. Every response carries
 * {@code Cache-Control: no-store} and {@code Pragma: no-cache}. Nothing here logs a parameter: they hold secrets.
 */
@RestController
class TokenResource {

    static final String PATH = "/oauth/token";
    private static final Logger log = LoggerFactory.getLogger(TokenResource.class);
    private static final Consumer<HttpHeaders> NO_MORE_HEADERS = headers -> {
    };

    private final TokenService tokens;

    TokenResource(TokenService tokens) {
        this.tokens = tokens;
    }

    /** Mapped for every method, so that a wrong one is answered in the RFC shape too. */
    @RequestMapping(PATH)
    @Operation(method = "POST", summary = "Issue an access token (client credentials, authorization code, refresh)",
            requestBody = @io.swagger.v3.oas.annotations.parameters.RequestBody(required = true, content = @Content(
                    mediaType = MediaType.APPLICATION_FORM_URLENCODED_VALUE,
                    schema = @Schema(implementation = TokenForm.class))),
            responses = @ApiResponse(responseCode = "200", description = "The token (RFC 6749 section 5.1).",
                    content = @Content(mediaType = MediaType.APPLICATION_JSON_VALUE,
                            schema = @Schema(implementation = TokenResponse.class))))
    Mono<ResponseEntity<Object>> token(ServerWebExchange exchange) {
        if (exchange.getRequest().getMethod() != HttpMethod.POST) {
            return Mono.just(respond(HttpStatus.METHOD_NOT_ALLOWED,
                    new OAuthException.OAuthError("invalid_request", "The token endpoint accepts only POST."),
                    headers -> headers.set(HttpHeaders.ALLOW, HttpMethod.POST.name())));
        }
        return parse(exchange)
                .flatMap(request -> tokens.token(request.request(), request.credentials()))
                .map(response -> respond(HttpStatus.OK, response, NO_MORE_HEADERS))
                .onErrorResume(OAuthException.class, refusal -> Mono.just(refuse(refusal)))
                .onErrorResume(failure -> Mono.deferContextual(context -> {
                    TraceLogs.inTrace(context, () -> log.error("Unexpected failure at the token endpoint (request {})",
                            RequestIds.of(exchange), failure));
                    return Mono.just(respond(HttpStatus.INTERNAL_SERVER_ERROR, new OAuthException.OAuthError(
                            "server_error", "The token could not be issued; retry shortly."), NO_MORE_HEADERS));
                }));
    }

    private record ParsedRequest(TokenRequest request, ClientCredentials credentials) {
    }

    private static Mono<ParsedRequest> parse(ServerWebExchange exchange) {
        MediaType type;
        try {
            type = exchange.getRequest().getHeaders().getContentType();
        } catch (InvalidMediaTypeException malformed) {
            type = null;
        }
        if (type == null || !MediaType.APPLICATION_FORM_URLENCODED.equalsTypeAndSubtype(type)) {
            return Mono.error(OAuthException.invalidRequest(
                    "The token endpoint takes application/x-www-form-urlencoded parameters."));
        }
        List<String> authorization = exchange.getRequest().getHeaders().getOrEmpty(HttpHeaders.AUTHORIZATION);
        return exchange.getFormData()
                .onErrorMap(malformed -> OAuthException.invalidRequest("The request body is not a valid form."))
                .map(form -> {
                    Map<String, String> parameters = parameters(form);
                    String grantType = parameters.get("grant_type");
                    if (grantType == null) {
                        throw OAuthException.invalidRequest("The grant_type parameter is required.");
                    }
                    return new ParsedRequest(new TokenRequest(grantType, parameters),
                            ClientCredentials.from(authorization, parameters));
                });
    }

    /** RFC 6749 section 3.2: no parameter twice; one sent without a value counts as absent. */
    private static Map<String, String> parameters(MultiValueMap<String, String> form) {
        Map<String, String> parameters = new HashMap<>();
        form.forEach((name, values) -> {
            if (values.size() > 1) {
                throw OAuthException.invalidRequest("Each parameter may be sent only once.");
            }
            if (!values.isEmpty() && values.get(0) != null && !values.get(0).isEmpty()) {
                parameters.put(name, values.get(0));
            }
        });
        return parameters;
    }

    private static ResponseEntity<Object> refuse(OAuthException refusal) {
        return respond(refusal.status(), refusal.body(), headers -> {
            if (refusal.challenge()) {
                headers.set(HttpHeaders.WWW_AUTHENTICATE, "Basic realm=\"oauth\"");
            }
            if (!refusal.revokedCredentials().isEmpty()) {
                // Read and removed by the gateway, which forgets these tokens before the client's next request.
                headers.set(Introspection.REVOKED_HEADER, refusal.revokedCredentials().stream().map(UUID::toString)
                        .collect(Collectors.joining(",")));
            }
        });
    }

    private static ResponseEntity<Object> respond(HttpStatus status, Object body,
            Consumer<HttpHeaders> extra) {
        return ResponseEntity.status(status)
                .contentType(MediaType.APPLICATION_JSON)
                .cacheControl(CacheControl.noStore())
                .header(HttpHeaders.PRAGMA, "no-cache")
                .headers(extra)
                .body(body);
    }
}
