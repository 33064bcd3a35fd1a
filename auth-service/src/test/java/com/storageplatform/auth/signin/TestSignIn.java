package com.storageplatform.auth.signin;

import com.storageplatform.auth.user.OperatorUser;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.springframework.http.ResponseCookie;
import org.springframework.mock.http.server.reactive.MockServerHttpResponse;

/**
 * Signs an operator user in without a browser: the session a completed Keycloak sign-in starts, as the cookie
 * header value the browser would send. (The sign-in through Keycloak itself is exercised by the browser test.)
 */
public final class TestSignIn {

    private TestSignIn() {
    }

    /** {@code platform_session=svc_ses_...} for the operator user the admin API answered with. */
    public static String cookie(OperatorSessions sessions, Map<String, Object> user) {
        OperatorUser signedIn = new OperatorUser(UUID.fromString((String) user.get("id")), "operator_user",
                UUID.fromString((String) user.get("operator_id")), (String) user.get("email"),
                (String) user.get("role"), Instant.parse((String) user.get("created_at")));
        MockServerHttpResponse response = new MockServerHttpResponse();
        sessions.start(signedIn, response).block();
        ResponseCookie cookie = response.getCookies().getFirst(sessions.cookieName());
        return cookie.getName() + "=" + cookie.getValue();
    }
}
