package com.storageplatform.commerce.imports;

import com.storageplatform.kit.polling.WakeUpSignal;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration
class ImportConfiguration {

    /** Wakes the {@link ImportWorker} when an upload commits. */
    @Bean
    WakeUpSignal importSignal() {
        return new WakeUpSignal();
    }
}
