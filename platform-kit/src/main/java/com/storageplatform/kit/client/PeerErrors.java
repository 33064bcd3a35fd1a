package com.storageplatform.kit.client;

import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.FieldIssue;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;

/**
 * A peer's 4xx as the caller sees it: the peer's own code, message, details and {@code Retry-After}, so a 409 or
 * 422 from billing reaches the client of commerce unchanged (a handler that means something else catches it and
 * throws its own). A 401 is different: the peer refused this service's token, a fault of the deployment (keys),
 * never of the client, so it is an internal error.
 */
final class PeerErrors {

    private PeerErrors() {
    }

    static RuntimeException toException(String peer, HttpStatusCode status, Envelopes.Error body, HttpHeaders headers) {
        if (status.value() == 401) {
            return new IllegalStateException("The " + peer + " service refused this service's caller token: check "
                    + "platform.service-token (ADR 0019)");
        }
        Envelopes.ErrorBody error = body == null ? null : body.error();
        ErrorCode code = error == null ? null : ErrorCode.of(error.code()).orElse(null);
        if (code == null) {
            code = byStatus(status);
        }
        String message = error == null || error.message() == null ? "The " + peer + " service refused the request."
                : error.message();
        List<FieldIssue> details = error == null || error.details() == null ? List.of() : error.details();
        String retryAfter = headers.getFirst(HttpHeaders.RETRY_AFTER);
        return new ApiException(code, status, message, details,
                retryAfter == null ? Map.of() : Map.of(HttpHeaders.RETRY_AFTER, retryAfter));
    }

    private static ErrorCode byStatus(HttpStatusCode status) {
        HttpStatus known = HttpStatus.resolve(status.value());
        if (known == null) {
            return ErrorCode.INVALID_REQUEST;
        }
        return switch (known) {
            case FORBIDDEN -> ErrorCode.INSUFFICIENT_SCOPE;
            case NOT_FOUND -> ErrorCode.NOT_FOUND;
            case CONFLICT -> ErrorCode.CONFLICT;
            case UNPROCESSABLE_CONTENT -> ErrorCode.VALIDATION_ERROR;
            case TOO_MANY_REQUESTS -> ErrorCode.RATE_LIMITED;
            default -> ErrorCode.INVALID_REQUEST;
        };
    }
}
