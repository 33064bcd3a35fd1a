package com.storageplatform.gateway.observability;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Every path the gateway proxies is counted under its route's template, never one series per id. */
class GatewayRequestConventionTest {

    @Test
    void proxiedPathsAreCountedUnderTheirRoutesTemplate() {
        assertThat(GatewayRequestConvention.templateOf("/admin/v1/operators/01a2")).isEqualTo("/admin/v1/**");
        assertThat(GatewayRequestConvention.templateOf("/oauth/token")).isEqualTo("/oauth/**");
        assertThat(GatewayRequestConvention.templateOf("/app")).isEqualTo("/app/**");
        assertThat(GatewayRequestConvention.templateOf("/app/credentials/01a2/revoke")).isEqualTo("/app/**");
        assertThat(GatewayRequestConvention.templateOf("/v1/sites/01a2")).isEqualTo("/v1/sites/**");
        assertThat(GatewayRequestConvention.templateOf("/providers/gocardless/notifications"))
                .isEqualTo("/providers/**");
        assertThat(GatewayRequestConvention.templateOf("/message-providers/twilio/notifications"))
                .isEqualTo("/message-providers/**");
        assertThat(GatewayRequestConvention.templateOf("/id-checks/start")).isEqualTo("/id-checks/**");
        assertThat(GatewayRequestConvention.templateOf("/application")).isNull();
        assertThat(GatewayRequestConvention.templateOf("/nowhere")).isNull();
    }
}
