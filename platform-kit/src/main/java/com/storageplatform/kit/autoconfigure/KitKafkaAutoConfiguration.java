package com.storageplatform.kit.autoconfigure;

import com.storageplatform.kit.PlatformProperties;
import com.storageplatform.kit.outbox.OutboxRelay;
import com.storageplatform.kit.outbox.OutboxRegistry;
import com.storageplatform.kit.polling.WakeUpSignal;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.core.MicrometerProducerListener;
import org.springframework.kafka.support.ProducerListener;
import org.springframework.transaction.reactive.TransactionalOperator;

/** The outbox relay and its producer: acks from all replicas, idempotent, and quick to give up when Kafka is down. */
@AutoConfiguration(after = {KitDataAutoConfiguration.class, KafkaAutoConfiguration.class})
@ConditionalOnClass(KafkaTemplate.class)
@ConditionalOnBean(OutboxRegistry.class)
public class KitKafkaAutoConfiguration {

    /** Its client metrics (sends, errors, retries) go to the application's registry, as Boot's own producers' do. */
    @Bean(destroyMethod = "destroy")
    DefaultKafkaProducerFactory<String, String> outboxProducerFactory(KafkaProperties kafka,
            ObjectProvider<MeterRegistry> meters) {
        Map<String, Object> config = kafka.buildProducerProperties();
        config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        // No linger: the relay waits for each batch's acknowledgements, so a linger only adds itself to every batch;
        // records handed over while a request is in flight are batched anyway.
        config.put(ProducerConfig.LINGER_MS_CONFIG, 0);
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 5_000);
        config.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 5_000);
        config.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 15_000);
        DefaultKafkaProducerFactory<String, String> factory = new DefaultKafkaProducerFactory<>(config);
        meters.ifAvailable(registry -> factory.addListener(new MicrometerProducerListener<>(registry)));
        return factory;
    }

    @Bean
    KafkaTemplate<String, String> outboxKafkaTemplate(DefaultKafkaProducerFactory<String, String> factory) {
        KafkaTemplate<String, String> template = new KafkaTemplate<>(factory);
        // The relay logs failures itself, without the payload (events can carry personal data).
        template.setProducerListener(new ProducerListener<>() {
        });
        return template;
    }

    @Bean
    @ConditionalOnProperty(name = "platform.outbox.relay-enabled", matchIfMissing = true)
    OutboxRelay outboxRelay(OutboxRegistry outboxRegistry, TransactionalOperator tx,
            DefaultKafkaProducerFactory<String, String> outboxProducerFactory,
            KafkaTemplate<String, String> outboxKafkaTemplate, @Qualifier("outboxSignal") WakeUpSignal outboxSignal,
            PlatformProperties properties, Clock clock) {
        return new OutboxRelay(outboxRegistry, tx, outboxKafkaTemplate, outboxSignal, relaySettings(properties.outbox()),
                outboxProducerFactory::reset, clock);
    }

    static OutboxRelay.Settings relaySettings(PlatformProperties.Outbox outbox) {
        OutboxRelay.Settings defaults = OutboxRelay.Settings.defaults();
        OutboxRelay.Parking parking = new OutboxRelay.Parking(
                outbox.parkAfterAttempts() == null ? defaults.parking().afterAttempts() : outbox.parkAfterAttempts(),
                outbox.parkAfterFailingFor() == null ? defaults.parking().afterFailingFor()
                        : outbox.parkAfterFailingFor());
        if (parking.afterAttempts() < 1 || parking.afterFailingFor().isNegative()) {
            throw new IllegalStateException("platform.outbox.park-after-attempts must be at least 1 and "
                    + "platform.outbox.park-after-failing-for not negative");
        }
        return new OutboxRelay.Settings(
                outbox.pollInterval() == null ? defaults.pollInterval() : outbox.pollInterval(),
                outbox.batchSize() == null ? defaults.batchSize() : outbox.batchSize(),
                defaults.keysPerBatch(), defaults.minBackoff(), defaults.maxBackoff(), parking);
    }
}
