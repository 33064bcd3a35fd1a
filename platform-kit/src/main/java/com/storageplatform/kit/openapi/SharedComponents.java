package com.storageplatform.kit.openapi;

import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.request.MutationFilter;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.FieldIssue;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.headers.Header;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.security.OAuthFlow;
import io.swagger.v3.oas.models.security.OAuthFlows;
import io.swagger.v3.oas.models.security.Scopes;
import io.swagger.v3.oas.models.security.SecurityScheme;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The parts of the API description every service shares, written once: the error object and every error code,
 * the security schemes, the {@code Idempotency-Key} header, the paging parameters and the response headers.
 * {@link SharedParts} puts them into each service's document and points every operation at them.
 */
final class SharedComponents {

    static final String BEARER = "bearer";
    static final String PLATFORM_ADMIN = "platform_admin";
    static final String OAUTH_CLIENT = "oauth_client";

    static final String ERROR = "Error";
    static final String OAUTH_ERROR = "OAuthError";
    /** The OAuth flows that issue the access tokens {@link #BEARER} accepts. */
    static final String OAUTH2 = "oauth2";
    static final String IDEMPOTENCY_KEY = "IdempotencyKey";
    static final String LIMIT = "Limit";
    static final String CURSOR = "Cursor";

    /** Response headers, by name. */
    static final String RATE_LIMIT_LIMIT = "RateLimit-Limit";
    static final String RATE_LIMIT_REMAINING = "RateLimit-Remaining";
    static final String RATE_LIMIT_RESET = "RateLimit-Reset";
    static final String RETRY_AFTER = "Retry-After";
    static final String REQUEST_ID = "Service-Request-Id";
    static final String REPLAYED = MutationFilter.REPLAYED_HEADER;
    static final String DEPRECATION = "Deprecation";
    static final String SUNSET = "Sunset";
    static final String LINK = "Link";

    /** The issue vocabulary of conventions.md ("Requests"); services extend it only when none fits. */
    static final List<String> ISSUES = List.of(FieldIssue.REQUIRED, FieldIssue.INVALID, FieldIssue.UNKNOWN_FIELD,
            FieldIssue.TOO_LONG, FieldIssue.BELOW_MINIMUM, FieldIssue.ABOVE_MAXIMUM, FieldIssue.NOT_ALLOWED,
            FieldIssue.NOT_FOUND, FieldIssue.IMMUTABLE, FieldIssue.INVALID_TRANSITION, FieldIssue.DUPLICATE);

    /** RFC 6749 section 5.2 error codes of the token endpoint. */
    static final List<String> OAUTH_ERRORS = List.of("invalid_request", "invalid_client", "invalid_grant",
            "unauthorized_client", "unsupported_grant_type", "invalid_scope", "server_error");

    private SharedComponents() {
    }

