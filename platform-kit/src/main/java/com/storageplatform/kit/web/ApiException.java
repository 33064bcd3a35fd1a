package com.storageplatform.kit.web;

import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatusCode;

/**
 * The one way a handler reports a failure the client should see. The global error handler turns it into
 * the {@code { error: { code, message, details? } }} envelope with its status.
 */
public class ApiException extends RuntimeException {

    private final ErrorCode code;
    private final HttpStatusCode status;
    private final List<FieldIssue> details;
    private final Map<String, String> headers;

    public ApiException(ErrorCode code, String message) {
        this(code, code.status(), message, List.of(), Map.of());
    }

    public ApiException(ErrorCode code, HttpStatusCode status, String message, List<FieldIssue> details,
            Map<String, String> headers) {
        super(message, null, false, false);
        this.code = code;
        this.status = status;
        this.details = List.copyOf(details);
        this.headers = Map.copyOf(headers);
    }

    public static ApiException notFound() {
        return new ApiException(ErrorCode.NOT_FOUND, "No such resource.");
    }

    public static ApiException notFound(String what) {
        return new ApiException(ErrorCode.NOT_FOUND, "No such " + what + ".");
    }

    public static ApiException conflict(String message) {
        return new ApiException(ErrorCode.CONFLICT, message);
    }

    public static ApiException conflict(String message, String issue) {
        return new ApiException(ErrorCode.CONFLICT, ErrorCode.CONFLICT.status(), message,
                List.of(new FieldIssue(null, issue)), Map.of());
    }

    /**
     * 503 {@code service_unavailable} with {@code Retry-After}: the request met others changing the same records (or
     * found the service too busy), wrote nothing, and may be sent again as it was, with the same
     * {@code Idempotency-Key} (a 5xx is never stored under one). {@code reason} says what happened.
     */
    public static ApiException busy(String reason, long retryAfterSeconds) {
        return retryLater(ErrorCode.SERVICE_UNAVAILABLE, reason, retryAfterSeconds);
    }

    /**
     * The one shape of an answer to retry after a wait (a busy or unavailable service, a rate limit): {@code sentence}
     * says why, the message ends "Retry the request after N second(s).", and {@code Retry-After} is the same N.
     */
    public static ApiException retryLater(ErrorCode code, String sentence, long retryAfterSeconds) {
        return new ApiException(code, code.status(),
                sentence + " Retry the request after " + retryAfterSeconds
                        + (retryAfterSeconds == 1 ? " second." : " seconds."),
                List.of(), Map.of("Retry-After", String.valueOf(retryAfterSeconds)));
    }

    /** 422 {@code validation_error} for body fields. */
    public static ApiException invalid(List<FieldIssue> issues) {
        return new ApiException(ErrorCode.VALIDATION_ERROR, ErrorCode.VALIDATION_ERROR.status(),
                describe(issues), issues, Map.of());
    }

    public static ApiException invalid(String field, String issue) {
        return invalid(List.of(new FieldIssue(field, issue)));
    }

    /** 422 {@code validation_error} on one body field, with a message that says why and what to send instead. */
    public static ApiException invalid(String field, String issue, String message) {
        return new ApiException(ErrorCode.VALIDATION_ERROR, ErrorCode.VALIDATION_ERROR.status(), message,
                List.of(new FieldIssue(field, issue)), Map.of());
    }

    /** 400 {@code validation_error} for query parameters (limit, cursor, filters). */
    public static ApiException invalidQuery(String parameter, String issue) {
        List<FieldIssue> issues = List.of(new FieldIssue(parameter, issue));
        return new ApiException(ErrorCode.VALIDATION_ERROR, org.springframework.http.HttpStatus.BAD_REQUEST,
                describe(issues), issues, Map.of());
    }

    /** 400 {@code validation_error} on one query parameter, with a message that says why. */
    public static ApiException invalidQueryBecause(String parameter, String issue, String message) {
        return new ApiException(ErrorCode.VALIDATION_ERROR, org.springframework.http.HttpStatus.BAD_REQUEST,
                message, List.of(new FieldIssue(parameter, issue)), Map.of());
    }

    private static String describe(List<FieldIssue> issues) {
        if (issues.isEmpty()) {
            return "The request is not valid.";
        }
        FieldIssue first = issues.get(0);
        String more = issues.size() > 1 ? " (and " + (issues.size() - 1) + " more)" : "";
        return "Invalid value for " + first.field() + ": " + first.issue() + more + ".";
    }

    public ErrorCode code() {
        return code;
    }

    public HttpStatusCode status() {
        return status;
    }

    public List<FieldIssue> details() {
        return details;
    }

    public Map<String, String> headers() {
        return headers;
    }
}
