package com.storageplatform.kit.openapi;

import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.FieldIssue;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.examples.Example;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.http.HttpStatus;

/**
 * The error responses: one component per status and set of codes ({@code IdempotencyConflictOrIdempotencyInProgress}),
 * each listing its codes, when they happen, and an example of each, so operations refer to them instead of
 * repeating them.
 */
final class ErrorResponses {

    private static final Map<ErrorCode, String> MESSAGES = Map.ofEntries(
            Map.entry(ErrorCode.INVALID_REQUEST, "The request body is not valid JSON."),
            Map.entry(ErrorCode.UNAUTHORIZED, "A valid credential is required: send Authorization: Bearer <key>."),
            Map.entry(ErrorCode.INSUFFICIENT_SCOPE, "This credential lacks the scope sites:write, which this request "
                    + "needs."),
            Map.entry(ErrorCode.SITE_FORBIDDEN, "The site is outside this credential's sites."),
            Map.entry(ErrorCode.NOT_FOUND, "No such resource."),
            Map.entry(ErrorCode.CONFLICT, "The request conflicts with the resource's current state."),
            Map.entry(ErrorCode.IDEMPOTENCY_CONFLICT, "This Idempotency-Key was used with a different request."),
            Map.entry(ErrorCode.IDEMPOTENCY_IN_PROGRESS, "A request with this Idempotency-Key is still being "
                    + "processed; retry shortly."),
            Map.entry(ErrorCode.PAYLOAD_TOO_LARGE, "The request body is too large."),
            Map.entry(ErrorCode.UNSUPPORTED_MEDIA_TYPE, "The body must be sent as application/json."),
            Map.entry(ErrorCode.VALIDATION_ERROR, "Invalid value for name: required."),
            Map.entry(ErrorCode.RATE_LIMITED, "Too many requests for this credential. Retry the request after 1 second."),
            Map.entry(ErrorCode.INTERNAL_ERROR, "Something went wrong on our side; retry shortly."),
            Map.entry(ErrorCode.SERVICE_UNAVAILABLE, "The service is unavailable. Retry the request after 5 seconds."),
            Map.entry(ErrorCode.GATEWAY_TIMEOUT, "The service did not answer in time."));

    private ErrorResponses() {
    }

    /** A reference to the error response of this status and codes, defined in the components on first use. */
    static ApiResponse reference(int status, Set<ErrorCode> codes, Components components, boolean rateLimited) {
        String name = (rateLimited ? "" : "Admin")
                + codes.stream().map(code -> pascal(code.code())).collect(Collectors.joining("Or"))
                + (status == 400 && codes.contains(ErrorCode.VALIDATION_ERROR) ? "InQuery" : "")
                // A code answered with another status than its own (invalid_request as 414): named after both.
                + (codes.stream().noneMatch(code -> code.status().value() == status)
                        ? pascal(HttpStatus.valueOf(status).name().toLowerCase(Locale.ROOT)) : "");
        if (components.getResponses() == null || !components.getResponses().containsKey(name)) {
            components.addResponses(name, response(status, codes, rateLimited));
        }
        return new ApiResponse().$ref("#/components/responses/" + name);
    }

    private static ApiResponse response(int status, Set<ErrorCode> codes, boolean rateLimited) {
        StringBuilder description = new StringBuilder();
        Map<String, Example> examples = new LinkedHashMap<>();
        for (ErrorCode code : codes) {
            description.append(description.length() == 0 ? "" : " ").append('`').append(code.code()).append("`: ")
                    .append(ErrorCatalogue.when(code));
            examples.put(code.code(), new Example().value(Map.of("error", body(code, status))));
        }
        ApiResponse response = new ApiResponse().description(description.toString())
                .content(new Content().addMediaType("application/json", new MediaType()
                        .schema(new JsonSchema().$ref("#/components/schemas/" + SharedComponents.ERROR))
                        .examples(examples)));
        Map<String, Header> headers = new LinkedHashMap<>();
        headers.put(SharedComponents.REQUEST_ID, headerRef(SharedComponents.REQUEST_ID));
        if (rateLimited) {
            rateLimitHeaders().forEach(headers::put);
        }
        if (status == 429 || status == 503) {
            headers.put(SharedComponents.RETRY_AFTER, headerRef(SharedComponents.RETRY_AFTER));
        }
        response.setHeaders(headers);
        return response;
    }

