package com.storageplatform.devstack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

class PortsTest {

    @Test
    void defaultPortsAreThoseOfTheConfigurationContract() {
        Ports ports = new Ports(Ports.DEFAULT_BASE);
        Map<String, Integer> byService = new LinkedHashMap<>();
        Services.ALL.forEach(s -> byService.put(s.name(), ports.service(s)));

        assertThat(byService).containsExactly(
                Map.entry("gateway", 8080),
                Map.entry("auth-service", 8081),
                Map.entry("catalogue-service", 8082),
                Map.entry("commerce-service", 8083),
                Map.entry("billing-service", 8084),
                Map.entry("crm-service", 8085),
                Map.entry("compliance-service", 8086),
                Map.entry("webhook-dispatcher", 8087));
        assertThat(ports.gateway()).isEqualTo(8080);
        assertThat(ports.postgres()).isEqualTo(8100);
        assertThat(ports.kafka()).isEqualTo(8110);
        assertThat(ports.kafkaController()).isEqualTo(8111);
        assertThat(ports.management(Services.byName("gateway").orElseThrow())).isEqualTo(8130);
        assertThat(ports.management(Services.byName("webhook-dispatcher").orElseThrow())).isEqualTo(8137);
        assertThat(ports.keycloak()).isEqualTo(8120);
    }

    @Test
    void everyPortMovesWithTheBasePort() {
        Ports ports = new Ports(18080);

        assertThat(ports.service(Services.byName("webhook-dispatcher").orElseThrow())).isEqualTo(18087);
        assertThat(ports.postgres()).isEqualTo(18100);
        assertThat(ports.kafka()).isEqualTo(18110);
        assertThat(ports.kafkaController()).isEqualTo(18111);
        assertThat(ports.keycloak()).isEqualTo(18120);
    }

    @Test
    void aBasePortWhoseHighestPortWouldNotExistIsRefused() {
        assertThat(new Ports(65535 - 57).management(Services.byName("webhook-dispatcher").orElseThrow()))
                .isEqualTo(65535);
        assertThatThrownBy(() -> new Ports(65535 - 56)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("between 1024 and 65478");
        assertThatThrownBy(() -> new Ports(80)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void everyServiceHasItsOwnPortAndNoneCollidesWithTheInfrastructure() {
        Ports ports = new Ports(Ports.DEFAULT_BASE);
        var all = new java.util.HashSet<Integer>();
        Services.ALL.forEach(s -> assertThat(all.add(ports.service(s))).as(s.name()).isTrue());
        Services.ALL.forEach(s -> assertThat(all.add(ports.management(s))).as(s.name() + " management").isTrue());
        assertThat(all).doesNotContain(ports.postgres(), ports.kafka(), ports.kafkaController(), ports.keycloak());
    }
}
