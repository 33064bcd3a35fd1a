package com.storageplatform.commerce.support;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import tools.jackson.databind.json.JsonMapper;

/**
 * The catalogue's price endpoint as commerce calls it ({@code GET /v1/availability?unit_id=&date=} or
 * {@code ?unit_type_id=&date=}), answering the prices a test set for a unit or unit type, and an empty list for
 * anything else. One per JVM, on a local port named by {@code platform.services.catalogue.url}.
 */
public final class CataloguePeer {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Map<UUID, Map<String, Object>> PRICES = new ConcurrentHashMap<>();
    private static final List<String> REQUESTS = new CopyOnWriteArrayList<>();
    private static volatile int failWith;
    private static DisposableServer server;

    private CataloguePeer() {
    }

    /** Starts the peer before the first context, so its URL is in the environment the context reads. */
    public static final class Started implements BeforeAllCallback {
        @Override
        public void beforeAll(ExtensionContext context) {
            start();
        }
    }

    static synchronized void start() {
        if (server != null) {
            return;
        }
        server = HttpServer.create().host("127.0.0.1").port(0)
                .route(routes -> routes.get("/v1/availability", (request, response) -> {
                    REQUESTS.add(request.uri() + " " + request.requestHeaders().get("Authorization", ""));
                    if (failWith != 0) {
                        return response.status(failWith).header("Content-Type", "application/json")
                                .sendString(Mono.just("{\"error\":{\"code\":\"internal_error\",\"message\":\"x\"}}"));
                    }
                    Map<String, List<String>> query = new io.netty.handler.codec.http.QueryStringDecoder(
                            request.uri()).parameters();
                    String id = query.containsKey("unit_id") ? query.get("unit_id").get(0)
                            : query.containsKey("unit_type_id") ? query.get("unit_type_id").get(0) : null;
                    Map<String, Object> row = id == null ? null : PRICES.get(UUID.fromString(id));
                    String body = JSON.writeValueAsString(Map.of("data", row == null ? List.of() : List.of(row),
                            "meta", Map.of("limit", 20, "cursor", Map.of("has_more", false))));
                    return response.status(200).header("Content-Type", "application/json")
                            .sendString(Mono.just(body));
                })
                        .post("/internal/v1/unit-imports", (request, response) -> request.receive().aggregate()
                                .asString().flatMap(body -> {
                                    if (failWith != 0) {
                                        return response.status(failWith).header("Content-Type", "application/json")
                                                .sendString(Mono.just("{\"error\":{\"code\":\"internal_error\","
                                                        + "\"message\":\"x\"}}")).then();
                                    }
                                    return response.status(200).header("Content-Type", "application/json")
                                            .sendString(Mono.just(UnitImports.answer(JSON.readTree(body)))).then();
                                })))
                .bindNow(Duration.ofSeconds(10));
        System.setProperty("platform.services.catalogue.url", "http://127.0.0.1:" + server.port());
    }

    /** The catalogue quotes {@code priceMinor} for this unit or unit type, on any day. */
    public static void price(UUID unitOrUnitTypeId, UUID unitTypeId, long priceMinor, String currency) {
        PRICES.put(unitOrUnitTypeId, Map.of("object", "availability", "unit_type_id", unitTypeId.toString(),
                "price", Map.of("price_minor", priceMinor, "currency", currency)));
    }

    /** Every request since the JVM started: the URI and the Authorization header. */
    public static List<String> requests() {
        return List.copyOf(REQUESTS);
    }

    /**
     * The catalogue's {@code POST /internal/v1/unit-imports} as its contract says (docs/api/imports.md): a unit at
     * site {@code Nowhere} is {@code not_found} on {@code site}, a feature {@code jacuzzi} {@code invalid} on
     * {@code features}; with any problem nothing is written. A real batch writes each (import key, row) once: the
     * same id again with {@code created: false}. Every batch received is kept, in order.
     */
    public static final class UnitImports {

        private static final Map<String, String> WRITTEN = new ConcurrentHashMap<>();
        private static final List<tools.jackson.databind.JsonNode> BATCHES = new CopyOnWriteArrayList<>();

        private UnitImports() {
        }

        /** The batches received for this import key, in order. */
        public static List<tools.jackson.databind.JsonNode> batches(String importKey) {
            return BATCHES.stream().filter(b -> b.get("import_key").asString().equals(importKey)).toList();
        }

        static String answer(tools.jackson.databind.JsonNode batch) {
            BATCHES.add(batch);
            String key = batch.get("import_key").asString();
            List<Map<String, Object>> problems = new java.util.ArrayList<>();
            batch.get("units").values().forEach(unit -> {
                long row = unit.get("row").asLong();
                if (unit.get("site").asString().equals("Nowhere")) {
                    problems.add(Map.of("row", row, "column", "site", "issue", "not_found",
                            "message", "No site is called Nowhere."));
                }
                unit.get("features").values().forEach(feature -> {
                    if (feature.asString().equals("jacuzzi")) {
                        problems.add(Map.of("row", row, "column", "features", "issue", "invalid",
                                "message", "jacuzzi is no feature of the catalogue."));
                    }
                });
            });
            List<Map<String, Object>> units = new java.util.ArrayList<>();
            if (problems.isEmpty() && !batch.get("dry_run").asBoolean()) {
                batch.get("units").values().forEach(unit -> {
                    String rowKey = key + ":" + unit.get("row").asLong();
                    boolean created = !WRITTEN.containsKey(rowKey);
                    String id = WRITTEN.computeIfAbsent(rowKey, k -> com.storageplatform.kit.id.Ids.newId().toString());
                    units.add(Map.of("row", unit.get("row").asLong(), "id", id, "created", created));
                });
            }
            return JSON.writeValueAsString(Map.of("data", Map.of("object", "unit_import_batch", "problems", problems,
                    "units", units)));
        }
    }

    /** From now on the catalogue answers this status (0: normal answers again). */
    public static void failWith(int status) {
        failWith = status;
    }
}
