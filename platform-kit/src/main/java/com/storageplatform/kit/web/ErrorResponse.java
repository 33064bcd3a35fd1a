package com.storageplatform.kit.web;

import java.util.Map;
import org.springframework.http.HttpStatusCode;

/** A rendered failure: status, the error envelope and any headers it needs (Retry-After, Allow). */
public record ErrorResponse(HttpStatusCode status, Envelopes.Error body, Map<String, String> headers) {

    public static ErrorResponse of(ApiException e) {
        return new ErrorResponse(e.status(),
                new Envelopes.Error(new Envelopes.ErrorBody(e.code().code(), e.getMessage(), e.details())),
                e.headers());
    }
}
