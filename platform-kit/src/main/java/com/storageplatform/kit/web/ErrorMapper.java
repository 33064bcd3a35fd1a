package com.storageplatform.kit.web;

import com.storageplatform.kit.db.DatabaseFailures;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.core.codec.DecodingException;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.web.server.MethodNotAllowedException;
import org.springframework.web.server.MissingRequestValueException;
import org.springframework.web.server.NotAcceptableStatusException;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebInputException;
import org.springframework.web.server.UnsupportedMediaTypeStatusException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

/**
 * Maps every failure to the error envelope. Both the global error handler and the idempotency filter (which
 * must store the exact response) use this one mapping. An unexpected failure is logged here with the request
 * id and answered as a bare {@code internal_error}: no stack trace, SQL or class name reaches the client.
 */
public final class ErrorMapper {

    private static final Logger log = LoggerFactory.getLogger(ErrorMapper.class);
    static final int BUSY_RETRY_SECONDS = 1;
    static final int OUTAGE_RETRY_SECONDS = 5;
    /** {@code Retry-After} of a bare 503 (a peer or a route that answered only the status). */
    static final int UNAVAILABLE_RETRY_SECONDS = 5;
    /** PostgreSQL's deadlock_detected and serialization_failure: the transaction lost a race and was rolled back. */
    private static final Set<String> LOST_RACE_STATES = Set.of("40P01", "40001");
    /** character_not_in_repertoire (NUL in text) and untranslatable_character (the escape of NUL in jsonb). */
    private static final Set<String> UNSTORABLE_TEXT_STATES = Set.of("22021", "22P05");
    /** Spring Security's request firewall (not on the gateway's classpath: named, never loaded here). */
    private static final String FIREWALL_REJECTION =
            "org.springframework.security.web.server.firewall.ServerExchangeRejectedException";

    private ErrorMapper() {
    }

    public static ErrorResponse map(Throwable failure, ServerWebExchange exchange) {
        ApiException api = toApiException(failure);
        if (api != null) {
            return ErrorResponse.of(api);
        }
        log.error("Unexpected failure on {} {} (request {})", exchange.getRequest().getMethod(),
                exchange.getRequest().getPath().value(), RequestIds.of(exchange), failure);
        return ErrorResponse.of(new ApiException(ErrorCode.INTERNAL_ERROR,
                "Something went wrong on our side. Quote the request id " + RequestIds.of(exchange)
                        + " if you contact support."));
    }

