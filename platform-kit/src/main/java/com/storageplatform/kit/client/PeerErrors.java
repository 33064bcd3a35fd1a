package com.storageplatform.kit.client;

import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.Envelopes;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.FieldIssue;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;

/**
 * A peer's 4xx as the caller sees it: the peer's own code, message, details and {@code Retry-After}, so a 409 or
 * 422 from billing reaches the client of commerce unchanged (a handler that means something else catches it and
 * throws its own). A peer's answer without an envelope takes the code of its status ({@link ErrorCode#forStatus}).
 *
 * <p>Two kinds are different, faults of this service rather than of its client, so they are internal errors: a 401
 * (the peer refused this service's token: the deployment's keys), and a refusal of the request as this service
 * built it (see {@link #refusesTheRequestAsBuilt}), which would otherwise show the client errors about a body,
 * method or fields it never sent.
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
        List<FieldIssue> details = error == null || error.details() == null ? List.of() : error.details();
        if (refusesTheRequestAsBuilt(status.value(), details)) {
            return new IllegalStateException("The " + peer + " service refused the request this service built: "
                    + status.value() + (error == null ? "" : " " + error.code() + " (" + error.message() + ")")
                    + (details.isEmpty() ? "" : " " + details));
        }
        ErrorCode code = error == null ? null : ErrorCode.of(error.code()).orElse(null);
        if (code == null) {
            code = ErrorCode.forStatus(status.value());
        }
        String message = error == null || error.message() == null ? "The " + peer + " service refused the request."
                : error.message();
        String retryAfter = headers.getFirst(HttpHeaders.RETRY_AFTER);
        return new ApiException(code, status, message, details,
                retryAfter == null ? Map.of() : Map.of(HttpHeaders.RETRY_AFTER, retryAfter));
    }

    /**
     * Whether the peer refused what this service put on the wire rather than what the client asked for: a
     * malformed or too large body or a wrong media type (400, 413, 415), a method or {@code Accept} the peer does not
     * serve (405, 406), or a 422 naming a field the peer does not know ({@code unknown_field}). A 422 about values
     * (business validation) is the client's and reaches it intact.
     */
    static boolean refusesTheRequestAsBuilt(int status, List<FieldIssue> details) {
        return switch (status) {
            case 400, 405, 406, 413, 415 -> true;
            case 422 -> details.stream().anyMatch(issue -> FieldIssue.UNKNOWN_FIELD.equals(issue.issue()));
            default -> false;
        };
    }
}
