package com.storageplatform.kit.autoconfigure;

import com.storageplatform.kit.PlatformProperties;
import com.storageplatform.kit.inbox.EventHandler;
import com.storageplatform.kit.inbox.Inbox;
import com.storageplatform.kit.inbox.InboxCleanupJob;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.core.DefaultKafkaConsumerFactory;
import org.springframework.kafka.core.MicrometerConsumerListener;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.kafka.listener.MessageListener;
import org.springframework.kafka.support.ExponentialBackOffWithMaxRetries;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import tools.jackson.databind.json.JsonMapper;

/**
 * The inbox of a service that keeps projections: present when it declares {@link EventHandler} beans. One
 * consumer group per service ({@code <service>-inbox} unless {@code platform.inbox.group} says otherwise) reads
 * the handlers' topics from the beginning, one record at a time.
 */
@AutoConfiguration(after = {KitDataAutoConfiguration.class, KafkaAutoConfiguration.class})
@ConditionalOnClass(ConcurrentMessageListenerContainer.class)
@ConditionalOnBean({EventHandler.class, DatabaseClient.class})
public class KitInboxAutoConfiguration {

    @Bean
    Inbox inbox(DatabaseClient db, TransactionalOperator tx, List<EventHandler> handlers, JsonMapper json,
            Clock clock) {
        return new Inbox(db, tx, handlers, json, clock);
    }

    @Bean
    InboxCleanupJob inboxCleanupJob(DatabaseClient db, Clock clock) {
        return new InboxCleanupJob(db, clock);
    }

    /** Its consumer's metrics, the lag of each partition among them, go to the application's registry. */
    @Bean
    ConcurrentMessageListenerContainer<String, String> inboxContainer(Inbox inbox, KafkaProperties kafka,
            PlatformProperties properties, ObjectProvider<MeterRegistry> meters) {
        Map<String, Object> config = kafka.buildConsumerProperties();
        config.put(ConsumerConfig.GROUP_ID_CONFIG, properties.inbox().groupFor(properties.service().name()));
        config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        // A topic created after start-up (its service published for the first time) is found within seconds.
        config.put(ConsumerConfig.METADATA_MAX_AGE_CONFIG, 5_000);
        ContainerProperties container = new ContainerProperties(inbox.topics().toArray(String[]::new));
        container.setMessageListener((MessageListener<String, String>) inbox::accept);
        container.setAckMode(ContainerProperties.AckMode.RECORD);
        DefaultKafkaConsumerFactory<String, String> consumers = new DefaultKafkaConsumerFactory<>(config);
        meters.ifAvailable(registry -> consumers.addListener(new MicrometerConsumerListener<>(registry)));
        ConcurrentMessageListenerContainer<String, String> listener =
                new ConcurrentMessageListenerContainer<>(consumers, container);
        // A failing event is retried for about two minutes, then logged and passed over so one poison record
        // cannot stop the projection; the log names it for replay.
        ExponentialBackOffWithMaxRetries backOff = new ExponentialBackOffWithMaxRetries(8);
        backOff.setInitialInterval(500);
        backOff.setMultiplier(2);
        backOff.setMaxInterval(30_000);
        listener.setCommonErrorHandler(new DefaultErrorHandler(backOff));
        listener.getContainerProperties().setObservationEnabled(false);
        return listener;
    }
}
