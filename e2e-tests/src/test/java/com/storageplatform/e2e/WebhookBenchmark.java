package com.storageplatform.e2e;

import com.storageplatform.devstack.DevStack;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.WebhookReceiver;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
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
 * Arguments: {@code <home> <base-port> <throughput-events> <latency-rate-per-second> <latency-seconds>
 * [<warm-up-seconds>]}.
 */
public final class WebhookBenchmark {

    /**
     * The latency phase's unmeasured lead-in at the rate: the first events create the dispatcher's own topic, and
     * eight JVMs on two cores are still compiling their hot paths after half a minute (a 120 s phase after a 30 s
     * lead-in measured a p50 of 19 ms where 30 s phases measured 46 to 65 ms), so a minute by default.
     */
    private static final int DEFAULT_WARM_UP_SECONDS = 60;

    private WebhookBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(System.getProperty("e2e.repo-root", ".")).toAbsolutePath().normalize();
        int events = Integer.parseInt(args[2]);
        int rate = Integer.parseInt(args[3]);
        int seconds = Integer.parseInt(args[4]);
        int warmUpSeconds = args.length > 5 ? Integer.parseInt(args[5]) : DEFAULT_WARM_UP_SECONDS;
        DevStack stack = DevStack.builder().environment(System.getenv()).repoRoot(root).home(Path.of(args[0]))
                .basePort(Integer.parseInt(args[1])).fresh(true).progress(line -> { }).build();
        stack.up();
        try {
            throughput(stack, events);
            latency(stack, rate, seconds, warmUpSeconds);
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
            // The same work once unmeasured first: 200 events (until 2026-11-28) left the dispatcher's delivery
            // path still compiling while it was measured. bench.warmup-events asks for more on a machine slower to
            // compile.
            int warmUpEvents = Integer.getInteger("bench.warmup-events", Math.max(200, events));
            warmUp(producer, account, webhooks, receivers, warmUpEvents);
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
            System.out.printf("throughput: %d events x %d endpoints = %d deliveries received of %d in %.1f s (after %d unmeasured): %.0f deliveries/s%n",
                    events, receivers.size(), total(receivers), expected, (last - first) / 1e9,
                    warmUpEvents * receivers.size(), perSecond);
        } finally {
            receivers.forEach(WebhookReceiver::close);
        }
    }

    private static void warmUp(KafkaProducer<String, String> producer, String account, Webhooks webhooks,
            List<WebhookReceiver> receivers, int events) throws Exception {
        for (int i = 0; i < events; i++) {
            producer.send(new ProducerRecord<>("crm.events", account, event(account, webhooks, i)));
        }
        producer.flush();
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (total(receivers) < events * receivers.size() && System.nanoTime() < deadline) {
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

    private static void latency(DevStack stack, int rate, int seconds, int warmUpSeconds) throws Exception {
        Webhooks webhooks = new Webhooks(stack, "Latency Ltd");
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            webhooks.endpoint(receiver.url(), "*");
            HttpClient http = HttpClient.newHttpClient();
            // Unmeasured at the rate first (DEFAULT_WARM_UP_SECONDS says why), then the steady state.
            steadyRate(webhooks, http, receiver, rate, warmUpSeconds);
            List<Sample> samples = steadyRate(webhooks, http, receiver, rate, seconds);
            List<Double> latencies = samples.stream().map(Sample::latencyMillis).sorted().toList();
            System.out.printf("latency: %d events at %d/s through the gateway (after %d s of warm-up), %d delivered: p50 %.0f ms, p99 %.0f ms, max %.0f ms%n",
                    rate * seconds, rate, warmUpSeconds, latencies.size(), percentile(latencies, 0.50), percentile(latencies, 0.99),
                    latencies.isEmpty() ? 0 : latencies.get(latencies.size() - 1));
            stages(stack, samples);
        }
    }

    /** One event of the latency phase: its id, when the API call was sent and when the receiver had it. */
    private record Sample(String id, long sentNanos, long receivedNanos) {
        double latencyMillis() {
            return (receivedNanos - sentNanos) / 1e6;
        }
    }

    private static final String[] STAGES = {"API call to commit", "outbox relay to Kafka",
            "Kafka to the dispatcher", "dispatcher to receipt"};

    /**
     * Where the time went: the timestamps the platform keeps for each event (the outbox row's creation and
     * sending, the event log's receipt, the delivery's queueing) split each latency into the API call up to its
     * commit, the outbox relay, Kafka up to the dispatcher's poll, and the dispatcher's storing, claim and POST.
     * Printed as each stage's p50 and p99, and its mean over the slowest 1% of events.
     */
    private static void stages(DevStack stack, List<Sample> samples) throws Exception {
        long wallMinusNanoMicros = System.currentTimeMillis() * 1000 - System.nanoTime() / 1000;
        Map<String, double[]> stagesById = new HashMap<>();
        var database = stack.database();
        try (Connection connection = DriverManager.getConnection(
                "jdbc:postgresql://" + database.host() + ":" + database.port() + "/" + database.name(),
                database.username(), database.password());
             PreparedStatement query = connection.prepareStatement("""
                     SELECT o.event_id::text AS id,
                         (extract(epoch FROM o.created_at) * 1e6)::bigint AS committed,
                         (extract(epoch FROM o.sent_at) * 1e6)::bigint AS relayed,
                         (extract(epoch FROM e.received_at) * 1e6)::bigint AS polled
                     FROM webhooks.outbox_events o JOIN webhooks.events e ON e.id = o.event_id
                     WHERE o.event_id = ANY (?::uuid[])
                     """)) {
            query.setArray(1, connection.createArrayOf("text", samples.stream().map(Sample::id).toArray()));
            Map<String, Sample> byId = new HashMap<>();
            samples.forEach(sample -> byId.put(sample.id(), sample));
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    Sample sample = byId.get(rows.getString("id"));
                    long sent = sample.sentNanos() / 1000 + wallMinusNanoMicros;
                    long received = sample.receivedNanos() / 1000 + wallMinusNanoMicros;
                    long committed = rows.getLong("committed");
                    long relayed = rows.getLong("relayed");
                    long polled = rows.getLong("polled");
                    stagesById.put(sample.id(), new double[] {(committed - sent) / 1e3, (relayed - committed) / 1e3,
                            (polled - relayed) / 1e3, (received - polled) / 1e3});
                }
            }
        }
        if (stagesById.isEmpty()) {
            System.out.println("stage: none of the received events has its timestamps in the database");
            return;
        }
        List<Sample> slowest = samples.stream().filter(sample -> stagesById.containsKey(sample.id()))
                .sorted(Comparator.comparingDouble(Sample::latencyMillis).reversed())
                .limit(Math.max(1, stagesById.size() / 100)).toList();
        for (int stage = 0; stage < STAGES.length; stage++) {
            int at = stage;
            List<Double> times = stagesById.values().stream().map(split -> split[at]).sorted().toList();
            double slowMean = slowest.stream().mapToDouble(sample -> stagesById.get(sample.id())[at]).sum()
                    / slowest.size();
            System.out.printf("stage: %-24s p50 %4.0f ms, p99 %4.0f ms; in the slowest 1%% of events %4.0f ms%n",
                    STAGES[stage], percentile(times, 0.50), percentile(times, 0.99), slowMean);
        }
    }

    /** Causes {@code rate} events a second for {@code seconds}; returns each one's times of sending and receipt. */
    private static List<Sample> steadyRate(Webhooks webhooks, HttpClient http, WebhookReceiver receiver, int rate,
            int seconds) throws Exception {
        receiver.received.clear();
        Map<String, Long> sentAt = new ConcurrentHashMap<>();
        Map<Integer, Integer> refused = new ConcurrentHashMap<>();
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
                } else {
                    refused.merge(response.statusCode(), 1, Integer::sum);
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
        List<Sample> samples = new ArrayList<>();
        for (WebhookReceiver.Received received : receiver.received) {
            String id = Http.JSON.readTree(received.body()).path("id").asString();
            Long at = sentAt.get(id);
            if (at != null) {
                samples.add(new Sample(id, at, received.atNanos()));
            }
        }
        if (sentAt.size() < total) {
            System.out.printf("latency: only %d of %d API calls were accepted (refused, by status: %s)%n",
                    sentAt.size(), total, new java.util.TreeMap<>(refused));
        }
        return samples;
    }

    private static double percentile(List<Double> sorted, double p) {
        if (sorted.isEmpty()) {
            return Double.NaN;
        }
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p * sorted.size()) - 1));
    }
}
