package com.storageplatform.kit.openapi;

import com.storageplatform.kit.web.ErrorCode;
import java.util.EnumMap;
import java.util.Map;

/**
 * When each error code is answered, in the words of the spec's error table and conventions.md: the API
 * description lists every code with its status from here. A new {@link ErrorCode} needs its line here too (a
 * unit test says so).
 */
public final class ErrorCatalogue {

    private static final Map<ErrorCode, String> WHEN = new EnumMap<>(ErrorCode.class);

    static {
        WHEN.put(ErrorCode.INVALID_REQUEST, "The request is malformed: the body is not valid JSON, a header is "
                + "malformed, or the path or a query parameter's name holds a character the API refuses (a control "
                + "character, an encoded slash or percent sign). Also with 414 for a request line longer than 8 KiB "
                + "and 431 for headers larger than 16 KiB.");
        WHEN.put(ErrorCode.UNAUTHORIZED, "The credential is missing, invalid or revoked (also a malformed "
                + "Authorization header).");
        WHEN.put(ErrorCode.INSUFFICIENT_SCOPE, "The credential lacks the exact scope the operation needs.");
        WHEN.put(ErrorCode.SITE_FORBIDDEN, "A named customer, site, unit type or agreement is outside the "
                + "credential's sites.");
        WHEN.put(ErrorCode.NOT_FOUND, "No such resource for this account and environment (also a malformed id, "
                + "and an unknown route under /v1).");
        WHEN.put(ErrorCode.METHOD_NOT_ALLOWED, "The path exists but not with this method; Allow lists the methods.");
        WHEN.put(ErrorCode.NOT_ACCEPTABLE, "The Accept header asks for a representation the endpoint cannot give.");
        WHEN.put(ErrorCode.CONFLICT, "The request conflicts with the resource's current state.");
        WHEN.put(ErrorCode.IDEMPOTENCY_CONFLICT, "The Idempotency-Key was used before with a different request.");
        WHEN.put(ErrorCode.IDEMPOTENCY_IN_PROGRESS, "A request with the same Idempotency-Key is still being "
                + "processed; retry shortly.");
        WHEN.put(ErrorCode.SUBSCRIPTION_RENEWAL_DATE_ENDPOINT, "next_billing_date or anchor_day was sent on an "
                + "active or past-due subscription; use its renewal-date endpoint.");
        WHEN.put(ErrorCode.INVOICE_BUSY, "A void could not obtain what it needs within five seconds; nothing was "
                + "written; retry.");
        WHEN.put(ErrorCode.UNIT_RESERVED, "The unit is held for another customer or is being booked online; the "
                + "message names the hold.");
        WHEN.put(ErrorCode.COVER_IN_FORCE, "The change would alter cover that customers hold.");
        WHEN.put(ErrorCode.PAYLOAD_TOO_LARGE, "The body is larger than 1 MiB.");
        WHEN.put(ErrorCode.UNSUPPORTED_MEDIA_TYPE, "The body is not application/json.");
        WHEN.put(ErrorCode.VALIDATION_ERROR, "Fields are invalid: details lists each field (a dotted path with "
                + "indexes) and its issue. 422 for a body or header, 400 for a query parameter (limit, cursor, a "
                + "filter).");
        WHEN.put(ErrorCode.RATE_LIMITED, "Too many requests for this credential; Retry-After says how many "
                + "seconds to wait, and the message states the same number.");
        WHEN.put(ErrorCode.INTERNAL_ERROR, "An unexpected failure; it never carries a stack trace or SQL. Retry "
                + "with the same Idempotency-Key.");
        WHEN.put(ErrorCode.SERVICE_UNAVAILABLE, "A service behind the gateway is down or its circuit is open, "
                + "it is too busy to take the request (no database connection was free), or another request "
                + "changed the same records at the same moment; nothing was written. Retry after Retry-After "
                + "seconds, with the same Idempotency-Key.");
        WHEN.put(ErrorCode.GATEWAY_TIMEOUT, "A service behind the gateway did not answer in time.");
    }

    private ErrorCatalogue() {
    }

    public static String when(ErrorCode code) {
        String when = WHEN.get(code);
        if (when == null) {
            throw new IllegalStateException("ErrorCatalogue has no description of " + code.code());
        }
        return when;
    }
}
