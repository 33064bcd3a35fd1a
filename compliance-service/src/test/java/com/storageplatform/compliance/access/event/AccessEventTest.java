package com.storageplatform.compliance.access.event;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.compliance.access.control.AccessReport;
import com.storageplatform.compliance.access.control.AccessReports;
import com.storageplatform.compliance.access.support.AccessApi;
import com.storageplatform.compliance.access.support.AccessFixtures;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /v1/access-events}: entries, exits and refusals a gate system reported, recorded only from the port's
 * reports (the test helper's simulated gate among them), read-only, filtered and within the credential's sites.
 */
@PlatformTest
class AccessEventTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    AccessReports reports;

    AccessFixtures f;
    String credential;
    String agreement;
    String gate;

    @BeforeEach
    void setUp() {
        f = new AccessFixtures(client, json, db);
        JsonNode issued = f.signedWithCredential();
        credential = issued.get("id").asString();
        agreement = issued.get("agreement_id").asString();
        gate = f.devices.createId(f.caller, """
                {"site_id": "%s", "kind": "gate", "name": "Main gate", "external_ref": "gate-1"}
                """.formatted(f.site));
    }

    @Test
    void theSimulatedGatesReportIsRecordedAsAnAccessEvent() {
        JsonNode entry = f.helpers.create(f.caller, """
                {"kind": "entry", "device_id": "%s", "credential_id": "%s", "occurred_at": "2026-11-27T08:00:00Z"}
                """.formatted(gate, credential));
        assertThat(entry.get("object").asString()).isEqualTo("access_event");
        assertThat(entry.get("kind").asString()).isEqualTo("entry");
        assertThat(entry.get("site_id").asString()).isEqualTo(f.site.toString());
        assertThat(entry.get("device_id").asString()).isEqualTo(gate);
        assertThat(entry.get("credential_id").asString()).isEqualTo(credential);
        assertThat(entry.get("contact_id").asString()).isEqualTo(f.customer.toString());
        assertThat(entry.get("agreement_id").asString()).isEqualTo(agreement);
        assertThat(entry.get("occurred_at").asString()).isEqualTo("2026-11-27T08:00:00Z");
        assertThat(f.events.read(f.caller, entry.get("id").asString())).isEqualTo(entry);

        // A device without an external_ref is named by its id; a credential alone places the event at its site.
        String door = f.devices.createId(f.caller, """
                {"site_id": "%s", "kind": "door", "name": "Side door"}
                """.formatted(f.site));
        JsonNode exit = f.helpers.create(f.caller, "{\"kind\": \"exit\", \"device_id\": \"" + door + "\"}");
        assertThat(exit.get("device_id").asString()).isEqualTo(door);
        assertThat(exit.get("credential_id").isNull()).isTrue();
        JsonNode denied = f.helpers.create(f.caller, "{\"kind\": \"denied\", \"credential_id\": \"" + credential
                + "\"}");
        assertThat(denied.get("site_id").asString()).isEqualTo(f.site.toString());
        assertThat(denied.get("device_id").isNull()).isTrue();

        f.events.post(f.caller, "{}").expectStatus().isEqualTo(405);
    }

    @Test
    void theListFiltersByEveryFieldAndTheTimeOfTheEvent() {
        String early = f.helpers.createId(f.caller, """
                {"kind": "entry", "device_id": "%s", "credential_id": "%s", "occurred_at": "2026-11-27T08:00:00Z"}
                """.formatted(gate, credential));
        String late = f.helpers.createId(f.caller, """
                {"kind": "exit", "device_id": "%s", "occurred_at": "2026-11-27T18:00:00Z"}
                """.formatted(gate));

        assertThat(f.events.listedIds(f.caller, "")).containsExactly(late, early);
        assertThat(f.events.listedIds(f.caller, "?kind=entry")).containsExactly(early);
        assertThat(f.events.listedIds(f.caller, "?credential_id=" + credential + "&contact_id=" + f.customer
                + "&site_id=" + f.site + "&device_id=" + gate)).containsExactly(early);
        assertThat(f.events.listedIds(f.caller, "?occurred_at[gte]=2026-11-27T12:00:00Z")).containsExactly(late);
        assertThat(f.events.listedIds(f.caller, "?occurred_at[lte]=2026-11-27T08:00:00Z")).containsExactly(early);
        assertThat(f.events.listedIds(f.caller,
                "?occurred_at[gte]=2026-11-27T09:00:00Z&occurred_at[lte]=2026-11-27T17:00:00Z")).isEmpty();
        assertThat(f.events.issues(f.events.get(f.caller, "?occurred_at[gte]=yesterday"), 400))
                .containsExactly("occurred_at[gte] invalid");
        assertThat(f.events.issues(f.events.get(f.caller, "?kind=tailgate"), 400)).containsExactly("kind invalid");
        assertThat(f.events.listedIds(AccessApi.newAccount(), "")).isEmpty();
    }

    @Test
    void theTestHelperJudgesWhatItIsToldAndServesTestAccountsOnly() {
        assertThat(f.helpers.issues(f.helpers.post(f.caller, "{}"))).containsExactly("kind required",
                "device_id required");
        assertThat(f.helpers.issues(f.helpers.post(f.caller, """
                {"kind": "wave", "device_id": "%s", "credential_id": "%s", "occurred_at": "soon"}
                """.formatted(Ids.newId(), Ids.newId())))).containsExactly("kind invalid", "occurred_at invalid",
                "device_id not_found", "credential_id not_found");
        String elsewhere = f.devices.createId(f.caller, """
                {"site_id": "%s", "kind": "gate", "name": "Other gate"}
                """.formatted(f.site()));
        assertThat(f.helpers.issues(f.helpers.post(f.caller, """
                {"kind": "entry", "device_id": "%s", "credential_id": "%s"}
                """.formatted(elsewhere, credential)))).containsExactly("credential_id invalid");
        assertThat(f.helpers.errorCode(f.helpers.post(TestCallers.restrictedTo(f.caller, Ids.newId()), """
                {"kind": "entry", "device_id": "%s"}
                """.formatted(gate)), 403)).isEqualTo("site_forbidden");
        f.helpers.post(AccessApi.liveOf(f.caller), "{\"kind\": \"entry\", \"device_id\": \"" + gate + "\"}")
                .expectStatus().isNotFound();
        assertThat(f.events.listedIds(f.caller, "")).isEmpty();
    }

    @Test
    void aSiteRestrictedCredentialSeesOnlyItsOwnSitesEvents() {
        String id = f.helpers.createId(f.caller, "{\"kind\": \"entry\", \"device_id\": \"" + gate + "\"}");
        Caller elsewhere = TestCallers.restrictedTo(f.caller, Ids.newId());
        assertThat(f.events.listedIds(elsewhere, "")).isEmpty();
        assertThat(f.events.errorCode(f.events.get(elsewhere, "/" + id), 403)).isEqualTo("site_forbidden");
        assertThat(f.events.errorCode(f.events.get(elsewhere, "?site_id=" + f.site), 403))
                .isEqualTo("site_forbidden");
        assertThat(f.events.listedIds(TestCallers.restrictedTo(f.caller, f.site), "")).containsExactly(id);
    }

    @Test
    void aReportIsRecordedOnceAndOneThatNamesNothingOfTheAccountIsPassedOver() {
        AccessReport entry = new AccessReport("noke", "evt-" + Ids.newId(), AccessReport.Kind.ENTRY,
                f.caller.accountId(), null, "gate-1", null, Instant.parse("2026-11-27T07:30:00Z"), null);
        assertThat(reports.receive(entry).block()).isTrue();
        assertThat(reports.receive(entry).block()).isFalse();
        AccessReport stranger = new AccessReport("noke", "evt-" + Ids.newId(), AccessReport.Kind.ENTRY,
                f.caller.accountId(), null, "gate-99", Ids.newId(), Instant.now(), null);
        assertThat(reports.receive(stranger).block()).isTrue();

        JsonNode listed = f.events.list(f.caller, "").get("data");
        assertThat(listed.size()).isEqualTo(1);
        assertThat(listed.get(0).get("device_id").asString()).isEqualTo(gate);
        assertThat(listed.get(0).get("occurred_at").asString()).isEqualTo("2026-11-27T07:30:00Z");
    }
}
