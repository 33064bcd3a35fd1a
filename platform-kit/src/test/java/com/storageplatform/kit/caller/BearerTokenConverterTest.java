package com.storageplatform.kit.caller;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.server.resource.authentication.BearerTokenAuthenticationToken;
import org.springframework.security.oauth2.server.resource.web.server.authentication.ServerBearerTokenAuthenticationConverter;
import org.springframework.security.web.server.authentication.ServerAuthenticationConverter;

/** The kit's bearer reader answers every request as Spring Security's does, without its regular expression. */
class BearerTokenConverterTest {

    private final ServerAuthenticationConverter ours = new BearerTokenConverter();
    private final ServerAuthenticationConverter springs = new ServerBearerTokenAuthenticationConverter();

    @Test
    void readsTheTokenOfABearerHeaderInAnyCase() {
        assertThat(token(ours, "Bearer abc.DEF-_~+/09==")).isEqualTo("abc.DEF-_~+/09==");
        assertThat(token(ours, "bearer x")).isEqualTo("x");
        assertThat(token(ours, "BEARER x")).isEqualTo("x");
    }

    @Test
    void anotherSchemeOrNoHeaderCarriesNoToken() {
        assertThat(outcome(ours, null, "/v1/samples")).isEqualTo("none");
        assertThat(outcome(ours, "Basic dXNlcjpwYXNz", "/v1/samples")).isEqualTo("none");
    }

    @Test
    void aMalformedBearerValueIsRefused() {
        for (String malformed : List.of("Bearer", "Bearer ", "Bearer not a token", "Bearerabc", "Bearer  abc",
                "Bearer a=b", "Bearer =", "Bearer abcé", "Bearer abc ")) {
            assertThat(outcome(ours, malformed, "/v1/samples")).as(malformed).startsWith("refused");
        }
    }

    @Test
    void answersAsSpringSecuritysConverterDoes() {
        List<String> values = new ArrayList<>(List.of("Bearer abc", "bearer abc==", "Bearer a==b", "Bearer ==",
                "Bearer\tabc", "Bearer abc\n", "Bearer", "bearerx", "Token abc", "", " Bearer abc", "Bearer é"));
        Random random = new Random(22);
        String alphabet = "aZ09-._~+/= \t,;é";
        for (int i = 0; i < 2_000; i++) {
            StringBuilder value = new StringBuilder(random.nextBoolean() ? "Bearer " : "bEaReR");
            for (int n = random.nextInt(12); n > 0; n--) {
                value.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            values.add(value.toString());
        }
        for (String value : values) {
            for (String path : List.of("/v1/samples", "/v1/samples?access_token=x")) {
                assertThat(outcome(ours, value, path)).as("%s on %s", value, path)
                        .isEqualTo(outcome(springs, value, path));
            }
        }
    }

    private static String token(ServerAuthenticationConverter converter, String authorization) {
        Authentication authentication = converter.convert(exchange(authorization, "/v1/samples")).block();
        return ((BearerTokenAuthenticationToken) authentication).getToken();
    }

    /** "none", "token <value>" or "refused <error code>". */
    private static String outcome(ServerAuthenticationConverter converter, String authorization, String path) {
        try {
            Authentication authentication = converter.convert(exchange(authorization, path)).block();
            return authentication == null ? "none"
                    : "token " + ((BearerTokenAuthenticationToken) authentication).getToken();
        } catch (OAuth2AuthenticationException e) {
            return "refused " + e.getError().getErrorCode();
        }
    }

    private static MockServerWebExchange exchange(String authorization, String path) {
        MockServerHttpRequest.BaseBuilder<?> request = MockServerHttpRequest.get(path);
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return MockServerWebExchange.from(request);
    }
}
