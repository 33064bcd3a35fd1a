package com.storageplatform.compliance.access.overlock;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.compliance.access.control.AccessReport;
import com.storageplatform.compliance.access.control.AccessReports;
import com.storageplatform.compliance.access.support.AccessApi;
import com.storageplatform.compliance.access.support.AccessFixtures;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.TestEvents;
import com.storageplatform.kit.time.PlatformClock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Billing's overlocks carried out by compliance: {@code overlock.requested} and {@code overlock.release_requested}
 * on {@code billing.events} lock and unlock the unit through the AccessControl port and suspend and reinstate the
 * agreement's credentials, whatever order or repetition the events come in; each lock command's outcome is
 * published once ({@code access_lock.confirmed} or {@code .failed}). The simulated lock system confirms after its
 * delay (a minute here, moved by the admin clock), or at once through the test helpers.
 */
@PlatformTest
class OverlockTest {

    static final String REQUESTED = "overlock.requested";
    static final String RELEASE_REQUESTED = "overlock.release_requested";

    @DynamicPropertySource
    static void slowLocks(DynamicPropertyRegistry registry) {
        registry.add("compliance.access.commands.poll-interval", () -> "200ms");
        registry.add("compliance.access.simulator.lock-confirm-delay", () -> "1m");
    }

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    PlatformClock clock;

    @Autowired
    AccessReports reports;

    AccessFixtures f;
    AccessApi helpers;
    UUID agreement;
    String credential;

    @BeforeEach
    void setUp() {
        f = new AccessFixtures(client, json, db);
        helpers = f.credentials.on("/v1/test-helpers/overlocks");
        JsonNode gateCode = f.signedWithCredential();
        agreement = UUID.fromString(gateCode.get("agreement_id").asString());
        credential = gateCode.get("id").asString();
    }

    @AfterEach
    void clockBack() {
        clock.setOffset(Duration.ZERO);
    }

    @Test
    void aRequestLocksTheUnitAndSuspendsTheAgreementsCredentialsAndTheConfirmationIsPublishedOnce() {
        UUID overlock = Ids.newId();
        f.applied(publish(REQUESTED, overlock));

        assertThat(status(credential)).isEqualTo("suspended overlock");
        assertThat(f.eventTypes(credential)).containsExactly("access_credential.created",
                "access_credential.suspended");
        eventually(() -> f.commands(f.unit).equals(List.of("apply_overlock sent")));
        UUID command = commandIds(overlock).get(0);
        assertThat(db.sql("SELECT reference FROM access_commands WHERE id = :id").bind("id", command)
                .map(row -> row.get(0, String.class)).one().block()).isEqualTo(overlock.toString());

        clock.advance(Duration.ofMinutes(1));
        eventually(() -> f.commands(f.unit).equals(List.of("apply_overlock confirmed")));
        assertThat(f.eventTypes(overlock)).containsExactly("access_lock.confirmed");
        JsonNode data = f.eventData(overlock).get(0);
        assertThat(data.get("overlock_id").asString()).isEqualTo(overlock.toString());
        assertThat(data.get("object").asString()).isEqualTo("access_lock");
        assertThat(data.get("operation").asString()).isEqualTo("apply");
        assertThat(data.get("command_id").asString()).isEqualTo(command.toString());
        assertThat(data.get("site_id").asString()).isEqualTo(f.site.toString());
        assertThat(data.get("unit_id").asString()).isEqualTo(f.unit.toString());
        assertThat(data.get("reason").isNull()).isTrue();
        assertThat(data.get("settled_at").asString()).isNotEmpty();
    }

    @Test
    void theSimulatedLockSystemConfirmsOnlyAfterItsDelay() {
        UUID overlock = Ids.newId();
        f.applied(publish(REQUESTED, overlock));
        eventually(() -> f.commands(f.unit).equals(List.of("apply_overlock sent")));

        clock.advance(Duration.ofSeconds(55));
        pause();
        assertThat(f.commands(f.unit)).as("not before its delay").containsExactly("apply_overlock sent");
        assertThat(f.eventTypes(overlock)).isEmpty();

        clock.advance(Duration.ofSeconds(5));
        eventually(() -> f.commands(f.unit).equals(List.of("apply_overlock confirmed")));
        assertThat(f.eventTypes(overlock)).containsExactly("access_lock.confirmed");
    }

    @Test
    void aRepeatedRequestLocksOnceAndSuspendsOnce() {
        UUID overlock = Ids.newId();
        UUID first = publish(REQUESTED, overlock);
        f.applied(first);
        TestEvents.publish("billing.events", first, REQUESTED, f.caller.accountId(), overlock(overlock));
        f.applied(publish(REQUESTED, overlock));

        assertThat(commandIds(overlock)).hasSize(1);
        assertThat(f.eventTypes(credential)).containsExactly("access_credential.created",
                "access_credential.suspended");
    }

