package com.storageplatform.commerce.agreement;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.commerce.internal.AccountSettings;
import com.storageplatform.commerce.internal.IdentityChecks;
import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.commerce.support.CommerceTest;
import com.storageplatform.kit.caller.ActorType;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.TestEvents;
import java.util.ArrayList;
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
 * Access after signing: held while an ID check the operator requires has not passed, released by the check passing
 * or by staff, never released without a hold.
 */
@CommerceTest
class AgreementAccessTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    AccountSettings settings;

    @Autowired
    IdentityChecks identityChecks;

    Fixture f;
    CommerceApi api;

    @BeforeEach
    void setUp() {
        f = new Fixture(client, json, db);
        api = f.api;
    }

    @Test
    void withoutTheOperatorRequiringAnIdCheckSigningGrantsAccess() {
        String id = f.book(f.customer, f.unit).get("id").asString();
        assertThat(f.action(id, "sign", "{}").get("access_status").asString()).isEqualTo("signed");
        assertThat(f.eventTypes(id)).doesNotContain("agreement.access_held");
    }

    @Test
    void signingHoldsAccessWhenTheOperatorRequiresAnIdCheckTheCustomerHasNotPassed() {
        f.requireIdCheckBeforeAccess(settings);
        String id = f.book(f.customer, f.unit).get("id").asString();
        JsonNode signed = f.action(id, "sign", "{}");
        assertThat(signed.get("status").asString()).isEqualTo("pending_move_in");
        assertThat(signed.get("access_status").asString()).isEqualTo("access_held");
        assertThat(api.read(f.caller, id).get("access_status").asString()).isEqualTo("access_held");
        assertThat(f.eventTypes(id)).containsExactly("agreement.created", "agreement.activated",
                "agreement.access_held");
        // The signature's event says access is held, so nobody reads it alone as leave to let the customer in.
        for (JsonNode event : f.events(id).subList(1, 3)) {
            assertThat(event.path("data").path("access_status").asString()).as(event.path("type").asString())
                    .isEqualTo("access_held");
        }
    }

    @Test
    void aCustomerWhoseCheckHasPassedIsNotHeld() {
        f.requireIdCheckBeforeAccess(settings);
        f.verified(f.customer);
        eventually(() -> identityChecks.of(f.caller.accountId(), f.customer).block().verified());
        String id = f.book(f.customer, f.unit).get("id").asString();
        assertThat(f.action(id, "sign", "{}").get("access_status").asString()).isEqualTo("signed");
    }

    @Test
    void theIdCheckPassingReleasesEveryHeldAgreementOfThatCustomerOnce() {
        f.requireIdCheckBeforeAccess(settings);
        String first = f.book(f.customer, f.unit).get("id").asString();
        String second = f.book(f.customer, f.newUnit("A13")).get("id").asString();
        UUID someoneElse = f.people.customer(f.caller);
        String theirs = f.book(someoneElse, f.newUnit("A14")).get("id").asString();
        String unsigned = f.book(f.customer, f.newUnit("A15")).get("id").asString();
        for (String id : new String[] {first, second, theirs}) {
            f.action(id, "sign", "{}");
        }
        UUID event = f.verified(f.customer);
        eventually(() -> "access_released".equals(api.read(f.caller, first).get("access_status").asString())
                && "access_released".equals(api.read(f.caller, second).get("access_status").asString()));
        assertThat(api.read(f.caller, theirs).get("access_status").asString()).isEqualTo("access_held");
        assertThat(api.read(f.caller, unsigned).get("access_status").asString()).isEqualTo("drafted");
        assertThat(f.eventTypes(first)).containsExactly("agreement.created", "agreement.activated",
                "agreement.access_held", "agreement.access_released");
        // A redelivery, and another passed check, release nothing twice.
        TestEvents.publish("compliance.events", event, "identity_verification.verified", f.caller.accountId(),
                Map.of("id", Ids.newId().toString(), "object", "identity_verification",
                        "contact_id", f.customer.toString(), "status", "verified"));
        f.verified(f.customer);
        // Once the other customer's later check has been applied, every earlier event has been too.
        f.verified(someoneElse);
        eventually(() -> "access_released".equals(api.read(f.caller, theirs).get("access_status").asString()));
        assertThat(f.eventTypes(first).stream().filter("agreement.access_released"::equals)).hasSize(1);
    }

    @Test
    void staffCanLetTheCustomerInWhileTheCheckHasNotPassed() {
        f.requireIdCheckBeforeAccess(settings);
        String id = f.book(f.customer, f.unit).get("id").asString();
        f.action(id, "sign", "{}");
        Caller staff = CommerceApi.staffOf(f.caller);
        JsonNode released = api.body(api.action(staff, id, "release-access", "{}").expectStatus().isOk())
                .get("data");
        assertThat(released.get("access_status").asString()).isEqualTo("access_released");
        assertThat(f.eventTypes(id)).endsWith("agreement.access_held", "agreement.access_released");
        // Released once: again is an invalid transition.
        JsonNode again = api.body(api.action(staff, id, "release-access", "{}").expectStatus().isEqualTo(409));
        assertThat(again.path("error").path("details").get(0).path("issue").asString())
                .isEqualTo("invalid_transition");
    }

    @Test
    void anApiKeyCannotReleaseAccess() {
        f.requireIdCheckBeforeAccess(settings);
        String id = f.book(f.customer, f.unit).get("id").asString();
        f.action(id, "sign", "{}");
        JsonNode refused = api.body(api.action(f.caller, id, "release-access", "{}").expectStatus()
                .isEqualTo(403));
        assertThat(refused.path("error").path("code").asString()).isEqualTo("insufficient_scope");
        assertThat(refused.path("error").path("message").asString()).contains("staff").contains("ID check");
        assertThat(api.read(f.caller, id).get("access_status").asString()).isEqualTo("access_held");
    }

    @Test
    void anOAuthClientCannotReleaseAccess() {
        f.requireIdCheckBeforeAccess(settings);
        String id = f.book(f.customer, f.unit).get("id").asString();
        f.action(id, "sign", "{}");
        // An app's access token: an integration (actor api) whose credential is the token, not an API key.
        Caller app = new Caller(f.caller.accountId(), f.caller.operatorId(), f.caller.environment(),
                f.caller.scopes(), null, ActorType.API, Ids.newId().toString(), f.caller.requestId());
        JsonNode refused = api.body(api.action(app, id, "release-access", "{}").expectStatus().isEqualTo(403));
        assertThat(refused.path("error").path("code").asString()).isEqualTo("insufficient_scope");
        assertThat(refused.path("error").path("message").asString()).contains("OAuth client");
        assertThat(api.read(f.caller, id).get("access_status").asString()).isEqualTo("access_held");
        assertThat(f.eventTypes(id)).doesNotContain("agreement.access_released");
    }

    @Test
    void aSignatureRacingThePassingCheckEndsSignedOrReleasedAndIsActivatedOnce() throws Exception {
        f.requireIdCheckBeforeAccess(settings);
        int rounds = 6;
        List<String> agreements = new ArrayList<>();
        List<UUID> customers = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            UUID customer = f.people.customer(f.caller);
            customers.add(customer);
            agreements.add(f.book(customer, f.newUnit("R" + i)).get("id").asString());
        }
        // Both orders of arrival, then the two at once.
        UUID checkFirst = f.verified(customers.get(0));
        eventually(() -> received(checkFirst));
        f.action(agreements.get(0), "sign", "{}");
        f.action(agreements.get(1), "sign", "{}");
        UUID signatureFirst = f.verified(customers.get(1));
        List<UUID> checks = new ArrayList<>(List.of(checkFirst, signatureFirst));
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int i = 2; i < rounds; i++) {
                String id = agreements.get(i);
                UUID customer = customers.get(i);
                CountDownLatch start = new CountDownLatch(1);
                CompletableFuture<Integer> signed = CompletableFuture.supplyAsync(() -> {
                    await(start);
                    return api.action(f.caller, id, "sign", "{}").returnResult(byte[].class).getStatus().value();
                }, pool);
                CompletableFuture<UUID> check = CompletableFuture.supplyAsync(() -> {
                    await(start);
                    return f.verified(customer);
                }, pool);
                start.countDown();
                assertThat(signed.get()).isEqualTo(200);
                checks.add(check.get());
            }
        } finally {
            pool.shutdownNow();
        }
        eventually(() -> checks.stream().allMatch(this::received));
        assertThat(f.eventTypes(agreements.get(0))).containsExactly("agreement.created", "agreement.activated");
        assertThat(f.eventTypes(agreements.get(1))).containsExactly("agreement.created", "agreement.activated",
                "agreement.access_held", "agreement.access_released");
        for (String id : agreements) {
            List<String> events = f.eventTypes(id);
            String access = api.read(f.caller, id).get("access_status").asString();
            // Never held without the release that followed the check: signed and never held, or released.
            if ("signed".equals(access)) {
                assertThat(events).as(id).containsExactly("agreement.created", "agreement.activated");
            } else {
                assertThat(access).as(id).isEqualTo("access_released");
                assertThat(events).as(id).containsExactly("agreement.created", "agreement.activated",
                        "agreement.access_held", "agreement.access_released");
            }
        }
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

    @Test
    void accessIsNeverReleasedWithoutAHoldFirst() {
        Caller staff = CommerceApi.staffOf(f.caller);
        String id = f.book(f.customer, f.unit).get("id").asString();
        JsonNode drafted = api.body(api.action(staff, id, "release-access", "{}").expectStatus().isEqualTo(409));
        assertThat(drafted.path("error").path("details").get(0).path("issue").asString())
                .isEqualTo("invalid_transition");
        f.action(id, "sign", "{}");
        api.action(staff, id, "release-access", "{}").expectStatus().isEqualTo(409);
        assertThat(api.read(f.caller, id).get("access_status").asString()).isEqualTo("signed");
        assertThat(f.eventTypes(id)).doesNotContain("agreement.access_released");
    }

    @Test
    void aTerminatedAgreementsHeldAccessIsNeverReleased() {
        f.requireIdCheckBeforeAccess(settings);
        String ended = f.book(f.customer, f.unit).get("id").asString();
        f.action(ended, "sign", "{}");
        f.action(ended, "terminate", "{}");
        String live = f.book(f.customer, f.newUnit("A13")).get("id").asString();
        f.action(live, "sign", "{}");
        JsonNode refused = api.body(api.action(CommerceApi.staffOf(f.caller), ended, "release-access", "{}")
                .expectStatus().isEqualTo(409));
        assertThat(refused.path("error").path("details").get(0).path("issue").asString())
                .isEqualTo("invalid_transition");
        f.verified(f.customer);
        eventually(() -> "access_released".equals(api.read(f.caller, live).get("access_status").asString()));
        assertThat(api.read(f.caller, ended).get("access_status").asString()).isEqualTo("access_held");
        assertThat(f.eventTypes(ended)).doesNotContain("agreement.access_released");
    }

    @Test
    void whileAccessWaitsForTheCheckTheAgreementCannotPassToAnotherCustomer() {
        f.requireIdCheckBeforeAccess(settings);
        String id = f.book(f.customer, f.unit).get("id").asString();
        f.action(id, "sign", "{}");
        UUID other = f.people.customer(f.caller);
        assertThat(api.errorCode(api.patch(f.caller, id, "{\"contact_id\": \"" + other + "\"}"), 409))
                .isEqualTo("conflict");
        api.action(CommerceApi.staffOf(f.caller), id, "release-access", "{}").expectStatus().isOk();
        assertThat(api.updated(f.caller, id, "{\"contact_id\": \"" + other + "\"}").get("contact_id").asString())
                .isEqualTo(other.toString());
    }
}
