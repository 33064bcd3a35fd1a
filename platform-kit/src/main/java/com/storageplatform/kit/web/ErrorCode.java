package com.storageplatform.kit.web;

import org.springframework.http.HttpStatus;

/**
 * Every error code the API answers, with its default HTTP status: the spec's table plus the ones
 * conventions.md adds. A new domain error is a new constant here, so the catalogue stays in one place.
 */
public enum ErrorCode {
    INVALID_REQUEST("invalid_request", HttpStatus.BAD_REQUEST),
    UNAUTHORIZED("unauthorized", HttpStatus.UNAUTHORIZED),
    INSUFFICIENT_SCOPE("insufficient_scope", HttpStatus.FORBIDDEN),
    SITE_FORBIDDEN("site_forbidden", HttpStatus.FORBIDDEN),
    NOT_FOUND("not_found", HttpStatus.NOT_FOUND),
    METHOD_NOT_ALLOWED("method_not_allowed", HttpStatus.METHOD_NOT_ALLOWED),
    NOT_ACCEPTABLE("not_acceptable", HttpStatus.NOT_ACCEPTABLE),
    CONFLICT("conflict", HttpStatus.CONFLICT),
    IDEMPOTENCY_CONFLICT("idempotency_conflict", HttpStatus.CONFLICT),
    IDEMPOTENCY_IN_PROGRESS("idempotency_in_progress", HttpStatus.CONFLICT),
    SUBSCRIPTION_RENEWAL_DATE_ENDPOINT("subscription_renewal_date_endpoint", HttpStatus.CONFLICT),
    INVOICE_BUSY("invoice_busy", HttpStatus.CONFLICT),
    UNIT_RESERVED("unit_reserved", HttpStatus.CONFLICT),
    COVER_IN_FORCE("cover_in_force", HttpStatus.CONFLICT),
    PAYLOAD_TOO_LARGE("payload_too_large", HttpStatus.CONTENT_TOO_LARGE),
    UNSUPPORTED_MEDIA_TYPE("unsupported_media_type", HttpStatus.UNSUPPORTED_MEDIA_TYPE),
    VALIDATION_ERROR("validation_error", HttpStatus.UNPROCESSABLE_CONTENT),
    RATE_LIMITED("rate_limited", HttpStatus.TOO_MANY_REQUESTS),
    INTERNAL_ERROR("internal_error", HttpStatus.INTERNAL_SERVER_ERROR),
    SERVICE_UNAVAILABLE("service_unavailable", HttpStatus.SERVICE_UNAVAILABLE),
    GATEWAY_TIMEOUT("gateway_timeout", HttpStatus.GATEWAY_TIMEOUT);

    private final String code;
    private final HttpStatus status;

    ErrorCode(String code, HttpStatus status) {
        this.code = code;
        this.status = status;
    }

    public String code() {
        return code;
    }

    public HttpStatus status() {
        return status;
    }

    /**
     * The code a bare status stands for when nothing more precise is known (a {@code ResponseStatusException}, a
     * peer's answer without an error envelope): the one table of statuses to codes. Any other 4xx is
     * {@code invalid_request}; anything else {@code internal_error}.
     */
    public static ErrorCode forStatus(int status) {
        return switch (status) {
            case 401 -> UNAUTHORIZED;
            case 403 -> INSUFFICIENT_SCOPE;
            case 404 -> NOT_FOUND;
            case 405 -> METHOD_NOT_ALLOWED;
            case 406 -> NOT_ACCEPTABLE;
            case 409 -> CONFLICT;
            case 413 -> PAYLOAD_TOO_LARGE;
            case 415 -> UNSUPPORTED_MEDIA_TYPE;
            case 422 -> VALIDATION_ERROR;
            case 429 -> RATE_LIMITED;
            case 502, 503 -> SERVICE_UNAVAILABLE;
            case 504 -> GATEWAY_TIMEOUT;
            default -> status >= 400 && status < 500 ? INVALID_REQUEST : INTERNAL_ERROR;
        };
    }

    /** The constant of a code as the API spells it ({@code validation_error}). */
    public static java.util.Optional<ErrorCode> of(String code) {
        for (ErrorCode candidate : values()) {
            if (candidate.code.equals(code)) {
                return java.util.Optional.of(candidate);
            }
        }
        return java.util.Optional.empty();
    }
}
