package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * CRM's journeys through the gateway on the devstack: crm-service owns {@code /v1/deals} and {@code /v1/pipelines}
 * and learns customers, sites and reservations from commerce's and the catalogue's events, while commerce learns of
 * lost deals from crm's. An enquiry's deal takes the reservation made for it and moves to Reserved; marking it lost
 * cancels the reservation; a reservation cancelled at the desk sends its deal back with a call due today.
 */
class CrmJourneysE2E {

    static final List<String> SCOPES = List.of("sites:read", "sites:write", "units:read", "units:write",
            "contacts:read", "contacts:write", "reservations:read", "reservations:write", "crm:read", "crm:write");

    private final DevStack stack = Stack.get();

    /** A customer enquiring about a unit at a new site of a new operator. */
    private record Enquiry(Account account, String site, String unit, String contact) {

        static Enquiry of(DevStack stack, String operator) {
            Account account = Account.create(stack, operator, SCOPES);
            String site = account.site("Harbour Road");
            String unit = account.unit(site, account.unitType(site, "50 sq ft", 6000), "H1");
            String contact = account.createdId("/v1/contacts", """
                    {"first_name": "Ada", "last_name": "Jones", "email": "ada@example.com"}
                    """);
            return new Enquiry(account, site, unit, contact);
        }

        /** An enquiry deal, once crm has learnt of the customer and the site from their events. */
        JsonNode deal() {
            Http.Response made = CommerceEvents.eventually(() -> account.post("/v1/deals", """
                    {"contact_id": "%s", "site_id": "%s", "channel": "phone"}
                    """.formatted(contact, site)), r -> r.status() != 422);
            assertThat(made.status()).as(made.body().toString()).isEqualTo(201);
            return made.data();
        }

        /** A reservation of the unit made for the deal, once commerce has learnt of the unit. */
        String reservationFor(String dealId) {
            Http.Response made = CommerceEvents.eventually(() -> account.post("/v1/reservations", """
                    {"contact_id": "%s", "unit_id": "%s", "source": "backoffice", "deal_id": "%s"}
                    """.formatted(contact, unit, dealId)), r -> r.status() != 422);
            assertThat(made.status()).as(made.body().toString()).isEqualTo(201);
            return made.data().path("id").asString();
        }

        String stageId(String name) {
            JsonNode pipeline = account.read("/v1/pipelines").get(0);
            for (JsonNode stage : pipeline.path("stages")) {
                if (stage.path("name").asString().equals(name)) {
                    return stage.path("id").asString();
                }
            }
            throw new AssertionError("no stage " + name);
        }

        /** The deal once {@code field} holds {@code value} (crm applies commerce's events a moment later). */
        JsonNode dealOnce(String dealId, String field, String value) {
            return CommerceEvents.eventually(() -> account.read("/v1/deals/" + dealId),
                    deal -> deal.path(field).asString("").equals(value));
        }
    }

    @Test
    void aLostDealCancelsTheReservationMadeForIt() {
        Enquiry e = Enquiry.of(stack, "Harbour Lost");
        String deal = e.deal().path("id").asString();
        String reservation = e.reservationFor(deal);

        JsonNode reserved = e.dealOnce(deal, "reservation_id", reservation);
        assertThat(reserved.path("stage_id").asString()).isEqualTo(e.stageId("Reserved"));
        assertThat(reserved.path("reserved_at").isNull()).isFalse();

        JsonNode lost = e.account.updated("/v1/deals/" + deal, "{\"status\": \"lost\", \"lost_reason\": \"Too far\"}");
        assertThat(lost.path("stage_id").asString()).isEqualTo(e.stageId("Lost"));

        JsonNode cancelled = CommerceEvents.eventually(() -> e.account.read("/v1/reservations/" + reservation),
                r -> r.path("status").asString().equals("cancelled"));
        assertThat(cancelled.path("status").asString()).isEqualTo("cancelled");
        assertThat(cancelled.path("cancellation_reason").asString()).isEqualTo("deal_lost");
        JsonNode after = e.account.read("/v1/deals/" + deal);
        assertThat(after.path("status").asString()).isEqualTo("lost");
        assertThat(after.path("next_follow_up_on").isNull()).isTrue();
    }

    @Test
    void aReservationCancelledAtTheDeskSendsItsDealBackWithACallDueToday() {
        Enquiry e = Enquiry.of(stack, "Harbour Follow-up");
        String deal = e.deal().path("id").asString();
        String reservation = e.reservationFor(deal);
        e.dealOnce(deal, "stage_id", e.stageId("Reserved"));

        Http.Response cancel = e.account.post("/v1/reservations/" + reservation + "/cancel", "{}");
        assertThat(cancel.status()).as(cancel.body().toString()).isEqualTo(200);

        JsonNode back = e.dealOnce(deal, "stage_id", e.stageId("Quoted"));
        assertThat(back.path("status").asString()).isEqualTo("open");
        assertThat(back.path("next_follow_up_on").asString())
                .isEqualTo(LocalDate.now(ZoneId.of("Europe/London")).toString());
    }

    @Test
    void aDealCannotBeDeletedWhileAUnitIsReservedForIt() {
        Enquiry e = Enquiry.of(stack, "Harbour Delete");
        String deal = e.deal().path("id").asString();
        String reservation = e.reservationFor(deal);
        e.dealOnce(deal, "reservation_id", reservation);

        assertThat(Account.errorCode(e.account.delete("/v1/deals/" + deal), 409)).isEqualTo("conflict");
        e.account.post("/v1/reservations/" + reservation + "/cancel", "{}");
        CommerceEvents.eventually(() -> e.account.delete("/v1/deals/" + deal), r -> r.status() == 200);
        assertThat(e.account.get("/v1/deals/" + deal).status()).isEqualTo(404);
    }
}
