package com.storageplatform.gateway;

import com.storageplatform.kit.caller.Introspection;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import reactor.netty.http.server.HttpServerRequest;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

/**
 * A real HTTP server standing in for a service behind the gateway. It records what reached it, answers
 * readiness with a status the test sets, can be made slow, and (as the auth service) answers introspection
 * from a table of tokens the test fills: the answer is read when the question arrives and sent once
 * {@link #introspectionHold} completes, so a test can keep an answer in flight while it changes the table.
 */
final class FakeService implements AutoCloseable {

    static final JsonMapper JSON = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();

    record Received(String method, String uri, Map<String, String> headers) {
    }

    private final String name;
    private final int port;
    private final AtomicReference<DisposableServer> server = new AtomicReference<>();
    private final Set<Channel> connections = ConcurrentHashMap.newKeySet();
    final AtomicInteger readyStatus = new AtomicInteger(200);
    final AtomicReference<Duration> delay = new AtomicReference<>(Duration.ZERO);
    /** When set, a request is answered by resetting its connection, as a process killed while serving it does. */
    final AtomicBoolean resetConnections = new AtomicBoolean();
    final AtomicReference<String> responseHeader = new AtomicReference<>();
    final Map<String, Introspection> tokens = new ConcurrentHashMap<>();
    final AtomicInteger introspections = new AtomicInteger();
    final AtomicReference<Mono<Void>> introspectionHold = new AtomicReference<>(Mono.empty());
    final List<Received> received = new CopyOnWriteArrayList<>();
    /** Bytes of request bodies read so far, over every request (a service reads the body before it answers). */
    final AtomicLong bodyBytes = new AtomicLong();
    /** Bodies to answer with, by path (without the query); any other path answers {@code {"data":{"service":...}}}. */
    final Map<String, String> bodies = new ConcurrentHashMap<>();

    FakeService(String name) {
        this.name = name;
        DisposableServer started = bind(0);
        this.port = started.port();
        server.set(started);
    }

    private DisposableServer bind(int onPort) {
        return HttpServer.create().host("127.0.0.1").port(onPort)
                .doOnConnection(connection -> {
                    Channel channel = connection.channel();
                    if (connections.add(channel)) {
                        channel.closeFuture().addListener(closed -> connections.remove(channel));
                    }
                })
                .route(routes -> routes
                        .get("/internal/ready", (request, response) -> {
                            record(request);
                            return response.status(readyStatus.get())
                                    .header("Content-Type", "application/json")
                                    .sendString(Mono.just("{\"status\":\"" + (readyStatus.get() == 200 ? "ok" : "degraded") + "\"}"));
                        })
                        .post("/internal/introspect", (request, response) -> request.receive().aggregate().asString()
                                .flatMap(body -> {
                                    record(request);
                                    String token = JSON.readTree(body).path("token").asString();
                                    Introspection answer = tokens.getOrDefault(token, Introspection.inactive());
                                    introspections.incrementAndGet();
                                    return introspectionHold.get().then(response.header("Content-Type", "application/json")
                                            .sendString(Mono.just(JSON.writeValueAsString(answer))).then());
                                }))
                        .route(request -> true, (request, response) -> {
                            record(request);
                            if (resetConnections.get()) {
                                // SO_LINGER 0: the close sends a reset, not an orderly end of the stream.
                                response.withConnection(connection -> connection.channel()
                                        .config().setOption(ChannelOption.SO_LINGER, 0));
                                return request.receive().then(Mono.fromRunnable(() -> response.withConnection(
                                        connection -> connection.channel().close())));
                            }
                            // Like every platform service, echo the request id the gateway passed on.
                            String requestId = request.requestHeaders().get("Service-Request-Id");
                            if (requestId != null) {
                                response.header("Service-Request-Id", requestId);
                            }
                            String extra = responseHeader.get();
                            if (extra != null) {
                                String[] parts = extra.split(":", 2);
                                response.header(parts[0], parts[1]);
                            }
                            String path = request.uri().split("\\?", 2)[0];
                            String body = bodies.getOrDefault(path, "{\"data\":{\"service\":\"" + name + "\"}}");
                            return request.receive().doOnNext(bytes -> bodyBytes.addAndGet(bytes.readableBytes()))
                                    .then(Mono.delay(delay.get())).then(response.status(200)
                                    .header("Content-Type", "application/json")
                                    .sendString(Mono.just(body)).then());
                        }))
                .bindNow();
    }

    private void record(HttpServerRequest request) {
        Map<String, String> headers = new java.util.HashMap<>();
        request.requestHeaders().forEach(entry -> headers.put(entry.getKey().toLowerCase(), entry.getValue()));
        received.add(new Received(request.method().name(), request.uri(), headers));
    }

    Received last() {
        return received.get(received.size() - 1);
    }

    String url() {
        return "http://127.0.0.1:" + port;
    }

    /**
     * Stops listening (the service is down) until {@link #start()}, and drops the connections the gateway keeps
     * alive, which would otherwise go on being served.
     */
    void stop() {
        server.getAndSet(null).disposeNow();
        connections.forEach(channel -> channel.close().syncUninterruptibly());
    }

    void start() {
        server.set(bind(port));
    }

    boolean isRunning() {
        return server.get() != null;
    }

    @Override
    public void close() {
        DisposableServer running = server.getAndSet(null);
        if (running != null) {
            running.disposeNow();
        }
    }
}
