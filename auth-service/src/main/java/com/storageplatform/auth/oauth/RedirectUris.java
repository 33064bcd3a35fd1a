package com.storageplatform.auth.oauth;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Set;

/**
 * Where the authorization-code flow may send the operator back: an absolute {@code https://} URI, or
 * {@code http://} to the local machine ({@code localhost}, {@code 127.0.0.1}) for development; never with a
 * fragment (RFC 6749 section 3.1.2) or user information.
 */
final class RedirectUris {

    static final int MAX_COUNT = 10;
    static final int MAX_LENGTH = 2048;
    private static final Set<String> LOOPBACK_HOSTS = Set.of("localhost", "127.0.0.1");

    private RedirectUris() {
    }

    static boolean isAllowed(String text) {
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            return false;
        }
        if (!uri.isAbsolute() || uri.getRawFragment() != null || uri.getRawUserInfo() != null
                || uri.getHost() == null || uri.getHost().isEmpty()) {
            return false;
        }
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        String host = uri.getHost().toLowerCase(Locale.ROOT);
        return scheme.equals("https") || (scheme.equals("http") && LOOPBACK_HOSTS.contains(host));
    }
}
