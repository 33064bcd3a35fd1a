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
}
