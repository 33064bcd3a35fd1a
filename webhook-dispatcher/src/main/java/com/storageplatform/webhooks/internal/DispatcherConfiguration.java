package com.storageplatform.webhooks.internal;

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
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.util.backoff.ExponentialBackOff;

/** The dispatcher's settings turned into the pieces that use them. */
@Configuration(proxyBeanMethods = false)
class DispatcherConfiguration {

    @Bean
    WebhookUrls webhookUrls(WebhookProperties properties) {
        return new WebhookUrls(properties.allowLocalhost());
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
     * bean to the default container factory). A batch that could not be stored (PostgreSQL down, or refusing) is
     * tried again with the same records, 0.5 s, 1 s, 2 s ... then every 30 s, without end, while the consumer stays
     * paused and polling so it keeps its partitions. Spring Kafka's default tries ten times at once and then skips
     * the batch: an outage of a few seconds would lose its events. A record that could never be stored is refused
     * by ingest's parsing instead, so it cannot stall the others.
     */
    @Bean
    CommonErrorHandler ingestErrorHandler() {
        ExponentialBackOff backOff = new ExponentialBackOff(500, 2);
        backOff.setMaxInterval(30_000);
        // No maximum attempts or elapsed time: an outage as long as it lasts.
        return new DefaultErrorHandler(backOff);
    }

    /**
     * The ingest's offsets are committed without waiting for the broker: the consumer thread stores a batch and
     * polls the next with no round trip in between. A commit that is lost only brings records back, which the
     * event log's unique ids drop, so nothing is stored twice.
     */
    @Bean
    ContainerCustomizer<Object, Object, ConcurrentMessageListenerContainer<Object, Object>> asyncIngestCommits() {
        return container -> container.getContainerProperties().setSyncCommits(false);
    }
}
