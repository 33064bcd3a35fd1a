package com.storageplatform.kit.testsupport;

import io.netty.channel.ChannelOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;

/**
 * A stand-in for a peer service on a local port: it records every request exactly as it came over the wire
 * (method, path, headers, body) and answers what the test told it to (a status and body, a hang, a reset), so a
 * test can point a {@code ServiceClient} at it ({@code platform.services.<peer>.url} = {@link #url()}) and assert
 * both sides.
 */
public final class ScriptedPeer implements AutoCloseable {

    /** A request as received; header names in lower case. */
    public record Received(String method, String path, Map<String, String> headers, String body) {
        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private record Answer(int status, String body, Map<String, String> headers, boolean hang, boolean reset) {
    }

    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final DisposableServer server;
    private volatile Answer answer = new Answer(200, "{\"data\":{}}", Map.of(), false, false);

    private ScriptedPeer() {
        this.server = HttpServer.create().host("127.0.0.1").port(0)
                .handle((request, response) -> request.receive().aggregate().asString().defaultIfEmpty("")
                        .flatMap(body -> {
                            Map<String, String> headers = new TreeMap<>();
                            request.requestHeaders().forEach(header -> headers.putIfAbsent(
                                    header.getKey().toLowerCase(Locale.ROOT), header.getValue()));
                            received.add(new Received(request.method().name(), request.uri(), headers, body));
                            Answer now = answer;
                            if (now.hang()) {
                                return Mono.never();
                            }
                            if (now.reset()) {
                                // SO_LINGER 0: the close sends a reset, not an orderly end of the stream.
                                response.withConnection(connection -> {
                                    connection.channel().config().setOption(ChannelOption.SO_LINGER, 0);
                                    connection.channel().close();
                                });
                                return Mono.never();
                            }
                            response.status(now.status()).header("Content-Type", "application/json");
                            now.headers().forEach(response::header);
                            return response.sendString(Mono.just(now.body())).then();
                        }))
                .bindNow(Duration.ofSeconds(10));
    }

    public static ScriptedPeer start() {
        return new ScriptedPeer();
    }

    public String url() {
        return "http://127.0.0.1:" + server.port();
    }

    /** Answers every request from now on with this status and JSON body. */
    public ScriptedPeer answer(int status, String json) {
        return answer(status, json, Map.of());
    }

    public ScriptedPeer answer(int status, String json, Map<String, String> headers) {
        answer = new Answer(status, json, Map.copyOf(headers), false, false);
        return this;
    }

    /** Never answers: the request stays open until the caller gives up. */
    public ScriptedPeer hang() {
        answer = new Answer(0, "", Map.of(), true, false);
        return this;
    }

    /** Resets the connection of every request once it has arrived, as a peer killed while serving it does. */
    public ScriptedPeer reset() {
        answer = new Answer(0, "", Map.of(), false, true);
        return this;
    }

    public List<Received> received() {
        return new ArrayList<>(received);
    }

    public Received last() {
        if (received.isEmpty()) {
            throw new AssertionError("The peer received no request");
        }
        return received.get(received.size() - 1);
    }

    public void clear() {
        received.clear();
    }

    @Override
    public void close() {
        server.disposeNow(Duration.ofSeconds(5));
    }
}