    /** The client-facing meaning of a failure, or null when it is unexpected (a 500). */
    static ApiException toApiException(Throwable failure) {
        if (failure instanceof ApiException api) {
            return api;
        }
        if (rejectedByFirewall(failure)) {
            return firewallRefusal();
        }
        if (failure instanceof InvalidMediaTypeException) {
            // A Content-Type that is no media type, or names a charset Java does not know: not one the API reads.
            return new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                    "The Content-Type header is not a media type this API reads: send application/json.");
        }
        if (failure instanceof UnsupportedMediaTypeStatusException) {
            return new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                    "The request body must be JSON, sent with Content-Type: application/json.");
        }
        if (failure instanceof MethodNotAllowedException e) {
            Set<HttpMethod> allowed = e.getSupportedMethods();
            String allow = String.join(", ", allowed.stream().map(HttpMethod::name).sorted().toList());
            return new ApiException(ErrorCode.METHOD_NOT_ALLOWED, ErrorCode.METHOD_NOT_ALLOWED.status(),
                    "The method " + e.getHttpMethod() + " is not allowed on this path.", List.of(),
                    allow.isEmpty() ? Map.of() : Map.of("Allow", allow));
        }
        if (failure instanceof NotAcceptableStatusException) {
            return new ApiException(ErrorCode.NOT_ACCEPTABLE, "This endpoint answers " + MediaType.APPLICATION_JSON + ".");
        }
        if (failure instanceof MissingRequestValueException e && e.getName() != null) {
            return ApiException.invalidQuery(e.getName(), FieldIssue.REQUIRED);
        }
        if (failure instanceof ServerWebInputException e) {
            return fromInput(e);
        }
        if (failure instanceof ResponseStatusException e) {
            return fromStatus(e.getStatusCode().value());
        }
        if (DatabaseFailures.isOutage(failure)) {
            // Down, restarting or starting up: the request did not reach it, or rolled back with the connection.
            log.warn("The database could not be reached: answered 503 ({})", failure.getMessage());
            return ApiException.busy("The service cannot reach its database just now, so nothing was written.",
                    OUTAGE_RETRY_SECONDS);
        }
        if (failure instanceof CannotCreateTransactionException) {
            // Every connection of the pool stayed busy for its acquire time: the service is overloaded, not
            // broken, and nothing was written. The client may retry shortly.
            log.warn("No database connection was free in time: answered 503 ({})", failure.getMessage());
            return ApiException.busy("The service is busy, so nothing was written.", BUSY_RETRY_SECONDS);
        }
        String sqlState = DatabaseFailures.sqlState(failure);
        if (LOST_RACE_STATES.contains(sqlState)) {
            // PostgreSQL chose this transaction as the one to give way: it rolled back whole, so a retry is safe
            // (a 5xx is not stored under an Idempotency-Key, so the same key runs again).
            log.warn("A concurrent transaction took the same rows (SQLSTATE {}): answered 503 ({})", sqlState,
                    failure.getMessage());
            return ApiException.busy("Another request changed the same records at the same moment, so nothing was"
                    + " written.", BUSY_RETRY_SECONDS);
        }
        if (UNSTORABLE_TEXT_STATES.contains(sqlState)) {
            // The JSON mapper refuses NUL with the field's path already; this catches text that came another way.
            log.warn("The database refused text it cannot store (SQLSTATE {}): answered 422 ({})", sqlState,
                    failure.getMessage());
            return ApiException.invalid("body", FieldIssue.INVALID,
                    "The request holds text that cannot be stored (such as the NUL character, U+0000).");
        }
        return null;
    }

    /**
     * The request firewall's refusal of a path, a parameter's name or a header (a control character, an encoded slash
     * or percent sign): 400 {@code invalid_request}, never stored under an {@code Idempotency-Key}.
     */
    public static ApiException firewallRefusal() {
        return new ApiException(ErrorCode.INVALID_REQUEST,
                "The request's path or parameter names hold characters that are not allowed.");
    }

    /**
     * Whether the firewall refused the request. It checks parameter names and headers only when they are first
     * read: when that is a handler reading its query inside the mutation filter (an import's {@code type}), the
     * refusal reached the mapper as an unexpected failure, a 500 (issue 21).
     */
    private static boolean rejectedByFirewall(Throwable failure) {
        for (Class<?> type = failure.getClass(); type != null; type = type.getSuperclass()) {
            if (type.getName().equals(FIREWALL_REJECTION)) {
                return true;
            }
        }
        return false;
    }

    private static ApiException fromInput(ServerWebInputException e) {
        Throwable cause = e;
        while (cause != null) {
            if (cause instanceof DataBufferLimitException) {
                return new ApiException(ErrorCode.PAYLOAD_TOO_LARGE, "The request body is too large.");
            }
            if (cause instanceof UnrecognizedPropertyException u) {
                return ApiException.invalid(path(u), FieldIssue.UNKNOWN_FIELD);
            }
            if (cause instanceof MismatchedInputException m && !m.getPath().isEmpty()) {
                return ApiException.invalid(path(m), FieldIssue.INVALID);
            }
            if (cause instanceof JacksonException j && !(cause instanceof StreamReadException) && !j.getPath().isEmpty()) {
                return ApiException.invalid(path(j), FieldIssue.INVALID);
            }
            if (cause instanceof StreamReadException || cause instanceof MismatchedInputException) {
                return new ApiException(ErrorCode.INVALID_REQUEST, "The request body is not valid JSON.");
            }
            if (cause instanceof DecodingException && cause.getCause() == null) {
                return new ApiException(ErrorCode.INVALID_REQUEST, "The request body is not valid JSON.");
            }
            cause = cause.getCause();
        }
        if (e.getMethodParameter() != null && e.getMethodParameter().getParameterName() != null
                && !isBody(e)) {
            return ApiException.invalidQuery(e.getMethodParameter().getParameterName(), FieldIssue.INVALID);
        }
        String reason = e.getReason() == null ? "" : e.getReason();
        if (reason.contains("body")) {
            return new ApiException(ErrorCode.INVALID_REQUEST, "A JSON request body is required.");
        }
        return new ApiException(ErrorCode.INVALID_REQUEST, "The request is malformed.");
    }

    private static boolean isBody(ServerWebInputException e) {
        return e.getMethodParameter().hasParameterAnnotation(org.springframework.web.bind.annotation.RequestBody.class);
    }

    /** A bare status: its code ({@link ErrorCode#forStatus}) with a message that says no more than the status. */
    private static ApiException fromStatus(int status) {
        ErrorCode code = ErrorCode.forStatus(status);
        if (code == ErrorCode.SERVICE_UNAVAILABLE) {
            return ApiException.retryLater(code, "The service is unavailable.", UNAVAILABLE_RETRY_SECONDS);
        }
        String message = switch (code) {
            case NOT_FOUND -> "No such resource or route.";
            case METHOD_NOT_ALLOWED -> "The method is not allowed on this path.";
            case NOT_ACCEPTABLE -> "This endpoint answers application/json.";
            case PAYLOAD_TOO_LARGE -> "The request body is too large.";
            case UNSUPPORTED_MEDIA_TYPE -> "The request body must be JSON, sent with Content-Type: application/json.";
            case UNAUTHORIZED -> "A valid credential is required.";
            case INSUFFICIENT_SCOPE -> "The credential may not do this.";
            case GATEWAY_TIMEOUT -> "The service did not answer in time.";
            case INTERNAL_ERROR -> null;
            default -> "The request was refused.";
        };
        if (message == null) {
            return null;
        }
        // invalid_request stands for many 4xx statuses and keeps the one answered; 502 is answered as 503.
        HttpStatusCode answered = code == ErrorCode.INVALID_REQUEST ? HttpStatusCode.valueOf(status) : code.status();
        return new ApiException(code, answered, message, List.of(), Map.of());
    }

    /** Jackson's path as the API spells it: {@code items[0].item_type}. */
    static String path(JacksonException e) {
        StringBuilder path = new StringBuilder();
        for (JacksonException.Reference ref : e.getPath()) {
            if (ref.getPropertyName() != null) {
                if (!path.isEmpty()) {
                    path.append('.');
                }
                path.append(ref.getPropertyName());
            } else if (ref.getIndex() >= 0) {
                path.append('[').append(ref.getIndex()).append(']');
            }
        }
        return path.isEmpty() ? "body" : path.toString();
    }
}
