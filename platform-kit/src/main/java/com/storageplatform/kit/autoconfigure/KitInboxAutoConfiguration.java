package com.storageplatform.kit.autoconfigure;

import com.storageplatform.kit.PlatformProperties;
import com.storageplatform.kit.consumer.FailurePolicy;
import com.storageplatform.kit.consumer.PipelinedConsumer;
import com.storageplatform.kit.inbox.EventHandler;
import com.storageplatform.kit.inbox.Inbox;
import com.storageplatform.kit.inbox.InboxCleanupJob;
import com.storageplatform.kit.tracing.TraceContinuation;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import tools.jackson.databind.json.JsonMapper;

/**
 * The inbox of a service that keeps projections: present when it declares {@link EventHandler} beans. One
 * consumer group per service ({@code <service>-inbox} unless {@code platform.inbox.group} says otherwise) reads
 * the handlers' topics from the beginning through the kit's {@link PipelinedConsumer}, one record at a time and
 * in order, with the failure policy of {@link Inbox#DEFAULT_FAILURES} unless the service declares a
 * {@link FailurePolicy} bean of its own.
 */
@AutoConfiguration(after = {KitDataAutoConfiguration.class, KafkaAutoConfiguration.class,
        KitTracingAutoConfiguration.class})
@ConditionalOnClass(ConcurrentMessageListenerContainer.class)
@ConditionalOnBean({EventHandler.class, DatabaseClient.class})
public class KitInboxAutoConfiguration {

    /** Events are applied in their traces ({@link KitTracingAutoConfiguration}'s; with no tracer, in none). */
    @Bean
    Inbox inbox(DatabaseClient db, TransactionalOperator tx, List<EventHandler> handlers, JsonMapper json,
            Clock clock, TraceContinuation traces) {
        return new Inbox(db, tx, handlers, json, clock, traces);
    }

    @Bean
    InboxCleanupJob inboxCleanupJob(DatabaseClient db, Clock clock) {
        return new InboxCleanupJob(db, clock);
    }

    /** Its consumer's metrics, the lag of each partition among them, go to the application's registry. */
    @Bean
    PipelinedConsumer<Inbox.Received> inboxConsumer(Inbox inbox, KafkaProperties kafka, PlatformProperties properties,
            ObjectProvider<FailurePolicy> inboxFailurePolicy, ObjectProvider<MeterRegistry> meters) {
        Map<String, Object> config = PipelinedConsumer.config(kafka,
                properties.inbox().groupFor(properties.service().name()));
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        // A topic created after start-up (its service published for the first time) is found within seconds.
        config.put(ConsumerConfig.METADATA_MAX_AGE_CONFIG, 5_000);
        // One record at a time, in order: a projection may depend on the order of an account's events.
        return new PipelinedConsumer<>("inbox", config, PipelinedConsumer.Topics.named(inbox.topics()), 1,
                inboxFailurePolicy.getIfAvailable(() -> Inbox.DEFAULT_FAILURES), inbox, meters.getIfAvailable());
    }
}
