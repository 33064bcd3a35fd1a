package com.storageplatform.gateway;

import java.util.concurrent.atomic.AtomicInteger;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/**
 * A real HTTP server standing in for a service behind the gateway: it answers readiness with a status the test
 * sets and echoes what reached it, so routing can be checked without starting the services.
 */
final class FakeService implements AutoCloseable {

    private final DisposableServer server;
    final AtomicInteger readyStatus = new AtomicInteger(200);

    FakeService(String name) {
        server = HttpServer.create()
                .host("127.0.0.1")
                .port(0)
                .route(routes -> routes
                        .get("/internal/ready", (request, response) -> response.status(readyStatus.get())
                                .header("Content-Type", "application/json")
                                .sendString(Mono.just("{\"status\":\"" + (readyStatus.get() == 200 ? "ok" : "degraded") + "\"}")))
                        .route(request -> true, (request, response) -> response.status(200)
                                .header("Content-Type", "application/json")
                                .sendString(Mono.just("{\"data\":{\"service\":\"" + name + "\",\"path\":\""
                                        + request.uri() + "\"}}"))))
                .bindNow();
    }

    String url() {
        return "http://127.0.0.1:" + server.port();
    }

    @Override
    public void close() {
        server.disposeNow();
    }
}
