package com.storageplatform.billing.accounting;

import com.storageplatform.kit.client.ServiceClients;
import com.storageplatform.kit.polling.WakeUpSignal;
import com.storageplatform.kit.resilience.Resilience;
import java.util.Map;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The accounting sync's wiring: the sender's settings and wake-up signal, and the ledgers (Xero live). */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({SyncSettings.class, XeroSettings.class})
class AccountingConfiguration {

    @Bean
    WakeUpSignal accountingSyncSignal() {
        return new WakeUpSignal();
    }

    @Bean
    AccountingLedgers accountingLedgers(ServiceClients clients, XeroSettings xero, Resilience resilience) {
        return new AccountingLedgers(clients, Map.of(XeroLedger.PROVIDER,
                (connection, keeper) -> new XeroLedger(connection, keeper, xero, resilience)));
    }
}