    private static Map<String, Object> body(ErrorCode code, int status) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("code", code.code());
        if (code == ErrorCode.VALIDATION_ERROR && status == 400) {
            body.put("message", "Invalid value for limit: above_maximum.");
            body.put("details", List.of(Map.of("field", "limit", "issue", FieldIssue.ABOVE_MAXIMUM)));
        } else if (code == ErrorCode.VALIDATION_ERROR) {
            body.put("message", MESSAGES.get(code));
            body.put("details", List.of(Map.of("field", "name", "issue", FieldIssue.REQUIRED)));
        } else if (code == ErrorCode.INVALID_REQUEST && status == 414) {
            body.put("message", "The request line is longer than 8 KiB.");
        } else if (code == ErrorCode.INVALID_REQUEST && status == 431) {
            body.put("message", "The request's headers are larger than 16 KiB.");
        } else {
            body.put("message", MESSAGES.getOrDefault(code, ErrorCatalogue.when(code)));
        }
        return body;
    }

    /** The token endpoint answers in the RFC 6749 shape, except where the gateway answers for it. */
    static void oauth(ApiResponses responses, Components components) {
        responses.addApiResponse("400", oauthError("A malformed request, an unknown or unsupported grant, an "
                + "invalid, expired or replayed code or refresh token, or a scope the client may not have "
                + "(`invalid_request`, `invalid_grant`, `unsupported_grant_type`, `invalid_scope`, "
                + "`unauthorized_client`).", "invalid_grant", "The refresh token has already been used."));
        responses.addApiResponse("401", oauthError("The client could not be authenticated (`invalid_client`); "
                + "sent with `WWW-Authenticate: Basic`.", "invalid_client", "Client authentication failed."));
        responses.addApiResponse("405", oauthError("Another method than POST (`invalid_request`), with `Allow`.",
                "invalid_request", "The token endpoint accepts only POST."));
        responses.addApiResponse("500", oauthError("An unexpected failure (`server_error`); retry shortly.",
                "server_error", "The token could not be issued; retry shortly."));
        responses.addApiResponse("414", reference(414, Set.of(ErrorCode.INVALID_REQUEST), components, true));
        responses.addApiResponse("429", reference(429, Set.of(ErrorCode.RATE_LIMITED), components, true));
        responses.addApiResponse("431", reference(431, Set.of(ErrorCode.INVALID_REQUEST), components, true));
        responses.addApiResponse("503", reference(503, Set.of(ErrorCode.SERVICE_UNAVAILABLE), components, true));
        responses.addApiResponse("504", reference(504, Set.of(ErrorCode.GATEWAY_TIMEOUT), components, true));
    }

    private static ApiResponse oauthError(String description, String error, String message) {
        Map<String, Header> headers = new LinkedHashMap<>();
        headers.put(SharedComponents.REQUEST_ID, headerRef(SharedComponents.REQUEST_ID));
        rateLimitHeaders().forEach(headers::put);
        return new ApiResponse().description(description).headers(headers)
                .content(new Content().addMediaType("application/json", new MediaType()
                        .schema(new JsonSchema().$ref("#/components/schemas/" + SharedComponents.OAUTH_ERROR))
                        .examples(Map.of(error, new Example().value(Map.of("error", error,
                                "error_description", message))))));
    }

    /** The gateway's RateLimit-* headers, on every answer under /v1 and /oauth (the source IP's bucket at /oauth). */
    static Map<String, Header> rateLimitHeaders() {
        Map<String, Header> headers = new LinkedHashMap<>();
        for (String name : List.of(SharedComponents.RATE_LIMIT_LIMIT, SharedComponents.RATE_LIMIT_REMAINING,
                SharedComponents.RATE_LIMIT_RESET)) {
            headers.put(name, headerRef(name));
        }
        return headers;
    }

    private static Header headerRef(String name) {
        return new Header().$ref("#/components/headers/" + name);
    }

    private static String pascal(String code) {
        StringBuilder name = new StringBuilder();
        for (String word : code.split("_")) {
            name.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
        }
        return name.toString();
    }
}
