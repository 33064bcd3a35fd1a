package com.storageplatform.compliance.access.device;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.compliance.access.support.AccessApi;
import com.storageplatform.compliance.access.support.AccessFixtures;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code /v1/hardware-devices}: the gates, doors and locks of each site, within the credential's sites. */
@PlatformTest
class HardwareDeviceTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    AccessFixtures f;
    AccessApi devices;

    @BeforeEach
    void setUp() {
        f = new AccessFixtures(client, json, db);
        devices = f.devices;
    }

    @Test
    void aDeviceIsCreatedReadChangedListedAndDeleted() {
        JsonNode gate = devices.create(f.caller, """
                {"site_id": "%s", "kind": "gate", "name": "  Main gate ", "external_ref": " pti-gate-1 "}
                """.formatted(f.site));
        String id = gate.get("id").asString();
        assertThat(gate.get("object").asString()).isEqualTo("hardware_device");
        assertThat(gate.get("name").asString()).isEqualTo("Main gate");
        assertThat(gate.get("external_ref").asString()).isEqualTo("pti-gate-1");
        assertThat(gate.get("status").asString()).isEqualTo("active");
        assertThat(gate.get("unit_id").isNull()).isTrue();
        assertThat(devices.read(f.caller, id)).isEqualTo(gate);

        JsonNode changed = devices.updated(f.caller, id, """
                {"name": null, "status": "inactive", "external_ref": null, "unit_id": "%s"}
                """.formatted(f.unit));
        assertThat(changed.get("name").asString()).isEqualTo("Main gate");
        assertThat(changed.get("status").asString()).isEqualTo("inactive");
        assertThat(changed.get("external_ref").isNull()).isTrue();
        assertThat(changed.get("unit_id").asString()).isEqualTo(f.unit.toString());
        assertThat(devices.updated(f.caller, id, "{}")).isEqualTo(changed);

        String lock = devices.createId(f.caller, """
                {"site_id": "%s", "unit_id": "%s", "kind": "lock", "name": "A12 lock", "status": "active"}
                """.formatted(f.site, f.unit));
        assertThat(devices.listedIds(f.caller, "")).containsExactly(lock, id);
        assertThat(devices.listedIds(f.caller, "?kind=lock")).containsExactly(lock);
        assertThat(devices.listedIds(f.caller, "?status=inactive&site_id=" + f.site)).containsExactly(id);
        assertThat(devices.issues(devices.get(f.caller, "?kind=turnstile"), 400)).containsExactly("kind invalid");

        JsonNode deleted = devices.body(devices.delete(f.caller, id).expectStatus().isOk()).get("data");
        assertThat(deleted.get("deleted").asBoolean()).isTrue();
        devices.get(f.caller, "/" + id).expectStatus().isNotFound();
        devices.get(AccessApi.newAccount(), "/" + lock).expectStatus().isNotFound();
    }

    @Test
    void everyBadFieldIsNamedInOneAnswer() {
        assertThat(devices.issues(devices.post(f.caller, "{}")))
                .containsExactly("site_id required", "kind required", "name required");
        assertThat(devices.issues(devices.post(f.caller, """
                {"site_id": "%s", "kind": "turnstile", "name": "%s", "status": "broken", "external_ref": "a\\u0007"}
                """.formatted(f.site, "x".repeat(101))))).containsExactlyInAnyOrder("kind invalid", "status invalid",
                "name too_long", "external_ref invalid");
        assertThat(devices.issues(devices.post(f.caller, """
                {"site_id": "%s", "kind": "gate", "name": "Gate", "unit_id": "%s"}
                """.formatted(Ids.newId(), Ids.newId())))).containsExactly("site_id not_found", "unit_id not_found");
        UUID otherSite = f.site();
        assertThat(devices.issues(devices.post(f.caller, """
                {"site_id": "%s", "kind": "door", "name": "Door", "unit_id": "%s"}
                """.formatted(otherSite, f.unit)))).containsExactly("unit_id invalid");
        String id = devices.createId(f.caller, """
                {"site_id": "%s", "kind": "gate", "name": "Gate"}
                """.formatted(f.site));
        assertThat(devices.issues(devices.patch(f.caller, id, "{\"site_id\": \"" + otherSite + "\"}")))
                .containsExactly("site_id unknown_field");
        assertThat(devices.issues(devices.patch(f.caller, id, "{\"name\": \" \", \"status\": \"gone\"}")))
                .containsExactly("name required", "status invalid");
        assertThat(devices.listedIds(f.caller, "")).containsExactly(id);
    }

    @Test
    void anExternalRefIsOneDevicesWithinTheAccount() {
        String first = devices.createId(f.caller, """
                {"site_id": "%s", "kind": "gate", "name": "Gate", "external_ref": "noke-7"}
                """.formatted(f.site));
        String taken = """
                {"site_id": "%s", "kind": "door", "name": "Door", "external_ref": "noke-7"}
                """.formatted(f.site);
        assertThat(devices.errorMessage(devices.post(f.caller, taken), 409, "conflict")).contains("noke-7");
        String second = devices.createId(f.caller, """
                {"site_id": "%s", "kind": "door", "name": "Door"}
                """.formatted(f.site));
        assertThat(devices.errorCode(devices.patch(f.caller, second, "{\"external_ref\": \"noke-7\"}"), 409))
                .isEqualTo("conflict");
        assertThat(devices.updated(f.caller, first, "{\"external_ref\": \"noke-7\"}").get("external_ref")
                .asString()).isEqualTo("noke-7");
        AccessFixtures other = new AccessFixtures(client, json, db);
        assertThat(devices.create(other.caller, taken.replace(f.site.toString(), other.site.toString()))
                .get("external_ref").asString()).as("another account's devices are its own").isEqualTo("noke-7");
    }

    @Test
    void aSiteRestrictedCredentialWorksOnlyWithItsOwnSitesDevices() {
        String here = devices.createId(f.caller, """
                {"site_id": "%s", "kind": "gate", "name": "Gate"}
                """.formatted(f.site));
        Caller elsewhere = TestCallers.restrictedTo(f.caller, Ids.newId());
        assertThat(devices.listedIds(elsewhere, "")).isEmpty();
        assertThat(devices.errorCode(devices.get(elsewhere, "/" + here), 403)).isEqualTo("site_forbidden");
        assertThat(devices.errorCode(devices.get(elsewhere, "?site_id=" + f.site), 403)).isEqualTo("site_forbidden");
        assertThat(devices.errorCode(devices.patch(elsewhere, here, "{\"name\": \"Mine\"}"), 403))
                .isEqualTo("site_forbidden");
        assertThat(devices.errorCode(devices.delete(elsewhere, here), 403)).isEqualTo("site_forbidden");
        assertThat(devices.errorCode(devices.post(elsewhere, """
                {"site_id": "%s", "kind": "gate", "name": "Gate"}
                """.formatted(f.site)), 403)).isEqualTo("site_forbidden");
        assertThat(devices.listedIds(TestCallers.restrictedTo(f.caller, f.site), "")).containsExactly(here);
    }
}
