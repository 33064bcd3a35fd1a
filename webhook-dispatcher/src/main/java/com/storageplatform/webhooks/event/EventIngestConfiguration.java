package com.storageplatform.webhooks.event;

import com.storageplatform.kit.consumer.PipelinedConsumer;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.regex.Pattern;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The ingest's consumer: every replica joins {@code platform.webhooks.consumer-group} and reads every topic named
 * {@code <service>.events} (a new service's topic is found on the next metadata refresh, within seconds). Its
 * lag behind the topics is measured (Kafka's consumer metrics, ADR 0022).
 */
@Configuration(proxyBeanMethods = false)
class EventIngestConfiguration {

    static final String NAME = "webhook-dispatcher";

    @Bean
    PipelinedConsumer<EventIngest.Poll> eventIngestConsumer(EventIngest ingest, KafkaProperties kafka,
            @Value("${platform.webhooks.consumer-group}") String group, ObjectProvider<MeterRegistry> meters) {
        return new PipelinedConsumer<>(NAME, PipelinedConsumer.config(kafka, group),
                PipelinedConsumer.Topics.matching(Pattern.compile(".*\\.events")), EventIngest.PIPELINE_DEPTH,
                EventIngest.FAILURES, ingest, meters.getIfAvailable());
    }
}
