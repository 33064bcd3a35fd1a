package com.storageplatform.billing.provider;

import com.storageplatform.kit.resilience.Resilience;
import java.time.Clock;
import java.util.List;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@link Providers}, the one bean of this package: the live adapters of the providers that are set up, the
 * simulators, and the notification readers. Signatures are checked against real time, never the platform clock
 * that tests move, and the simulator signs with the same.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ProviderSettings.class)
class ProviderConfiguration {

    @Bean
    Providers providers(ProviderSettings settings, Resilience resilience, JsonMapper json, Clock clock) {
        Clock realTime = Clock.systemUTC();
        return new Providers(settings,
                settings.stripe().configured() ? new StripeCardGateway(settings.stripe(), resilience) : null,
                settings.gocardless().configured() ? new GoCardlessDirectDebit(settings.gocardless(), resilience) : null,
                new SimulatedCardGateway(settings.simulator().baseUrl(), clock),
                new SimulatedDirectDebit(clock),
                List.of(new StripeNotifications(json, realTime), new GoCardlessNotifications()),
                new SimulatedNotifications(json, clock, realTime));
    }
}
