package com.storageplatform.webhooks.internal;

import com.storageplatform.kit.polling.WakeUpSignal;
import com.storageplatform.webhooks.WebhookProperties;
import com.storageplatform.webhooks.delivery.RetrySchedule;
import com.storageplatform.webhooks.endpoint.WebhookUrls;
import com.storageplatform.webhooks.payload.ApiVersions;
import com.storageplatform.webhooks.payload.PayloadVersion;
import java.util.List;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.ContainerCustomizer;
import org.springframework.kafka.listener.CommonErrorHandler;
import org.springframework.kafka.listener.ConcurrentMessageListenerContainer;
import org.springframework.kafka.listener.ContainerProperties;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.util.backoff.ExponentialBackOff;

/** The dispatcher's settings turned into the pieces that use them. */
@Configuration(proxyBeanMethods = false)
class DispatcherConfiguration {

    @Bean
    WebhookUrls webhookUrls(WebhookProperties properties) {
        return new WebhookUrls(properties.allowLocalhost());
    }

    /**
     * Wakes the delivery worker when there is work (an event arrived, an endpoint resumed, a redelivery was asked);
     * the kit's own signal, {@code outboxSignal}, wakes the outbox relay.
     */
    @Bean
    WakeUpSignal deliverySignal() {
        return new WakeUpSignal();
    }

    @Bean
    RetrySchedule retrySchedule(WebhookProperties properties) {
        return new RetrySchedule(properties.retryTimeScale());
    }

    @Bean
    ApiVersions apiVersions(List<PayloadVersion> olderVersions) {
        return new ApiVersions(olderVersions);
    }

    /**
     * The error handler of the event ingest's listener container (Spring Boot gives the one {@code CommonErrorHandler}
     * bean to the default container factory). Ingest's listener only parses and hands a poll to its pipeline, which
     * retries storing by itself; should the listener throw all the same, the poll is sought back and given again,
     * 0.5 s, 1 s, 2 s ... then every 30 s, without end. Spring Kafka's default tries ten times and then skips the
     * poll, losing its events.
     */
    @Bean
    CommonErrorHandler ingestErrorHandler() {
        ExponentialBackOff backOff = new ExponentialBackOff(500, 2);
        backOff.setMaxInterval(30_000);
        // No maximum attempts or elapsed time.
        return new DefaultErrorHandler(backOff);
    }

    /**
     * Ingest acknowledges each poll once it and every poll before it are stored ({@code AckMode.MANUAL}, from the
     * pipeline's thread; the container commits on its own), and the offsets are committed without waiting for the
     * broker. A commit that is lost only brings records back, which the event log's unique ids drop.
     */
    @Bean
    ContainerCustomizer<Object, Object, ConcurrentMessageListenerContainer<Object, Object>> ingestCommits() {
        return container -> {
            container.getContainerProperties().setAckMode(ContainerProperties.AckMode.MANUAL);
            container.getContainerProperties().setSyncCommits(false);
        };
    }
}
