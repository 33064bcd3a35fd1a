package com.storageplatform.compliance.access.control;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.compliance.access.support.AccessApi;
import com.storageplatform.compliance.access.support.AccessFixtures;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.time.PlatformClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import tools.jackson.databind.json.JsonMapper;

/**
 * The AccessControl port: every change of a credential, and an overlock on a unit, is a command the sender hands to
 * the account's gate system after the commit, in order per subject; the system's confirmation comes back through
 * the one report handler. Test accounts reach the simulator; live accounts have no system yet.
 */
@PlatformTest
class AccessControlTest {

    @DynamicPropertySource
    static void quickTurns(DynamicPropertyRegistry registry) {
        registry.add("compliance.access.commands.poll-interval", () -> "200ms");
    }

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    CommandSender sender;

    @Autowired
    AccessCommands commands;

    @Autowired
    AccessReports reports;

    @Autowired
    TransactionalOperator tx;

    @Autowired
    PlatformClock clock;

    AccessFixtures f;

    @BeforeEach
    void setUp() {
        f = new AccessFixtures(client, json, db);
    }

    @AfterEach
    void senderRunsNow() {
        sender.start();
        clock.setOffset(Duration.ZERO);
    }

    @Test
    void everyChangeOfACredentialReachesTheSimulatedGateInOrderAndIsConfirmed() {
        sender.stop();
        String id = f.signedWithCredential().get("id").asString();
        f.credentials.action(f.caller, id, "suspend", "{}").expectStatus().isOk();
        f.credentials.action(f.caller, id, "reinstate", "{}").expectStatus().isOk();
        assertThat(f.commands(id)).containsExactly("issue_credential pending", "suspend_credential pending",
                "reinstate_credential pending");

        sender.start();
        eventually(() -> f.commands(id).equals(List.of("issue_credential confirmed", "suspend_credential confirmed",
                "reinstate_credential confirmed")));
        f.credentials.action(f.caller, id, "revoke", "{}").expectStatus().isOk();
        eventually(() -> f.commands(id).get(3).equals("revoke_credential confirmed"));
        List<Instant> sent = db.sql("SELECT sent_at FROM access_commands WHERE subject_id = :id ORDER BY seq")
                .bind("id", UUID.fromString(id)).map(row -> row.get(0, Instant.class)).all().collectList().block();
        assertThat(sent).hasSize(4).doesNotContainNull().isSortedAccordingTo(Instant::compareTo);
        assertThat(db.sql("SELECT DISTINCT provider FROM access_commands WHERE subject_id = :id")
                .bind("id", UUID.fromString(id)).map(row -> row.get(0, String.class)).all().collectList().block())
                .containsExactly("simulator");
    }

    @Test
    void theIssueOfACredentialRevokedBeforeItWasSentIsCancelled() {
        String agreement = f.signedWithCredential().get("agreement_id").asString();
        sender.stop();
        String fob = f.credentials.createId(f.caller, """
                {"agreement_id": "%s", "kind": "fob", "code": "GONE1234"}
                """.formatted(agreement));
        f.credentials.action(f.caller, fob, "revoke", "{\"reason\": \"lost\"}").expectStatus().isOk();

        sender.start();
        eventually(() -> f.commands(fob).equals(List.of("issue_credential cancelled", "revoke_credential confirmed")));
    }

    @Test
    void aLiveAccountsCommandsFailSayingNoSystemIsConnected() {
        AccessFixtures live = new AccessFixtures(client, json, db, AccessApi.liveOf(AccessApi.newAccount()));
        String agreement = live.signedWithCredential().get("agreement_id").asString();
        String appKey = live.credentials.createId(live.caller, """
                {"agreement_id": "%s", "kind": "app_key"}
                """.formatted(agreement));

        eventually(() -> live.commands(appKey).equals(List.of("issue_credential failed")));
        assertThat(db.sql("SELECT last_error FROM access_commands WHERE subject_id = :id")
                .bind("id", UUID.fromString(appKey)).map(row -> row.get(0, String.class)).one().block())
                .startsWith("No access-control system is connected for live accounts yet");
    }

