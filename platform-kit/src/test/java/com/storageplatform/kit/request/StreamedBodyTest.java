package com.storageplatform.kit.request;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;

/** Which bodies stream to their handler rather than being read whole: CSV files only. */
class StreamedBodyTest {

    @Test
    void onlyACsvBodyIsStreamed() {
        assertThat(StreamedBody.isStreamed(post("text/csv"))).isTrue();
        assertThat(StreamedBody.isStreamed(post("text/csv; charset=utf-8"))).isTrue();
        assertThat(StreamedBody.isStreamed(post("application/json"))).isFalse();
        assertThat(StreamedBody.isStreamed(MockServerHttpRequest.post("/v1/imports").build())).isFalse();
    }

    @Test
    void aContentTypeThatIsNoMediaTypeIsNotStreamedAndLeftForTheHandlerToRefuse() {
        // Issue 21: this threw, and every mutation sent such a header was answered 500 (the token endpoint's too,
        // which answers a wrong content type with its own RFC 6749 400).
        for (String type : new String[] {"application/json; charset=x-no-such-charset", "text/csv; charset=\"\u00ff\"",
                "json"}) {
            assertThat(StreamedBody.isStreamed(post(type))).as(type).isFalse();
        }
    }

    private static MockServerHttpRequest post(String contentType) {
        return MockServerHttpRequest.post("/v1/imports").header("Content-Type", contentType).build();
    }
}
