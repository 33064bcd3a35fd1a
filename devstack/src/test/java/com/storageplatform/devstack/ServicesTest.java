package com.storageplatform.devstack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

class ServicesTest {

    @Test
    void theTableListsTheServicesInTheOrderOfTheConfigurationContract() {
        assertThat(Services.ALL).extracting(Service::name).containsExactly("gateway", "auth-service",
                "catalogue-service", "commerce-service", "billing-service", "crm-service", "compliance-service",
                "webhook-dispatcher");
        assertThat(Services.ALL).extracting(Service::shortName).containsExactly("gateway", "auth", "catalogue",
                "commerce", "billing", "crm", "compliance", "webhooks");
        assertThat(Services.PROCESS_NAMES).startsWith("postgres", "kafka", "keycloak").hasSize(11);
    }

    @Test
    void aServiceJarIsItsModuleTargetJar() {
        Service catalogue = Services.byName("catalogue-service").orElseThrow();

        assertThat(catalogue.jar(Path.of("/repo")))
                .isEqualTo(Path.of("/repo/catalogue-service/target/catalogue-service.jar"));
    }

    @Test
    void aSelectionTakesNamesOrShortNamesAndKeepsTheTableOrder() {
        assertThat(Services.select(" webhooks, gateway ,auth-service"))
                .extracting(Service::name).containsExactly("gateway", "auth-service", "webhook-dispatcher");
    }

    @Test
    void theInfrastructureInASelectionIsIgnoredBecauseItAlwaysStarts() {
        assertThat(Services.select("postgres,kafka")).isEmpty();
        assertThat(Services.select("postgres,crm")).extracting(Service::name).containsExactly("crm-service");
    }

    @Test
    void anUnknownNameInASelectionIsRefusedWithTheKnownNames() {
        assertThatThrownBy(() -> Services.select("gateway,catalog"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("unknown service 'catalog' (known: postgres, kafka, keycloak, gateway");
    }
}
