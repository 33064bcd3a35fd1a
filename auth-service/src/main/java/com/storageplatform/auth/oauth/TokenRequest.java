package com.storageplatform.auth.oauth;

import java.util.Map;

/**
 * A token request's form parameters (RFC 6749 section 3.2): each present at most once, and one sent without a
 * value counts as absent.
 */
record TokenRequest(String grantType, Map<String, String> parameters) {

    TokenRequest {
        parameters = Map.copyOf(parameters);
    }

    /** The parameter's value, or null when it was not sent. */
    String parameter(String name) {
        return parameters.get(name);
    }
}
