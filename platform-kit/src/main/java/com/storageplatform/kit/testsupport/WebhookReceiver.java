package com.storageplatform.kit.testsupport;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/**
 * A webhook receiver on localhost, as a customer would run one, for the dispatcher's tests and the end-to-end
 * suite: it records every delivery (headers and raw body) and answers with the status the test sets, after an
 * optional delay.
 */
public final class WebhookReceiver implements AutoCloseable {

    public record Received(Map<String, String> headers, byte[] body, long atNanos) {
        public String header(String name) {
            return headers.get(name.toLowerCase());
        }

        public String bodyText() {
            return new String(body, java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    private final DisposableServer server;
    public final AtomicInteger status = new AtomicInteger(200);
    public final AtomicReference<Duration> delay = new AtomicReference<>(Duration.ZERO);
    public final List<Received> received = new CopyOnWriteArrayList<>();
    /** TCP connections the sender opened: with keep-alive, far fewer than the deliveries. */
    public final AtomicInteger connections = new AtomicInteger();

    public WebhookReceiver() {
        server = HttpServer.create().host("127.0.0.1").port(0)
                // Once per TCP connection (doOnConnection would count every request a kept-alive connection serves).
                .doOnChannelInit((observer, channel, address) -> connections.incrementAndGet())
                .handle((request, response) -> request.receive().aggregate().asByteArray().defaultIfEmpty(new byte[0])
                        .flatMap(body -> {
                            Map<String, String> headers = new ConcurrentHashMap<>();
                            request.requestHeaders().forEach(h -> headers.put(h.getKey().toLowerCase(), h.getValue()));
                            received.add(new Received(headers, body, System.nanoTime()));
                            int answer = status.get();
                            Mono<Void> reply = answer >= 300 && answer < 400
                                    ? response.status(answer).header("Location", "https://elsewhere.example/").send()
                                            .then()
                                    : response.status(answer).sendString(Mono.just("ok")).then();
                            return Mono.delay(delay.get()).then(reply);
                        }))
                .bindNow();
    }

    public String url() {
        return "http://localhost:" + server.port() + "/hook";
    }

    /** Waits until {@code count} deliveries matching {@code filter} have arrived; returns them. */
    public List<Received> await(Predicate<Received> filter, int count, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline && received.stream().filter(filter).count() < count) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return received.stream().filter(filter).toList();
    }

    @Override
    public void close() {
        server.disposeNow();
    }
}
