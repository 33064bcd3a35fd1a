package com.storageplatform.gateway.access;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads {@code Authorization: Bearer <token>} (RFC 6750): anything else, malformed included, is no credential. */
final class BearerToken {

    private static final Pattern BEARER = Pattern.compile("(?i)Bearer ([A-Za-z0-9\\-._~+/]+=*)");

    /** Prefixes of the secrets that may call /v1; a refresh token ({@code svc_rt_}) never may. */
    private static final String[] API_PREFIXES = {"svc_live_", "svc_test_", "svc_st_", "svc_staff_", "svc_at_"};

    private BearerToken() {
    }

    static Optional<String> parse(String authorization) {
        if (authorization == null) {
            return Optional.empty();
        }
        Matcher matcher = BEARER.matcher(authorization);
        return matcher.matches() ? Optional.of(matcher.group(1)) : Optional.empty();
    }

    /** Whether the token has the form of a /v1 credential; others are refused without asking the auth service. */
    static boolean isApiCredential(String token) {
        for (String prefix : API_PREFIXES) {
            if (token.startsWith(prefix) && token.length() > prefix.length() + 16) {
                return true;
            }
        }
        return false;
    }
}
