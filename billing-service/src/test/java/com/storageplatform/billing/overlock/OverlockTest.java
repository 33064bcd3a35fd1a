package com.storageplatform.billing.overlock;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.billing.support.Accounts;
import com.storageplatform.billing.support.BillingApi;
import com.storageplatform.billing.support.Bookings;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.ResourceApi;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.TestEvents;
import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Overlocks by hand ({@code /v1/overlocks}) and the lock system's confirmations as compliance reports them on
 * {@code compliance.events}: {@code overlock.applied} and {@code overlock.released} once each, whatever the order or
 * repetition of the reports.
 */
@PlatformTest
class OverlockTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    BillingApi overlocks;
    Accounts accounts;
    Bookings bookings;
    final Caller caller = BillingApi.newAccount();
    UUID customer;
    UUID site;
    UUID unitType;

    @BeforeEach
    void setUp() {
        overlocks = new BillingApi(client, json, "/v1/overlocks");
        accounts = new Accounts(db, json);
        bookings = new Bookings(db, json);
        accounts.settings(caller, "{}");
        customer = accounts.customer(caller);
        site = bookings.site(caller);
        unitType = bookings.unitType(caller, site, "standard_20");
    }

    UUID agreement(Object... changes) {
        return bookings.agreement(caller, customer, site, unitType, LocalDate.now(), 3100, changes);
    }

    JsonNode overlockOn(UUID agreement) {
        return overlocks.create(caller, """
                {"agreement_id": "%s", "reason": "Arrears agreed with the customer"}
                """.formatted(agreement));
    }

    /** Compliance's report that the lock command {@code command} for the overlock settled. */
    void report(String type, String overlockId, String operation, UUID command, String reason) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("overlock_id", overlockId);
        data.put("object", "access_lock");
        data.put("operation", operation);
        data.put("command_id", command.toString());
        data.put("site_id", site.toString());
        data.put("unit_id", UUID.randomUUID().toString());
        data.put("reason", reason);
        data.put("settled_at", Instant.now().toString());
        TestEvents.publish("compliance.events", type, caller.accountId(), data);
    }

    /**
     * Waits until every report published so far has been applied: the account's reports share a partition and the
     * inbox applies them in order, so once a report published last is applied, all before it are.
     */
    void drain() {
        String marker = overlockOn(agreement()).get("id").asString();
        report("access_lock.confirmed", marker, "apply", Ids.newId(), null);
        ResourceApi.eventually(() -> "applied".equals(status(marker)));
    }

    String status(String id) {
        return overlocks.read(caller, id).get("status").asString();
    }

    List<String> publicEvents(String id) {
        return accounts.eventTypes(id).stream()
                .filter(type -> type.equals("overlock.applied") || type.equals("overlock.released")).toList();
    }

    @Test
    void anOverlockByHandIsRequestedOfTheLockSystemThroughCompliance() {
        UUID agreement = agreement();
        JsonNode overlock = overlockOn(agreement);

        assertThat(overlock.get("status").asString()).isEqualTo("requested");
        assertThat(overlock.get("agreement_id").asString()).isEqualTo(agreement.toString());
        assertThat(overlock.get("contact_id").asString()).isEqualTo(customer.toString());
        assertThat(overlock.get("site_id").asString()).isEqualTo(site.toString());
        assertThat(overlock.get("unit_id").isNull()).isFalse();
        assertThat(overlock.get("case_id").isNull()).isTrue();
        JsonNode event = accounts.events(overlock.get("id").asString()).get(0);
        assertThat(event.get("type").asString()).isEqualTo("overlock.requested");
        assertThat(event.at("/data/unit_id").asString()).isEqualTo(overlock.get("unit_id").asString());
        assertThat(event.at("/data/reason").asString()).isEqualTo("Arrears agreed with the customer");
    }

    @Test
    void anAgreementNeverHasTwoOverlocksInForce() {
        UUID agreement = agreement();
        overlockOn(agreement);

        assertThat(overlocks.errorCode(overlocks.post(caller, """
                {"agreement_id": "%s", "reason": "Again"}
                """.formatted(agreement)), 409)).isEqualTo("conflict");
        assertThat(overlocks.listedIds(caller, "?agreement_id=" + agreement)).hasSize(1);
    }

    @Test
    void anOverlockNeedsAnAgreementOfTheAccountHoldingAUnitAndAReason() {
        assertThat(overlocks.issues(overlocks.post(caller, "{\"agreement_id\": \"" + Ids.newId() + "\","
                + " \"reason\": \"Arrears\"}"))).containsExactly("agreement_id not_found");
        assertThat(overlocks.issues(overlocks.post(caller, "{\"agreement_id\": \"" + agreement() + "\"}")))
                .containsExactly("reason required");
        assertThat(overlocks.errorCode(overlocks.post(caller, """
                {"agreement_id": "%s", "reason": "Arrears"}
                """.formatted(agreement("status", "terminated"))), 409)).isEqualTo("conflict");
    }

    @Test
    void aCredentialRestrictedToOtherSitesCannotLockOrSeeTheUnit() {
        UUID agreement = agreement();
        Caller elsewhere = TestCallers.restrictedTo(caller, Ids.newId());
        assertThat(overlocks.errorCode(overlocks.post(elsewhere, """
                {"agreement_id": "%s", "reason": "Arrears"}
                """.formatted(agreement)), 403)).isEqualTo("site_forbidden");
        String id = overlockOn(agreement).get("id").asString();
        overlocks.get(elsewhere, "/" + id).expectStatus().isNotFound();
        assertThat(overlocks.listedIds(elsewhere, "")).isEmpty();
    }

    @Test
    void aConfirmedApplyPublishesOverlockAppliedOnceHoweverOftenItIsReported() {
        String id = overlockOn(agreement()).get("id").asString();
        UUID command = Ids.newId();

        report("access_lock.confirmed", id, "apply", command, null);
        report("access_lock.confirmed", id, "apply", command, null);
        drain();

        assertThat(publicEvents(id)).containsExactly("overlock.applied");
        assertThat(overlocks.read(caller, id).get("applied_at").isNull()).isFalse();
    }

    @Test
    void aReleaseConfirmedBeforeItsApplyPublishesAppliedThenReleasedOnceTheApplyArrives() {
        String id = overlockOn(agreement()).get("id").asString();
        overlocks.action(caller, id, "release", "{}").expectStatus().isOk();
        assertThat(accounts.eventTypes(id)).containsExactly("overlock.requested", "overlock.release_requested");
        UUID apply = Ids.newId();
        UUID release = Ids.newId();

        report("access_lock.confirmed", id, "release", release, null);
        ResourceApi.eventually(() -> "released".equals(status(id)));
        assertThat(publicEvents(id)).isEmpty();

        report("access_lock.confirmed", id, "apply", apply, null);
        report("access_lock.confirmed", id, "release", release, null);
        report("access_lock.confirmed", id, "apply", apply, null);
        ResourceApi.eventually(() -> publicEvents(id).size() == 2);
        report("access_lock.confirmed", id, "release", Ids.newId(), null);
        drain();

        assertThat(publicEvents(id)).containsExactly("overlock.applied", "overlock.released");
        assertThat(status(id)).isEqualTo("released");
        JsonNode released = overlocks.read(caller, id);
        assertThat(released.get("applied_at").isNull()).isFalse();
        assertThat(released.get("released_at").isNull()).isFalse();
    }

    @Test
    void aFailedApplyReadsFailedAndTheAgreementCanBeLockedAgain() {
        UUID agreement = agreement();
        String id = overlockOn(agreement).get("id").asString();

        report("access_lock.failed", id, "apply", Ids.newId(), "No access system is connected");
        ResourceApi.eventually(() -> "failed".equals(status(id)));

        JsonNode failed = overlocks.read(caller, id);
        assertThat(failed.get("failure_reason").asString()).isEqualTo("No access system is connected");
        assertThat(publicEvents(id)).isEmpty();
        assertThat(overlocks.errorCode(overlocks.action(caller, id, "release", "{}"), 409)).isEqualTo("conflict");
        assertThat(overlockOn(agreement).get("status").asString()).isEqualTo("requested");
    }

    @Test
    void aFailedReleaseLeavesTheOverlockAppliedAndTheOperatorMayAskAgain() {
        String id = overlockOn(agreement()).get("id").asString();
        report("access_lock.confirmed", id, "apply", Ids.newId(), null);
        ResourceApi.eventually(() -> "applied".equals(status(id)));
        overlocks.action(caller, id, "release", "{}").expectStatus().isOk();

        report("access_lock.failed", id, "release", Ids.newId(), "Lock jammed");
        ResourceApi.eventually(() -> "applied".equals(status(id)));
        JsonNode refused = overlocks.read(caller, id);
        assertThat(refused.get("release_failed_at").isNull()).isFalse();
        assertThat(refused.get("release_failure_reason").asString()).isEqualTo("Lock jammed");

        assertThat(overlocks.body(overlocks.action(caller, id, "release", "{}").expectStatus().isOk())
                .at("/data/status").asString()).isEqualTo("release_requested");
        report("access_lock.confirmed", id, "release", Ids.newId(), null);
        ResourceApi.eventually(() -> "released".equals(status(id)));
        assertThat(publicEvents(id)).containsExactly("overlock.applied", "overlock.released");
        assertThat(accounts.eventTypes(id)).containsExactly("overlock.requested", "overlock.applied",
                "overlock.release_requested", "overlock.release_requested", "overlock.released");
    }
}