    @Test
    void aReleaseUnlocksTheUnitItWasPutOnAndReinstatesTheCredentialsOnce() {
        UUID overlock = Ids.newId();
        f.applied(publish(REQUESTED, overlock));
        confirm(overlock);

        f.applied(publish(RELEASE_REQUESTED, overlock));
        f.applied(publish(RELEASE_REQUESTED, overlock));
        assertThat(status(credential)).isEqualTo("active null");
        assertThat(f.eventTypes(credential)).containsExactly("access_credential.created",
                "access_credential.suspended", "access_credential.reinstated");
        eventually(() -> f.commands(f.unit).equals(List.of("apply_overlock confirmed", "release_overlock sent")));

        JsonNode released = confirm(overlock);
        assertThat(released.get("operation").asString()).isEqualTo("release");
        assertThat(released.get("status").asString()).isEqualTo("confirmed");
        assertThat(f.commands(f.unit)).containsExactly("apply_overlock confirmed", "release_overlock confirmed");
        assertThat(f.eventTypes(overlock)).containsExactly("access_lock.confirmed", "access_lock.confirmed");
        assertThat(f.eventData(overlock).stream().map(data -> data.get("operation").asString()))
                .containsExactly("apply", "release");
    }

    @Test
    void aReleaseThatOvertakesItsRequestStillLocksThenUnlocksAndLeavesTheCredentialsAlone() {
        UUID overlock = Ids.newId();
        f.applied(publish(RELEASE_REQUESTED, overlock));
        f.applied(publish(REQUESTED, overlock));

        eventually(() -> f.commands(f.unit).equals(List.of("apply_overlock sent", "release_overlock sent")));
        assertThat(commandIds(overlock)).hasSize(2);
        assertThat(status(credential)).isEqualTo("active null");
        assertThat(f.eventTypes(credential)).containsExactly("access_credential.created");

        clock.advance(Duration.ofMinutes(1));
        eventually(() -> f.commands(f.unit).equals(List.of("apply_overlock confirmed", "release_overlock confirmed")));
        assertThat(f.eventData(overlock).stream().map(data -> data.get("operation").asString()))
                .containsExactly("apply", "release");
    }

    @Test
    void eachCommandsOutcomeIsPublishedOnceWhateverReportsFollow() {
        UUID overlock = Ids.newId();
        f.applied(publish(REQUESTED, overlock));
        JsonNode confirmed = confirm(overlock);
        UUID command = UUID.fromString(confirmed.get("command_id").asString());
        // The simulator's own confirmation after the delay, the helper's again, and a late failure change nothing.
        clock.advance(Duration.ofMinutes(2));
        pause();
        AccessReport late = new AccessReport("simulator", "late_" + command, AccessReport.Kind.FAILED,
                f.caller.accountId(), command, null, null, Instant.now(), "Lock A12 is offline.");
        assertThat(reports.receive(late).block()).isTrue();
        assertThat(reports.receive(simulatorConfirmation(command)).block()).as("the helper's, again").isFalse();

        assertThat(helpers.errorMessage(helpers.action(f.caller, overlock.toString(), "refuse", "{}"), 409,
                "conflict")).contains("No lock command of overlock " + overlock + " is waiting for an outcome");
        assertThat(f.commands(f.unit)).containsExactly("apply_overlock confirmed");
        assertThat(f.eventTypes(overlock)).containsExactly("access_lock.confirmed");
    }

    @Test
    void aRefusedApplyIsPublishedFailedWithTheReasonAndLeavesNoOverlockInForce() {
        UUID overlock = Ids.newId();
        f.applied(publish(REQUESTED, overlock));
        eventually(() -> f.commands(f.unit).equals(List.of("apply_overlock sent")));

        JsonNode refused = helpers.body(helpers.action(f.caller, overlock.toString(), "refuse", "{}")
                .expectStatus().isOk()).get("data");
        String reason = "The simulated system could not work the lock of unit " + f.unit + ".";
        assertThat(refused.get("status").asString()).isEqualTo("failed");
        assertThat(refused.get("reason").asString()).isEqualTo(reason);
        assertThat(f.eventTypes(overlock)).containsExactly("access_lock.failed");
        JsonNode data = f.eventData(overlock).get(0);
        assertThat(data.get("operation").asString()).isEqualTo("apply");
        assertThat(data.get("reason").asString()).isEqualTo(reason);

        // The gate code stays suspended (the operator locks by hand), and staff may now reinstate it.
        assertThat(status(credential)).isEqualTo("suspended overlock");
        f.credentials.action(AccessApi.staffOf(f.caller), credential, "reinstate", "{}").expectStatus().isOk();
        clock.advance(Duration.ofMinutes(1));
        pause();
        assertThat(f.eventTypes(overlock)).as("settled once").containsExactly("access_lock.failed");
    }

