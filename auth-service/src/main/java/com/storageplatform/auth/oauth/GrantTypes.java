package com.storageplatform.auth.oauth;

import java.util.List;

/** The OAuth grant types a client can be registered for (RFC 6749). */
final class GrantTypes {

    static final String CLIENT_CREDENTIALS = "client_credentials";
    static final String AUTHORIZATION_CODE = "authorization_code";
    /** Not registrable: a client granted {@code authorization_code} may refresh what that grant issued. */
    static final String REFRESH_TOKEN = "refresh_token";

    static final List<String> REGISTRABLE = List.of(CLIENT_CREDENTIALS, AUTHORIZATION_CODE);

    private GrantTypes() {
    }
}
