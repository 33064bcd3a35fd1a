package com.storageplatform.crm.message.provider;

import java.time.Clock;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@link MessageProviders}, the one bean of this package: the live adapters of the providers that are set up, the
 * test accounts' carriers, and the report readers. Signatures are checked against real time, never the platform
 * clock that tests move, and the simulator signs with the same.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ProviderSettings.class)
class ProviderConfiguration {

    private static final Logger log = LoggerFactory.getLogger(ProviderConfiguration.class);

    @Bean
    MessageProviders messageProviders(ProviderSettings settings, JsonMapper json, Clock clock) {
        Clock realTime = Clock.systemUTC();
        log.info("Message providers: {}", settings);
        return new MessageProviders(settings,
                settings.smtp().configured() ? new SmtpEmail(settings.smtp()) : null,
                settings.twilio().configured() ? new TwilioSms(settings.twilio()) : null,
                settings.testSmtp().configured() ? new SmtpEmail(settings.testSmtp()) : SimulatedProvider.email(),
                SimulatedProvider.sms(),
                List.of(new SignedReports(json, realTime), new TwilioReports(realTime)),
                new SimulatedReports(json, clock, realTime));
    }
}