    @Test
    void aReleaseAskedForAgainAfterAFailedOneIsSentAgain() {
        UUID overlock = Ids.newId();
        f.applied(publish(REQUESTED, overlock));
        confirm(overlock);
        f.applied(publish(RELEASE_REQUESTED, overlock));
        helpers.action(f.caller, overlock.toString(), "refuse", "{}").expectStatus().isOk();
        assertThat(f.eventTypes(overlock)).containsExactly("access_lock.confirmed", "access_lock.failed");

        f.applied(publish(RELEASE_REQUESTED, overlock));
        eventually(() -> f.commands(f.unit).equals(List.of("apply_overlock confirmed", "release_overlock failed",
                "release_overlock sent")));
        confirm(overlock);
        assertThat(f.eventTypes(overlock)).containsExactly("access_lock.confirmed", "access_lock.failed",
                "access_lock.confirmed");
        assertThat(status(credential)).isEqualTo("active null");
    }

    @Test
    void staffCannotReinstateACredentialWhileItsOverlockIsInForce() {
        f.applied(publish(REQUESTED, Ids.newId()));

        assertThat(f.credentials.errorMessage(f.credentials.action(AccessApi.staffOf(f.caller), credential,
                "reinstate", "{}"), 409, "conflict")).contains("reinstated when the overlock is released");
    }

    @Test
    void aCredentialIssuedWhileAnOverlockIsInForceIsSuspendedAndReinstatedOnRelease() {
        UUID overlock = Ids.newId();
        f.applied(publish(REQUESTED, overlock));

        JsonNode fob = f.credentials.create(f.caller, """
                {"agreement_id": "%s", "kind": "fob", "code": "0A1B2C3D"}
                """.formatted(agreement));
        assertThat(fob.get("status").asString()).isEqualTo("suspended");
        assertThat(fob.get("reason").asString()).isEqualTo("overlock");
        assertThat(fob.get("code").isNull()).isTrue();
        assertThat(f.eventTypes(fob.get("id").asString())).containsExactly("access_credential.created",
                "access_credential.suspended");
        f.applied(publish(RELEASE_REQUESTED, overlock));
        assertThat(status(fob.get("id").asString())).isEqualTo("active null");
        assertThat(status(credential)).isEqualTo("active null");
    }

    @Test
    void anOverlockFollowsTheAgreementToAnotherUnitWhileTheLockStaysWhereItWasPut() {
        UUID overlock = Ids.newId();
        f.applied(publish(REQUESTED, overlock));

        UUID otherUnit = f.unit(f.site);
        f.applied(f.publish("agreement.updated", AccessFixtures.agreement(agreement, f.customer, f.site, otherUnit,
                "active", "signed")));
        assertThat(status(credential)).isEqualTo("revoked agreement_changed");
        JsonNode moved = f.credentials.list(f.caller, "?agreement_id=" + agreement + "&status=suspended")
                .get("data").get(0);
        assertThat(moved.get("unit_id").asString()).isEqualTo(otherUnit.toString());
        assertThat(moved.get("reason").asString()).isEqualTo("overlock");
        assertThat(f.eventTypes(moved.get("id").asString())).containsExactly("access_credential.created",
                "access_credential.suspended");

        f.applied(publish(RELEASE_REQUESTED, overlock));
        assertThat(status(moved.get("id").asString())).isEqualTo("active null");
        eventually(() -> f.commands(f.unit).equals(List.of("apply_overlock sent", "release_overlock sent")));
        assertThat(f.commands(otherUnit)).isEmpty();
    }

    @Test
    void aCredentialIssuedOnceTheOverlockIsReleasedIsActive() {
        UUID overlock = Ids.newId();
        f.applied(publish(REQUESTED, overlock));
        f.applied(publish(RELEASE_REQUESTED, overlock));

        JsonNode appKey = f.credentials.create(f.caller, """
                {"agreement_id": "%s", "kind": "app_key"}
                """.formatted(agreement));
        assertThat(appKey.get("status").asString()).isEqualTo("active");
    }