    @Test
    void anOverlockIsAppliedAndReleasedOnAUnitThroughTheSamePort() {
        UUID applied = tx.transactional(commands.applyOverlock(f.caller, f.site, f.unit, "overlock_1")).block();
        eventually(() -> f.commands(f.unit).equals(List.of("apply_overlock confirmed")));
        UUID released = tx.transactional(commands.releaseOverlock(f.caller, f.site, f.unit, "overlock_1")).block();
        eventually(() -> f.commands(f.unit).equals(List.of("apply_overlock confirmed", "release_overlock confirmed")));
        assertThat(applied).isNotEqualTo(released);
        assertThat(db.sql("SELECT reference FROM access_commands WHERE id = :id").bind("id", applied)
                .map(row -> row.get(0, String.class)).one().block()).isEqualTo("overlock_1");
    }

    @Test
    void aReportIsAppliedOnceAndASettledCommandNeverChangesAgain() {
        sender.stop();
        UUID command = tx.transactional(commands.applyOverlock(f.caller, f.site, f.unit, "overlock_2")).block();
        AccessReport failed = new AccessReport("simulator", "failure_" + Ids.newId(), AccessReport.Kind.FAILED,
                f.caller.accountId(), command, null, null, Instant.now(), "Lock A12 is offline.");

        assertThat(reports.receive(failed).block()).isTrue();
        assertThat(reports.receive(failed).block()).as("a repeat").isFalse();
        AccessReport confirmed = new AccessReport("simulator", "late_" + Ids.newId(), AccessReport.Kind.CONFIRMED,
                f.caller.accountId(), command, null, null, Instant.now(), null);
        assertThat(reports.receive(confirmed).block()).isTrue();

        sender.start();
        UUID marker = tx.transactional(commands.releaseOverlock(f.caller, f.site, f.unit, "overlock_2")).block();
        eventually(() -> f.commands(f.unit).equals(List.of("apply_overlock failed", "release_overlock confirmed")));
        assertThat(db.sql("SELECT last_error, attempts FROM access_commands WHERE id = :id").bind("id", command)
                .map(row -> row.get(0, String.class) + " " + row.get(1, Integer.class)).one().block())
                .as("never sent once it failed").isEqualTo("Lock A12 is offline. 0");
        assertThat(marker).isNotNull();
    }

    @Test
    void aCommandTheSystemRefusesFails() {
        UUID command = tx.transactional(commands.applyOverlock(f.caller, f.site, f.unit, "test_refused")).block();
        eventually(() -> f.commands(f.unit).equals(List.of("apply_overlock failed")));
        assertThat(lastError(command)).isEqualTo("The simulated system refused the lock of unit " + f.unit + ".");
    }

    @Test
    void aSystemThatStaysUnavailableIsTriedFiveTimesThenTheCommandFails() {
        UUID command = tx.transactional(commands.applyOverlock(f.caller, f.site, f.unit, "test_unavailable"))
                .block();
        eventually(() -> triedAndSettled(command, 1));
        assertThat(f.commands(f.unit)).containsExactly("apply_overlock pending");
        assertThat(lastError(command)).isEqualTo("The simulated system did not answer.");

        int attempt = 1;
        for (long minutes : new long[] {1, 2, 4, 8}) {
            clock.advance(Duration.ofSeconds(minutes * 60 - 5));
            sleep();
            assertThat(attempts(command)).as("not before its wait").isEqualTo(attempt);
            clock.advance(Duration.ofSeconds(5));
            int next = ++attempt;
            eventually(() -> triedAndSettled(command, next));
        }
        eventually(() -> f.commands(f.unit).equals(List.of("apply_overlock failed")));
        assertThat(lastError(command)).isEqualTo("The system was unavailable at each of 5 attempts; the last said: "
                + "The simulated system did not answer.");
    }

    private int attempts(UUID command) {
        return db.sql("SELECT attempts FROM access_commands WHERE id = :id").bind("id", command)
                .map(row -> row.get(0, Integer.class)).one().block();
    }

    /**
     * Whether the command was sent this many times and the sender has recorded what came of the last (its lease
     * released). {@code attempts} counts a claim, so it moves before the outcome is written: moving the clock in
     * between measures the retry's wait from the moved clock.
     */
    private boolean triedAndSettled(UUID command, int tries) {
        return db.sql("SELECT attempts = :tries AND lease_until IS NULL FROM access_commands WHERE id = :id")
                .bind("id", command).bind("tries", tries).map(row -> row.get(0, Boolean.class)).one().block();
    }

    /** The command's last error; empty when none. */
    private String lastError(UUID command) {
        return db.sql("SELECT coalesce(last_error, '') FROM access_commands WHERE id = :id").bind("id", command)
                .map(row -> row.get(0, String.class)).one().block();
    }

    /** Long enough for several of the sender's turns. */
    private static void sleep() {
        try {
            Thread.sleep(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
