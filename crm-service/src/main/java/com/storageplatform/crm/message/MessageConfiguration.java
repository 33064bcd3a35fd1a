package com.storageplatform.crm.message;

import com.storageplatform.kit.polling.WakeUpSignal;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The sender's settings, and the signal that wakes it when a transaction that queued a message commits. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(SendingSettings.class)
class MessageConfiguration {

    @Bean
    WakeUpSignal messageSignal() {
        return new WakeUpSignal();
    }
}
