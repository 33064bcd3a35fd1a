package com.storageplatform.commerce.agreement;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.commerce.internal.AccountSettings;
import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.commerce.support.CommerceTest;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.TestEvents;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * compliance's {@code contract.signed} signs the agreement through the same path as the agreements API's
 * {@code sign}: one {@code agreement.activated} whichever comes first, and nothing from a repeated or late event.
 */
@CommerceTest
class ContractSignedTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    AccountSettings settings;

    Fixture f;
    CommerceApi api;

    @BeforeEach
    void setUp() {
        f = new Fixture(client, json, db);
        api = f.api;
    }

    @Test
    void aSignedContractSignsItsAgreementOnceHoweverOftenItArrives() {
        JsonNode agreement = f.book(f.customer, f.unit);
        String id = agreement.get("id").asString();
        UUID contract = Ids.newId();
        UUID event = contractSigned(contract, agreement);
        eventually(() -> "pending_move_in".equals(api.read(f.caller, id).get("status").asString()));
        JsonNode signed = api.read(f.caller, id);
        assertThat(signed.get("signed_at").isNull()).isFalse();
        assertThat(signed.get("access_status").asString()).isEqualTo("signed");
        // Delivered again, and sent again under another event id: nothing more happens.
        TestEvents.publish("compliance.events", event, "contract.signed", f.caller.accountId(),
                data(contract, agreement));
        UUID again = contractSigned(contract, agreement);
        eventually(() -> received(again));
        assertThat(f.eventTypes(id)).containsExactly("agreement.created", "agreement.activated");
        assertThat(api.read(f.caller, id).get("signed_at")).isEqualTo(signed.get("signed_at"));
    }

    @Test
    void anAgreementSignedThroughTheApiFirstIsLeftAsItIsByItsContract() {
        JsonNode agreement = f.book(f.customer, f.unit);
        String id = agreement.get("id").asString();
        JsonNode signed = f.action(id, "sign", "{}");
        UUID late = contractSigned(Ids.newId(), agreement);
        eventually(() -> received(late));
        assertThat(f.eventTypes(id)).containsExactly("agreement.created", "agreement.activated");
        assertThat(api.read(f.caller, id).get("signed_at")).isEqualTo(signed.get("signed_at"));
    }

    @Test
    void theApiSigningAfterTheContractIsRefusedAsAnySecondSignature() {
        JsonNode agreement = f.book(f.customer, f.unit);
        String id = agreement.get("id").asString();
        contractSigned(Ids.newId(), agreement);
        eventually(() -> "pending_move_in".equals(api.read(f.caller, id).get("status").asString()));
        assertThat(api.errorCode(api.action(f.caller, id, "sign", "{}"), 409)).isEqualTo("conflict");
        assertThat(f.eventTypes(id)).containsExactly("agreement.created", "agreement.activated");
    }

    @Test
    void theApiAndTheContractSigningAtOnceActivateTheAgreementOnce() throws Exception {
        int rounds = 5;
        List<String> ids = new ArrayList<>();
        List<UUID> events = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int i = 0; i < rounds; i++) {
                JsonNode agreement = f.book(f.customer, f.newUnit("R" + i));
                String id = agreement.get("id").asString();
                ids.add(id);
                CountDownLatch start = new CountDownLatch(1);
                CompletableFuture<Integer> byApi = CompletableFuture.supplyAsync(() -> {
                    await(start);
                    return api.action(f.caller, id, "sign", "{}").returnResult(byte[].class).getStatus().value();
                }, pool);
                CompletableFuture<UUID> byContract = CompletableFuture.supplyAsync(() -> {
                    await(start);
                    return contractSigned(Ids.newId(), agreement);
                }, pool);
                start.countDown();
                assertThat(byApi.get()).isIn(200, 409);
                events.add(byContract.get());
            }
        } finally {
            pool.shutdownNow();
        }
        eventually(() -> events.stream().allMatch(this::received));
        for (String id : ids) {
            assertThat(api.read(f.caller, id).get("status").asString()).as(id).isEqualTo("pending_move_in");
            assertThat(f.eventTypes(id)).as(id).containsExactly("agreement.created", "agreement.activated");
        }
    }

    @Test
    void aContractWhoseTermsTheAgreementNoLongerHasSignsNothing() {
        JsonNode agreement = f.book(f.customer, f.unit);
        String id = agreement.get("id").asString();
        Map<String, Object> otherFee = data(Ids.newId(), agreement);
        otherFee.put("licence_fee_minor", agreement.get("licence_fee_minor").asLong() + 100);
        Map<String, Object> otherCustomer = data(Ids.newId(), agreement);
        otherCustomer.put("contact_id", f.people.customer(f.caller).toString());
        TestEvents.publish("compliance.events", "contract.signed", f.caller.accountId(), otherFee);
        UUID last = TestEvents.publish("compliance.events", "contract.signed", f.caller.accountId(), otherCustomer);
        eventually(() -> received(last));
        assertThat(api.read(f.caller, id).get("status").asString()).isEqualTo("draft");
        assertThat(f.eventTypes(id)).containsExactly("agreement.created");
    }

    @Test
    void aTerminatedAgreementIsNotSignedByALateContract() {
        JsonNode agreement = f.book(f.customer, f.unit);
        String id = agreement.get("id").asString();
        f.action(id, "terminate", "{}");
        UUID late = contractSigned(Ids.newId(), agreement);
        eventually(() -> received(late));
        assertThat(api.read(f.caller, id).get("status").asString()).isEqualTo("terminated");
        assertThat(f.eventTypes(id)).doesNotContain("agreement.activated");
    }

    @Test
    void signingByContractHoldsAccessAsSigningThroughTheApiDoes() {
        f.requireIdCheckBeforeAccess(settings);
        JsonNode agreement = f.book(f.customer, f.unit);
        String id = agreement.get("id").asString();
        contractSigned(Ids.newId(), agreement);
        eventually(() -> "access_held".equals(api.read(f.caller, id).get("access_status").asString()));
        assertThat(f.eventTypes(id)).containsExactly("agreement.created", "agreement.activated",
                "agreement.access_held");
    }

    /** compliance publishes the signed contract of {@code agreement}, stating its terms; answers the event id. */
    private UUID contractSigned(UUID contract, JsonNode agreement) {
        return TestEvents.publish("compliance.events", "contract.signed", f.caller.accountId(),
                data(contract, agreement));
    }

    /** The contract as compliance's {@code contract.signed} carries it (docs/api/compliance.md). */
    private static Map<String, Object> data(UUID contract, JsonNode agreement) {
        Map<String, Object> data = new HashMap<>();
        data.put("id", contract.toString());
        data.put("object", "contract");
        data.put("agreement_id", agreement.get("id").asString());
        data.put("contact_id", agreement.get("contact_id").asString());
        data.put("site_id", agreement.get("site_id").asString());
        data.put("unit_id", agreement.get("unit_id").asString());
        data.put("status", "signed");
        data.put("licence_fee_minor", agreement.get("licence_fee_minor").asLong());
        data.put("currency", agreement.get("currency").asString());
        data.put("move_in_date", agreement.get("move_in_date").asString());
        data.put("signer", Map.of("name", "Ada Lovelace", "ip_address", "203.0.113.7"));
        return data;
    }

    private boolean received(UUID eventId) {
        return db.sql("SELECT count(*) FROM inbox_events WHERE event_id = :id").bind("id", eventId)
                .map(row -> row.get(0, Long.class)).one().block() > 0;
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
