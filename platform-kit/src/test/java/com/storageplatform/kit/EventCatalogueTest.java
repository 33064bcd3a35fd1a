package com.storageplatform.kit;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.events.EventCatalogue;
import org.junit.jupiter.api.Test;

class EventCatalogueTest {

    @Test
    void internalNamesAreRenamedToTheirPublicOnes() {
        assertThat(EventCatalogue.publicTypeOf("invoice.issued")).contains("invoice.finalized");
        assertThat(EventCatalogue.publicTypeOf("agreement.activated")).contains("agreement.signed");
        assertThat(EventCatalogue.publicTypeOf("credit_note.issued")).contains("credit_note.created");
        assertThat(EventCatalogue.publicTypeOf("identity_verification.cancelled"))
                .contains("identity_verification.canceled");
        assertThat(EventCatalogue.publicTypeOf("refund.recorded")).contains("payment.refunded");
    }

    @Test
    void publicTypesPassAndTheRestStayInternal() {
        assertThat(EventCatalogue.publicTypeOf("payment.succeeded")).contains("payment.succeeded");
        assertThat(EventCatalogue.publicTypeOf("webhook_endpoint.disabled")).contains("webhook_endpoint.disabled");
        assertThat(EventCatalogue.publicTypeOf("site.created")).isEmpty();
        assertThat(EventCatalogue.publicTypeOf("operator.settings_updated")).isEmpty();
    }

    @Test
    void neverPublishedFamiliesStayInternal() {
        for (String type : new String[] {"refund.created", "deposit.paid", "payout.sent", "sale_process.started",
                "lien.registered"}) {
            assertThat(EventCatalogue.publicTypeOf(type)).as(type).isEmpty();
        }
    }

    @Test
    void theCatalogueHasTheSpecsFamilies() {
        assertThat(EventCatalogue.PUBLIC_TYPES).hasSize(59);
        assertThat(EventCatalogue.PUBLIC_FAMILIES).contains("payment", "invoice", "webhook_endpoint", "identity_verification")
                .doesNotContain("refund", "site");
    }
}