    @Test
    void aLiveAccountsOverlockFailsSayingNoSystemIsConnectedAndIsPublishedFailed() {
        AccessFixtures live = new AccessFixtures(client, json, db, AccessApi.liveOf(AccessApi.newAccount()));
        JsonNode gateCode = live.signedWithCredential();
        UUID overlock = Ids.newId();
        Map<String, Object> data = overlock(overlock, UUID.fromString(gateCode.get("agreement_id").asString()),
                live.site, live.unit);
        // As billing's outbox publishes for a live account: environment live.
        UUID event = Ids.newId();
        Map<String, Object> envelope = new LinkedHashMap<>();
        envelope.put("specversion", "1.0");
        envelope.put("id", event.toString());
        envelope.put("source", "/billing");
        envelope.put("type", REQUESTED);
        envelope.put("time", Instant.now().toString());
        envelope.put("accountid", live.caller.accountId().toString());
        envelope.put("environment", "live");
        envelope.put("actortype", "api");
        envelope.put("data", data);
        TestEvents.publishRaw("billing.events", live.caller.accountId().toString(), json.writeValueAsString(envelope));
        live.applied(event);

        eventually(() -> live.eventTypes(overlock).equals(List.of("access_lock.failed")));
        assertThat(live.eventData(overlock).get(0).get("reason").asString())
                .startsWith("No access-control system is connected for live accounts yet");
    }

    @Test
    void theTestHelpersAnswer404ForAnUnknownOverlockOrALiveCredentialAnd403AtAnotherSite() {
        assertThat(helpers.errorCode(helpers.action(f.caller, Ids.newId().toString(), "confirm", "{}"), 404))
                .isEqualTo("not_found");
        UUID overlock = Ids.newId();
        f.applied(publish(REQUESTED, overlock));

        assertThat(helpers.errorCode(helpers.action(AccessApi.liveOf(f.caller), overlock.toString(), "confirm",
                "{}"), 404)).isEqualTo("not_found");
        Caller elsewhere = TestCallers.restrictedTo(f.caller, Ids.newId());
        assertThat(helpers.errorCode(helpers.action(elsewhere, overlock.toString(), "confirm", "{}"), 403))
                .isEqualTo("site_forbidden");
        assertThat(helpers.issues(helpers.action(f.caller, overlock.toString(), "confirm", "{\"reason\": \"x\"}")))
                .containsExactly("reason unknown_field");
    }

    @Test
    void aSettledOverlockOfAnotherSiteIs403ToARestrictedCredentialNotItsConflict() {
        UUID overlock = Ids.newId();
        f.applied(publish(REQUESTED, overlock));
        helpers.action(f.caller, overlock.toString(), "confirm", "{}").expectStatus().isOk();
        assertThat(helpers.errorCode(helpers.action(f.caller, overlock.toString(), "confirm", "{}"), 409))
                .isEqualTo("conflict");

        Caller elsewhere = TestCallers.restrictedTo(f.caller, Ids.newId());
        assertThat(helpers.errorCode(helpers.action(elsewhere, overlock.toString(), "refuse", "{}"), 403))
                .isEqualTo("site_forbidden");
    }

    private UUID publish(String type, UUID overlock) {
        return TestEvents.publish("billing.events", type, f.caller.accountId(), overlock(overlock));
    }

    private Map<String, Object> overlock(UUID id) {
        return overlock(id, agreement, f.site, f.unit);
    }

    /** The overlock as billing's events carry it. */
    private Map<String, Object> overlock(UUID id, UUID agreementId, UUID site, UUID unit) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("id", id.toString());
        data.put("object", "overlock");
        data.put("agreement_id", agreementId.toString());
        data.put("contact_id", f.customer.toString());
        data.put("site_id", site.toString());
        data.put("unit_id", unit.toString());
        data.put("status", "requested");
        data.put("reason", "Rent overdue");
        return data;
    }

    /** Settles the overlock's waiting lock command through the test helper; answers the access lock. */
    private JsonNode confirm(UUID overlock) {
        JsonNode lock = helpers.body(helpers.action(f.caller, overlock.toString(), "confirm", "{}")
                .expectStatus().isOk()).get("data");
        assertThat(lock.get("status").asString()).isEqualTo("confirmed");
        return lock;
    }

    private AccessReport simulatorConfirmation(UUID command) {
        return new AccessReport("simulator", "confirm_" + command, AccessReport.Kind.CONFIRMED, f.caller.accountId(),
                command, null, null, Instant.now(), null);
    }

    private List<UUID> commandIds(UUID overlock) {
        return db.sql("SELECT id FROM access_commands WHERE reference = :reference ORDER BY seq")
                .bind("reference", overlock.toString()).map(row -> row.get(0, UUID.class)).all().collectList()
                .block();
    }

    /** The credential's {@code status reason}. */
    private String status(String id) {
        JsonNode read = f.credentials.read(f.caller, id);
        return read.get("status").asString() + " " + (read.get("reason").isNull() ? "null"
                : read.get("reason").asString());
    }

    /** Long enough for several turns of the simulator. */
    private static void pause() {
        try {
            Thread.sleep(2500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
