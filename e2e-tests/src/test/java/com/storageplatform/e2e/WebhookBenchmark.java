package com.storageplatform.e2e;

import com.storageplatform.devstack.DevStack;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.WebhookReceiver;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * The webhook benchmarks of bench/webhook-delivery.sh, against a devstack of its own:
 * <ol>
 *   <li>throughput: events put on a service topic as fast as a relay would, every one matching ten endpoints;
 *       signed deliveries per second from the first receipt to the last;</li>
 *   <li>latency: {@code POST /v1/test-helpers/events} through the gateway at a steady rate (the API mutation that
 *       causes the event) to its receipt, p50 and p99.</li>
 * </ol>
 * Arguments: {@code <home> <base-port> <throughput-events> <latency-rate-per-second> <latency-seconds>}.
 */
public final class WebhookBenchmark {

    private static final int WARM_UP_SECONDS = 30;

    private WebhookBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(System.getProperty("e2e.repo-root", ".")).toAbsolutePath().normalize();
        int events = Integer.parseInt(args[2]);
        int rate = Integer.parseInt(args[3]);
        int seconds = Integer.parseInt(args[4]);
        DevStack stack = DevStack.builder().environment(System.getenv()).repoRoot(root).home(Path.of(args[0]))
                .basePort(Integer.parseInt(args[1])).fresh(true).progress(line -> { }).build();
        stack.up();
        try {
            throughput(stack, events);
            latency(stack, rate, seconds);
        } finally {
            stack.down();
        }
    }

    private static void throughput(DevStack stack, int events) throws Exception {
        Webhooks webhooks = new Webhooks(stack, "Throughput Ltd");
        List<WebhookReceiver> receivers = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            WebhookReceiver receiver = new WebhookReceiver();
            receivers.add(receiver);
            webhooks.endpoint(receiver.url(), "*");
        }
        String account = webhooks.operator.testAccountId();
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.kafkaBootstrapServers(),
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                ProducerConfig.LINGER_MS_CONFIG, 5))) {
            warmUp(producer, account, webhooks, receivers);
            receivers.forEach(receiver -> receiver.received.clear());
            long started = System.nanoTime();
            for (int i = 0; i < events; i++) {
                producer.send(new ProducerRecord<>("crm.events", account, event(account, webhooks, i)));
            }
            producer.flush();
            int expected = events * receivers.size();
            long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
            while (total(receivers) < expected && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            long first = receivers.stream().flatMap(r -> r.received.stream()).mapToLong(WebhookReceiver.Received::atNanos).min().orElse(started);
            long last = receivers.stream().flatMap(r -> r.received.stream()).mapToLong(WebhookReceiver.Received::atNanos).max().orElse(started);
            double perSecond = total(receivers) / ((last - first) / 1e9);
            System.out.printf("throughput: %d events x %d endpoints = %d deliveries received of %d in %.1f s: %.0f deliveries/s%n",
                    events, receivers.size(), total(receivers), expected, (last - first) / 1e9, perSecond);
        } finally {
            receivers.forEach(WebhookReceiver::close);
        }
    }

    private static void warmUp(KafkaProducer<String, String> producer, String account, Webhooks webhooks,
            List<WebhookReceiver> receivers) throws Exception {
        for (int i = 0; i < 200; i++) {
            producer.send(new ProducerRecord<>("crm.events", account, event(account, webhooks, i)));
        }
        producer.flush();
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (total(receivers) < 200 * receivers.size() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
    }

    private static String event(String account, Webhooks webhooks, int n) {
        Map<String, Object> event = new HashMap<>();
        event.put("specversion", "1.0");
        event.put("id", Ids.newId().toString());
        event.put("source", "/crm");
        event.put("type", "task.created");
        event.put("time", Instant.now().toString());
        event.put("datacontenttype", "application/json");
        event.put("accountid", account);
        event.put("operatorid", webhooks.operator.id());
        event.put("environment", "test");
        event.put("actortype", "api");
        event.put("data", Map.of("object", "task", "title", "Call back about unit " + n, "n", n));
        return Http.JSON.writeValueAsString(event);
    }

    private static int total(List<WebhookReceiver> receivers) {
        return receivers.stream().mapToInt(receiver -> receiver.received.size()).sum();
    }

    private static void latency(DevStack stack, int rate, int seconds) throws Exception {
        Webhooks webhooks = new Webhooks(stack, "Latency Ltd");
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            webhooks.endpoint(receiver.url(), "*");
            HttpClient http = HttpClient.newHttpClient();
            // The first events create the dispatcher's own topic and wait for its consumer to find it, and eight
            // JVMs on two cores take about half a minute to compile their hot paths: 30 s at the rate, not
            // measured, then the steady state.
            steadyRate(webhooks, http, receiver, rate, WARM_UP_SECONDS);
            List<Double> latencies = steadyRate(webhooks, http, receiver, rate, seconds);
            System.out.printf("latency: %d events at %d/s through the gateway (after %d s of warm-up), %d delivered: p50 %.0f ms, p99 %.0f ms, max %.0f ms%n",
                    rate * seconds, rate, WARM_UP_SECONDS, latencies.size(), percentile(latencies, 0.50), percentile(latencies, 0.99),
                    latencies.isEmpty() ? 0 : latencies.get(latencies.size() - 1));
        }
    }

    /** Causes {@code rate} events a second for {@code seconds}; returns each one's latency to receipt, sorted. */
    private static List<Double> steadyRate(Webhooks webhooks, HttpClient http, WebhookReceiver receiver, int rate,
            int seconds) throws Exception {
        receiver.received.clear();
        Map<String, Long> sentAt = new ConcurrentHashMap<>();
        List<CompletableFuture<?>> calls = java.util.Collections.synchronizedList(new ArrayList<>());
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor();
        int total = rate * seconds;
        int[] sent = {0};
        CompletableFuture<Void> done = new CompletableFuture<>();
        ticker.scheduleAtFixedRate(() -> {
            if (sent[0]++ >= total) {
                done.complete(null);
                return;
            }
            long at = System.nanoTime();
            HttpRequest request = HttpRequest.newBuilder(URI.create(webhooks.url("/v1/test-helpers/events")))
                    .header("Authorization", "Bearer " + webhooks.key)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(
                            "{\"type\":\"deal.created\",\"data\":{\"object\":\"deal\",\"n\":" + sent[0] + "}}"))
                    .build();
            calls.add(http.sendAsync(request, HttpResponse.BodyHandlers.ofString()).thenAccept(response -> {
                if (response.statusCode() == 201) {
                    sentAt.put(Http.JSON.readTree(response.body()).path("data").path("id").asString(), at);
                }
            }));
        }, 0, 1_000_000 / rate, TimeUnit.MICROSECONDS);
        done.get();
        ticker.shutdown();
        CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).get();
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (receiver.received.size() < sentAt.size() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        List<Double> latencies = new ArrayList<>();
        for (WebhookReceiver.Received received : receiver.received) {
            Long at = sentAt.get(Http.JSON.readTree(received.body()).path("id").asString());
            if (at != null) {
                latencies.add((received.atNanos() - at) / 1e6);
            }
        }
        latencies.sort(Double::compare);
        if (sentAt.size() < total) {
            System.out.printf("latency: only %d of %d API calls were accepted%n", sentAt.size(), total);
        }
        return latencies;
    }

    private static double percentile(List<Double> sorted, double p) {
        if (sorted.isEmpty()) {
            return Double.NaN;
        }
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p * sorted.size()) - 1));
    }
}
