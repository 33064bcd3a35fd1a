package com.storageplatform.kit.request;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class RequestFingerprintTest {

    private final JsonMapper mapper = JsonMapper.builder().build();

    private String of(String method, String path, String body) {
        return RequestFingerprint.of(method, path, body.getBytes(StandardCharsets.UTF_8), mapper);
    }

    @Test
    void keyOrderAndWhitespaceDoNotMatter() {
        assertThat(of("POST", "/v1/sites", "{\"a\":1,\"b\":{\"y\":[1,2],\"x\":null}}"))
                .isEqualTo(of("POST", "/v1/sites", "{ \"b\" : { \"x\": null, \"y\": [1, 2] }, \"a\": 1 }"));
    }

    @Test
    void methodPathValuesAndArrayOrderDo() {
        String base = of("POST", "/v1/sites", "{\"a\":[1,2]}");
        assertThat(of("PATCH", "/v1/sites", "{\"a\":[1,2]}")).isNotEqualTo(base);
        assertThat(of("POST", "/v1/units", "{\"a\":[1,2]}")).isNotEqualTo(base);
        assertThat(of("POST", "/v1/sites", "{\"a\":[2,1]}")).isNotEqualTo(base);
        assertThat(of("POST", "/v1/sites", "not json")).isEqualTo(of("POST", "/v1/sites", "not json"));
        assertThat(of("POST", "/v1/sites", "")).isNotEqualTo(base);
    }

    @Test
    void lockKeysDependOnScopeAndKey() {
        assertThat(RequestFingerprint.lockKey("a", "k")).isEqualTo(RequestFingerprint.lockKey("a", "k"));
        assertThat(RequestFingerprint.lockKey("a", "k")).isNotEqualTo(RequestFingerprint.lockKey("b", "k"));
    }
}
