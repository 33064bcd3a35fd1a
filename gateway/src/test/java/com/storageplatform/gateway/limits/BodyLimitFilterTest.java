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

    @Test
    void aContentTypeThatIsNoMediaTypeIsPassedOnForTheServiceToRefuseNotAnUnexpectedFailure() {
        // Issue 21: "application/json; charset=x-no-such-charset" made the filter's Content-Type check throw (500).
        for (String path : new String[] {"/v1/deals", "/v1/imports", "/admin/v1/operators"}) {
            for (String type : new String[] {"application/json; charset=x-no-such-charset",
                    "text/csv; charset=\"\u00ff\"", "not a media type"}) {
                MockServerHttpRequest request = MockServerHttpRequest.post(path).header("Content-Type", type)
                        .contentLength(2).body(Flux.just(bytes("{}")));

                StepVerifier.create(bodyPassedOn(request)).expectNextCount(1).as(path + " " + type).verifyComplete();
            }
        }
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
