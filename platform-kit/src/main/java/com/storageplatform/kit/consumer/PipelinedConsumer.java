package com.storageplatform.kit.consumer;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.SmartLifecycle;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.core.MicrometerConsumerListener;
import org.springframework.kafka.listener.AbstractMessageListenerContainer;
import org.springframework.kafka.listener.BatchAcknowledgingMessageListener;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.kafka.support.Acknowledgment;
import org.springframework.util.backoff.ExponentialBackOff;
import reactor.core.publisher.Mono;

/**
 * The one way the platform consumes Kafka (ADR 0015, ADR 0020): the listener only parses a poll into units of work,
 * on the consumer's thread; an {@link InOrderPipeline} handles up to {@code depth} units at once and finishes them
 * in poll order, and a poll is acknowledged ({@code AckMode.MANUAL}; the container commits without waiting for the
 * broker) only when its last unit and every unit before it are finished. So no offset is committed past work not
 * done, whatever fails. What happens to a unit that keeps failing is the consumer's stated {@link FailurePolicy}:
 * retried for ever, holding back the offsets after it, or passed over after its retries and reported to the
 * {@link Handler}. While the pipeline is full the container is paused (it keeps polling, so the group keeps its
 * partitions). A lost commit only brings records back: every handler is idempotent on the event id.
 *
 * @param <U> a unit of work: a whole poll (stored in one transaction) or one record (in its own)
 */
public final class PipelinedConsumer<U> implements SmartLifecycle {

    /** What a consumer does with its records. */
    public interface Handler<U> {

        /** Called on the consumer's thread: a poll's records as units of work (none for a poll with nothing to do). */
        List<U> units(List<ConsumerRecord<String, String>> poll);

        /** One try at a unit. */
        Mono<Void> handle(U unit);

        /** After a unit is handled, in poll order. */
        default void handled(U unit) {
        }

        /** After the policy gave up on a unit, which counts as finished. */
        default void gaveUp(U unit, Throwable failure) {
        }
    }

    /** The topics read: named ones, or every topic matching a pattern (found as they are created). */
    public record Topics(List<String> names, Pattern pattern) {

        public static Topics named(List<String> names) {
            return new Topics(List.copyOf(names), null);
        }

        public static Topics matching(Pattern pattern) {
            return new Topics(null, pattern);
        }

        ContainerProperties container() {
            return pattern == null ? new ContainerProperties(names.toArray(String[]::new))
                    : new ContainerProperties(pattern);
        }
    }

    /** A unit of a poll; the last unit of a poll carries the poll's acknowledgement. */
    private record Unit<U>(U work, Acknowledgment acknowledgment) {
    }

    /** What a fetch waits for at most, in bytes and ms (see {@link #config}). */
    static final int FETCH_MIN_BYTES = 16_384;
    static final int FETCH_MAX_WAIT_MS = 20;

    private final String name;
    private final int depth;
    private final FailurePolicy failures;
    private final Handler<U> handler;
    private final ConcurrentMessageListenerContainer<String, String> container;
    private volatile InOrderPipeline<Unit<U>> pipeline;

    /**
     * @param name   names the consumer in the log (and its container's threads)
     * @param config the Kafka consumer's settings, its group among them ({@link #config})
     * @param depth  units handled at once (1 keeps them strictly in order)
     * @param meters where the Kafka consumer's own metrics go (each partition's lag among them: ADR 0022); null for
     *               nowhere
     */
    public PipelinedConsumer(String name, Map<String, Object> config, Topics topics, int depth, FailurePolicy failures,
            Handler<U> handler, MeterRegistry meters) {
        this.name = name;
        this.depth = depth;
        this.failures = failures;
        this.handler = handler;
        ContainerProperties properties = topics.container();
        properties.setAckMode(ContainerProperties.AckMode.MANUAL);
        properties.setSyncCommits(false);
        properties.setMessageListener((BatchAcknowledgingMessageListener<String, String>) this::onPoll);
        DefaultKafkaConsumerFactory<String, String> consumers = new DefaultKafkaConsumerFactory<>(config);
        if (meters != null) {
            consumers.addListener(new MicrometerConsumerListener<>(meters));
        }
        this.container = new ConcurrentMessageListenerContainer<>(consumers, properties);
        container.setBeanName(name);
        // The listener only parses and hands over; should it throw all the same, the poll is sought back and given
        // again, 0.5 s, 1 s, 2 s ... then every 30 s, without end: Spring Kafka's default would skip it after ten.
        ExponentialBackOff backOff = new ExponentialBackOff(500, 2);
        backOff.setMaxInterval(30_000);
        container.setCommonErrorHandler(new DefaultErrorHandler(backOff));
    }

    /**
     * Spring Boot's consumer settings ({@code spring.kafka.*}) with {@code groupId}, string keys and values, and
     * commits left to the container. A fetch waits up to {@value #FETCH_MAX_WAIT_MS} ms for
     * {@value #FETCH_MIN_BYTES} bytes unless {@code spring.kafka.consumer.fetch-min-size} and
     * {@code fetch-max-wait} say otherwise: answered at the first record (Kafka's default), every consumer group
     * fetched, polled and committed its offsets about once an event at a few hundred events a second, which cost
     * the broker and each service more than handling the events (docs/performance.md).
     */
    public static Map<String, Object> config(KafkaProperties kafka, String groupId) {
        Map<String, Object> config = new HashMap<>(kafka.buildConsumerProperties());
        config.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        config.putIfAbsent(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, FETCH_MIN_BYTES);
        config.putIfAbsent(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, FETCH_MAX_WAIT_MS);
        return config;
    }

    public String groupId() {
        return container.getGroupId();
    }

    private void onPoll(List<ConsumerRecord<String, String>> records, Acknowledgment acknowledgment) {
        List<U> units = handler.units(records);
        InOrderPipeline<Unit<U>> running = pipeline;
        if (units.isEmpty()) {
            running.submit(new Unit<>(null, acknowledgment));
        }
        for (int i = 0; i < units.size(); i++) {
            running.submit(new Unit<>(units.get(i), i == units.size() - 1 ? acknowledgment : null));
        }
    }

    private Mono<Void> work(Unit<U> unit) {
        return unit.work() == null ? Mono.empty() : handler.handle(unit.work());
    }

    private void finished(Unit<U> unit) {
        if (unit.acknowledgment() != null) {
            unit.acknowledgment().acknowledge();
        }
        if (unit.work() != null) {
            handler.handled(unit.work());
        }
    }

    private void gaveUp(Unit<U> unit, Throwable failure) {
        if (unit.work() != null) {
            handler.gaveUp(unit.work(), failure);
        }
    }

    @Override
    public synchronized void start() {
        if (isRunning()) {
            return;
        }
        pipeline = new InOrderPipeline<>(name, depth, failures, this::work, this::finished, this::gaveUp,
                new InOrderPipeline.Valve() {
                    @Override
                    public void pause() {
                        container.pause();
                    }

                    @Override
                    public void resume() {
                        container.resume();
                    }
                });
        container.start();
    }

    /** Stops polling, then drops unfinished work: its records were never acknowledged, so they come again. */
    @Override
    public synchronized void stop() {
        container.stop();
        InOrderPipeline<Unit<U>> running = pipeline;
        if (running != null) {
            running.close();
        }
    }

    @Override
    public boolean isRunning() {
        return container.isRunning();
    }

    /** Stops with the listener containers, before the beans their work uses. */
    @Override
    public int getPhase() {
        return AbstractMessageListenerContainer.DEFAULT_PHASE;
    }
}