    static void addTo(Components components) {
        errorSchemas().forEach(components::addSchemas);
        components.addSecuritySchemes(BEARER, new SecurityScheme().type(SecurityScheme.Type.HTTP).scheme("bearer")
                .description("An API key (`svc_live_...`, `svc_test_...`), a static or staff token, or an OAuth "
                        + "access token (`svc_at_...`), sent as `Authorization: Bearer <credential>`. The credential "
                        + "selects the operator and the environment (test or live). Each operation names the one scope "
                        + "it needs: `GET` needs `<family>:read`, every other method `<family>:write`, matched exactly "
                        + "(write does not grant read)."));
        components.addSecuritySchemes(PLATFORM_ADMIN, new SecurityScheme().type(SecurityScheme.Type.HTTP)
                .scheme("bearer").description("The platform admin token (`PLATFORM_ADMIN_TOKEN`), set at deployment; "
                        + "only the admin API accepts it."));
        components.addSecuritySchemes(OAUTH_CLIENT, new SecurityScheme().type(SecurityScheme.Type.HTTP)
                .scheme("basic").description("OAuth client authentication (RFC 6749 section 2.3.1): the client id and "
                        + "secret as HTTP Basic, or as `client_id` and `client_secret` form parameters."));
        components.addSecuritySchemes(OAUTH2, oauthFlows());
        components.addParameters(IDEMPOTENCY_KEY, new Parameter().in("header").name(MutationFilter.KEY_HEADER)
                .required(false)
                .description("Makes the request safe to retry: a repeat with the same key and the same request replays "
                        + "the stored response (with `Idempotent-Replayed: true`); the same key with a different request "
                        + "is 409 `idempotency_conflict`, and while the first is still running 409 "
                        + "`idempotency_in_progress`. Keys belong to the account and are kept 24 hours. 401, 403, 429 "
                        + "and 5xx answers are not stored, so they can be retried under the same key.")
                .schema(new JsonSchema().types(Set.of("string")).minLength(1).maxLength(MutationFilter.MAX_KEY_LENGTH)
                        .example("7d1c4a2e-order-2026-11-23")));
        components.addParameters(LIMIT, new Parameter().in("query").name("limit").required(false)
                .description("How many items a page holds: 1 to " + PageRequest.MAX_LIMIT + ", default "
                        + PageRequest.DEFAULT_LIMIT + ". `meta.limit` echoes it. Outside the range is 400 "
                        + "`validation_error` on `limit`.")
                .schema(new JsonSchema().types(Set.of("integer")).format("int32").minimum(java.math.BigDecimal.ONE)
                        .maximum(java.math.BigDecimal.valueOf(PageRequest.MAX_LIMIT))
                        ._default(PageRequest.DEFAULT_LIMIT).example(PageRequest.DEFAULT_LIMIT)));
        components.addParameters(CURSOR, new Parameter().in("query").name("cursor").required(false)
                .description("Where the page starts: `meta.cursor.next` of the previous page. Opaque, and bound to the "
                        + "filters it was issued with: used with other filters it is 400 `validation_error` on "
                        + "`cursor`. Lists are newest first and stable under concurrent inserts.")
                .schema(new JsonSchema().types(Set.of("string")).maxLength(200)
                        .example("MDE5M2Q1YzQtOGUyYS03MDAwLTgwMDAtMDAwMDAwMDAwMDAxOjNmMmE")));
        headers().forEach(components::addHeaders);
    }

    @SuppressWarnings("rawtypes")
    private static Map<String, Schema> errorSchemas() {
        Map<String, Schema> schemas = new LinkedHashMap<>();
        List<String> codes = Arrays.stream(ErrorCode.values()).map(ErrorCode::code).distinct().toList();
        Schema issue = new JsonSchema().types(Set.of("object")).description("One invalid field and what is wrong "
                        + "with it.")
                .addProperty("field", new JsonSchema().types(Set.of("string")).description("The field: a dotted path "
                        + "with indexes into the body (`items[0].item_type`), a query parameter, or a header "
                        + "(`Idempotency-Key`).").example("name"))
                .addProperty("issue", new JsonSchema().types(Set.of("string")).description("What is wrong: one of "
                        + String.join(", ", ISSUES.stream().map(i -> "`" + i + "`").toList()) + ", or a rule's own "
                        + "issue that the operation names. New issues may be added.").example(FieldIssue.REQUIRED));
        issue.setRequired(List.of("issue"));
        Schema body = new JsonSchema().types(Set.of("object"))
                .addProperty("code", new JsonSchema().types(Set.of("string"))._enum(List.copyOf(codes))
                        .description(codeTable()).example(ErrorCode.NOT_FOUND.code()))
                .addProperty("message", new JsonSchema().types(Set.of("string"))
                        .description("What went wrong, for a person to read; never a stack trace or SQL.")
                        .example("No such resource."))
                .addProperty("details", new JsonSchema().types(Set.of("array")).items(new JsonSchema()
                        .$ref("#/components/schemas/FieldIssue"))
                        .description("Present on validation errors (and some conflicts): each invalid field."));
        body.setRequired(List.of("code", "message"));
        Schema error = new JsonSchema().types(Set.of("object"))
                .description("The one error shape: `{ error: { code, message, details? } }`, also when the gateway "
                        + "answers for a service. A response never carries both `error` and `data`.")
                .addProperty("error", new JsonSchema().$ref("#/components/schemas/ErrorBody"));
        error.setRequired(List.of("error"));
        Schema oauth = new JsonSchema().types(Set.of("object"))
                .description("A refusal of the token endpoint, in the RFC 6749 section 5.2 shape.")
                .addProperty("error", new JsonSchema().types(Set.of("string"))._enum(List.copyOf(OAUTH_ERRORS))
                        .example("invalid_grant"))
                .addProperty("error_description", new JsonSchema().types(Set.of("string"))
                        .example("The refresh token has already been used."));
        oauth.setRequired(List.of("error"));
        schemas.put(ERROR, error);
        schemas.put("ErrorBody", body);
        schemas.put("FieldIssue", issue);
        schemas.put(OAUTH_ERROR, oauth);
        return schemas;
    }

