package com.storageplatform.compliance.identity.provider;

import com.storageplatform.kit.resilience.Resilience;
import java.time.Clock;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@link IdCheckProviders}, the one bean of this package: Stripe Identity when it is set up, the simulator, and the
 * notification reader. Signatures are checked against real time, never the platform clock that tests move, and the
 * simulator signs with the same.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(IdCheckSettings.class)
class ProviderConfiguration {

    @Bean
    IdCheckProviders idCheckProviders(IdCheckSettings settings, Resilience resilience, JsonMapper json, Clock clock) {
        Clock realTime = Clock.systemUTC();
        return new IdCheckProviders(settings,
                settings.stripe().configured() ? new StripeIdentity(settings.stripe(), resilience) : null,
                new SimulatedIdChecks(), new StripeIdentityNotifications(json, realTime),
                new SimulatedNotifications(json, clock, realTime));
    }
}
