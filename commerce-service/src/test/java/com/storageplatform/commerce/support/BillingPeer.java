package com.storageplatform.commerce.support;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import reactor.core.publisher.Mono;
import reactor.netty.DisposableServer;
import reactor.netty.http.server.HttpServer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Billing's payment endpoint as commerce calls it ({@code POST /v1/payments}), until billing's API lands: it
 * records every request as it came over the wire (path, headers, JSON body) and answers what a test scripted for
 * the order named in the body's {@code order_id}; by default a {@code succeeded} payment of the amount asked. One
 * per JVM, on a local port named by {@code platform.services.billing.url}.
 */
public final class BillingPeer {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Map<String, Answer> ANSWERS = new ConcurrentHashMap<>();
    private static final List<Received> REQUESTS = new CopyOnWriteArrayList<>();
    private static DisposableServer server;

    private BillingPeer() {
    }

    /** A request as billing received it; header names in lower case. */
    public record Received(String method, String path, Map<String, String> headers, JsonNode body) {
        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private record Answer(int status, String json) {
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
                .handle((request, response) -> request.receive().aggregate().asString().defaultIfEmpty("{}")
                        .flatMap(text -> {
                            Map<String, String> headers = new TreeMap<>();
                            request.requestHeaders().forEach(h -> headers.putIfAbsent(
                                    h.getKey().toLowerCase(Locale.ROOT), h.getValue()));
                            JsonNode body = JSON.readTree(text);
                            if (request.uri().startsWith(OpeningBalances.PATH)) {
                                int status = OpeningBalances.failWith;
                                return response.status(status == 0 ? 200 : status)
                                        .header("Content-Type", "application/json")
                                        .sendString(Mono.just(status == 0 ? OpeningBalances.answer(body)
                                                : "{\"error\":{\"code\":\"internal_error\",\"message\":\"x\"}}"))
                                        .then();
                            }
                            REQUESTS.add(new Received(request.method().name(), request.uri(), headers, body));
                            String orderId = body.path("order_id").asString("");
                            Answer answer = ANSWERS.get(orderId);
                            if (answer == null) {
                                answer = new Answer(200, payment("succeeded", body.path("amount_minor").asLong(),
                                        null));
                            }
                            return response.status(answer.status()).header("Content-Type", "application/json")
                                    .sendString(Mono.just(answer.json())).then();
                        }))
                .bindNow(Duration.ofSeconds(10));
        System.setProperty("platform.services.billing.url", "http://127.0.0.1:" + server.port());
    }

    /**
     * Billing's {@code POST /internal/v1/opening-balances} as its contract says (docs/api/imports.md): a balance
     * due before 2000 is {@code invalid} on {@code due_date}; with any problem nothing is written. A real batch writes
     * each (import key, row) once: the same invoice id again with {@code created: false}. Every batch received is
     * kept, in order.
     */
    public static final class OpeningBalances {

        static final String PATH = "/internal/v1/opening-balances";
        private static final Map<String, String> WRITTEN = new ConcurrentHashMap<>();
        private static final List<JsonNode> BATCHES = new CopyOnWriteArrayList<>();
        private static volatile int failWith;

        private OpeningBalances() {
        }

        /** The batches received for this import key, in order. */
        public static List<JsonNode> batches(String importKey) {
            return BATCHES.stream().filter(b -> b.get("import_key").asString().equals(importKey)).toList();
        }

        /** From now on the endpoint answers this status (0: normal answers again). */
        public static void failWith(int status) {
            failWith = status;
        }

        static String answer(JsonNode batch) {
            BATCHES.add(batch);
            String key = batch.get("import_key").asString();
            List<Map<String, Object>> problems = new java.util.ArrayList<>();
            batch.get("balances").values().forEach(balance -> {
                if (balance.get("due_date").asString().compareTo("2000-01-01") < 0) {
                    problems.add(Map.of("row", balance.get("row").asLong(), "column", "due_date", "issue",
                            "invalid", "message", "due_date is before 2000."));
                }
            });
            List<Map<String, Object>> invoices = new java.util.ArrayList<>();
            if (problems.isEmpty() && !batch.get("dry_run").asBoolean()) {
                batch.get("balances").values().forEach(balance -> {
                    String rowKey = key + ":" + balance.get("row").asLong();
                    boolean created = !WRITTEN.containsKey(rowKey);
                    String id = WRITTEN.computeIfAbsent(rowKey, k -> UUID.randomUUID().toString());
                    invoices.add(Map.of("row", balance.get("row").asLong(), "id", id, "created", created));
                });
            }
            return JSON.writeValueAsString(Map.of("data", Map.of("object", "opening_balance_batch", "problems",
                    problems, "invoices", invoices)));
        }
    }

    /** Billing answers this status and JSON to every payment asked for {@code orderId}. */
    public static void answer(UUID orderId, int status, String json) {
        ANSWERS.put(orderId.toString(), new Answer(status, json));
    }

    /** Billing answers a payment in {@code status} ({@code pending}, {@code requires_action}, {@code failed}). */
    public static String paymentAs(UUID orderId, String status, long amountMinor) {
        String id = UUID.randomUUID().toString();
        ANSWERS.put(orderId.toString(), new Answer(201, payment(id, status, amountMinor,
                "requires_action".equals(status) ? "https://pay.example/3ds/" + id : null)));
        return id;
    }

    /** Every request billing received for {@code orderId}, oldest first. */
    public static List<Received> requests(UUID orderId) {
        return REQUESTS.stream().filter(r -> orderId.toString().equals(r.body().path("order_id").asString("")))
                .toList();
    }

    private static String payment(String status, long amount, String redirect) {
        return payment(UUID.randomUUID().toString(), status, amount, redirect);
    }

    private static String payment(String id, String status, long amount, String redirect) {
        Map<String, Object> payment = new TreeMap<>();
        payment.put("id", id);
        payment.put("object", "payment");
        payment.put("status", status);
        payment.put("amount_minor", amount);
        payment.put("currency", "GBP");
        if (redirect != null) {
            payment.put("next_action", Map.of("type", "redirect", "redirect_url", redirect));
        }
        return JSON.writeValueAsString(Map.of("data", payment));
    }
}