    /** Every error code with its status and when it is answered, as a table for readers. */
    static String codeTable() {
        StringBuilder table = new StringBuilder("The error code; clients branch on it (never on the message). New "
                + "codes may be added.\n\n| Code | Status | When |\n|---|---|---|\n");
        for (ErrorCode code : ErrorCode.values()) {
            table.append("| `").append(code.code()).append("` | ")
                    .append(code == ErrorCode.VALIDATION_ERROR ? "422, 400" : Integer.toString(code.status().value()))
                    .append(" | ").append(ErrorCatalogue.when(code)).append(" |\n");
        }
        return table.toString();
    }

    private static Map<String, Header> headers() {
        Map<String, Header> headers = new LinkedHashMap<>();
        headers.put(RATE_LIMIT_LIMIT, header("integer",
                "The bucket size (burst): a live credential 200, a test one 50; at /oauth, the source IP's."));
        headers.put(RATE_LIMIT_REMAINING, header("integer", "Requests left in the bucket now."));
        headers.put(RATE_LIMIT_RESET, header("integer", "Seconds until the bucket is full again."));
        headers.put(RETRY_AFTER, header("integer", "Seconds to wait before retrying."));
        headers.put(REQUEST_ID, header("string", "The request's id, for support; every response carries it."));
        headers.put(REPLAYED, header("string", "`true` when the response is the stored answer to an earlier "
                + "request with the same `Idempotency-Key`."));
        headers.put(DEPRECATION, header("string", "RFC 9745: `@<unix-seconds>` of the moment the operation or a field "
                + "of the response was deprecated."));
        headers.put(SUNSET, header("string", "RFC 8594: the HTTP-date after which it may stop working."));
        headers.put(LINK, header("string", "`<url>; rel=\"deprecation\"`: where to read what to use instead."));
        return headers;
    }

    private static Header header(String type, String description) {
        JsonSchema schema = new JsonSchema();
        schema.setTypes(Set.of(type));
        if (type.equals("integer")) {
            schema.setFormat("int32");
            schema.setMinimum(java.math.BigDecimal.ZERO);
        } else {
            schema.setMaxLength(200);
        }
        return new Header().description(description).schema(schema);
    }

    /**
     * How an app obtains an access token (`svc_at_...`), sent as {@link #BEARER}: for an operator's own backend the
     * client-credentials grant, for an app an operator installs the authorization code with PKCE (S256), whose
     * refresh tokens rotate (docs/api/oauth.md).
     */
    private static SecurityScheme oauthFlows() {
        Scopes scopes = new Scopes();
        com.storageplatform.kit.caller.Scopes.ALL.stream().sorted().forEach(scope -> scopes.addString(scope,
                (scope.endsWith(":read") ? "Read " : "Create and change ") + scope.substring(0, scope.indexOf(':'))
                        .replace('-', ' ') + " (exactly this scope; write does not grant read)"));
        return new SecurityScheme().type(SecurityScheme.Type.OAUTH2)
                .description("OAuth 2.0 (RFC 6749) at the gateway. The authorization-code flow requires PKCE with "
                        + "`code_challenge_method=S256`; codes last 10 minutes and work once; access tokens last 2 "
                        + "hours; a refresh token is replaced on every use, and replaying a used code or refresh "
                        + "token revokes every token of its grant. Send the access token as `Authorization: Bearer`. "
                        + "Tokens are opaque strings, not JWTs, so RFC8725's practices for JWTs do not apply: only "
                        + "their SHA-256 is stored, and the gateway checks each with the auth service.")
                .flows(new OAuthFlows()
                        .authorizationCode(new OAuthFlow()
                                .authorizationUrl(OpenApiDefaults.AUTHORIZATION_PATH)
                                .tokenUrl("/oauth/token")
                                .refreshUrl("/oauth/token")
                                .scopes(scopes))
                        .clientCredentials(new OAuthFlow()
                                .tokenUrl("/oauth/token")
                                .scopes(scopes)));
    }
}
