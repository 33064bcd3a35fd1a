package com.storageplatform.gateway.limits;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import io.netty.handler.timeout.ReadTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.util.unit.DataSize;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/** The body the gateway streams on: what a client's failure to send it becomes. */
class BodyLimitFilterTest {

    private final BodyLimitFilter filter = new BodyLimitFilter(
            new RequestLimits(DataSize.ofBytes(10), DataSize.ofBytes(100), null, null, null));

    @Test
    void aBodyTheClientStopsSendingFailsAsTheClientsInvalidRequestNotAsAnUnexpectedFailure() {
        Flux<DataBuffer> stalled = Flux.concat(Flux.just(bytes("{\"a\":")), Flux.error(ReadTimeoutException.INSTANCE));
        MockServerHttpRequest request = MockServerHttpRequest.post("/v1/deals").contentLength(8).body(stalled);

        StepVerifier.create(bodyPassedOn(request))
                .expectNextCount(1)
                .expectErrorSatisfies(failure -> assertThat(failure).isInstanceOfSatisfying(ApiException.class,
                        api -> assertThat(api.code()).isEqualTo(ErrorCode.INVALID_REQUEST)))
                .verify();
    }

    @Test
    void aChunkedBodyFailsWithTheRefusalOnceItPassesTheLimit() {
        MockServerHttpRequest request = MockServerHttpRequest.post("/v1/deals")
                .header("Transfer-Encoding", "chunked").body(Flux.just(bytes("123456"), bytes("789012")));

        StepVerifier.create(bodyPassedOn(request))
                .expectNextCount(1)
                .expectErrorSatisfies(failure -> assertThat(failure).isInstanceOfSatisfying(ApiException.class,
                        api -> assertThat(api.code()).isEqualTo(ErrorCode.PAYLOAD_TOO_LARGE)))
                .verify();
    }

    /** The body of the request the filter hands on down the chain. */
    private Flux<DataBuffer> bodyPassedOn(MockServerHttpRequest request) {
        AtomicReference<ServerWebExchange> passed = new AtomicReference<>();
        filter.filter(MockServerWebExchange.from(request), exchange -> {
            passed.set(exchange);
            return Mono.empty();
        }).block();
        return passed.get().getRequest().getBody();
    }

    private static DataBuffer bytes(String text) {
        return DefaultDataBufferFactory.sharedInstance.wrap(text.getBytes(StandardCharsets.UTF_8));
    }
}
