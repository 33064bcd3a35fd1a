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
    void commercesPublicTypesArePublicAndItsInternalOnesStayInternal() {
        for (String type : new String[] {"contact.created", "contact.updated", "contact.unarchived",
                "reservation.created", "reservation.cancelled", "reservation.expired", "order.created",
                "order.completed", "agreement.created", "agreement.access_held", "agreement.access_released",
                "agreement.terminated"}) {
            assertThat(EventCatalogue.publicTypeOf(type)).as(type).contains(type);
        }
        // The signature is published internally as agreement.activated, the thirteenth public type.
        assertThat(EventCatalogue.publicTypeOf("agreement.activated")).contains("agreement.signed");
        assertThat(EventCatalogue.isPublic("agreement.signed")).isTrue();
        assertThat(EventCatalogue.isPublic("agreement.activated")).isFalse();

        for (String type : new String[] {"agreement.updated", "reservation.converted", "order.updated",
                "order.cancelled", "cover.started", "cover.changed", "cover.ended", "quote.created", "quote.updated",
                "quote.accepted", "quote.withdrawn"}) {
            assertThat(EventCatalogue.publicTypeOf(type)).as(type).isEmpty();
            assertThat(EventCatalogue.isPublic(type)).as(type).isFalse();
        }
        assertThat(EventCatalogue.PUBLIC_FAMILIES).doesNotContain("cover", "quote");
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
