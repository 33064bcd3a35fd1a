package com.storageplatform.compliance.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.compliance.internal.Customers;
import com.storageplatform.compliance.internal.Records;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Signing a contract: who, from where and when, the audit trail, {@code contract.signed}, and what refuses it. */
@PlatformTest
class ContractSignTest {

    static final String SIGNATURE = "{\"name\": \"  Ada Lovelace \", \"ip_address\": \"2001:db8::7\"}";

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Autowired
    Records records;

    @Autowired
    Customers customers;

    ContractFixture f;

    @BeforeEach
    void setUp() {
        f = new ContractFixture(client, json, db, records, customers);
    }

    @Test
    void signingRecordsTheSignerTheirAddressAndTheServicesTimeAndPublishesContractSigned() {
        UUID agreement = f.agreement();
        String id = f.create(agreement).get("id").asString();
        Instant before = Instant.now();
        JsonNode signed = f.contracts.body(f.sign(f.caller, id, SIGNATURE).expectStatus().isOk()).get("data");
        assertThat(signed.get("status").asString()).isEqualTo("signed");
        Instant signedAt = Instant.parse(signed.get("signed_at").asString());
        assertThat(signedAt).isAfterOrEqualTo(before.minusSeconds(5));
        assertThat(signed.get("signer").get("name").asString()).isEqualTo("Ada Lovelace");
        assertThat(signed.get("signer").get("ip_address").asString()).isEqualTo("2001:db8::7");
        assertThat(signed.get("signer").get("signed_at").asString()).isEqualTo(signed.get("signed_at").asString());
        JsonNode entry = signed.get("audit_trail").get(1);
        assertThat(entry.get("event").asString()).isEqualTo("signed");
        assertThat(entry.get("at").asString()).isEqualTo(signed.get("signed_at").asString());
        assertThat(entry.get("ip_address").asString()).isEqualTo("2001:db8::7");
        assertThat(entry.get("actor_type").asString()).isEqualTo("api");
        assertThat(f.contracts.read(f.caller, id)).isEqualTo(signed);
        assertThat(f.eventTypes(id)).containsExactly("contract.signed");
        JsonNode event = f.events(id).get(0);
        assertThat(event.get("accountid").asString()).isEqualTo(f.caller.accountId().toString());
        assertThat(event.get("data").get("agreement_id").asString()).isEqualTo(agreement.toString());
        assertThat(event.get("data").get("status").asString()).isEqualTo("signed");
        assertThat(event.get("data").get("licence_fee_minor").asLong()).isEqualTo(ContractFixture.FEE);
        assertThat(f.contracts.listedIds(f.caller, "?status=signed")).containsExactly(id);
    }

    @Test
    void aContractIsSignedOnce() {
        String id = f.create(f.agreement()).get("id").asString();
        f.signed(id);
        assertThat(f.contracts.errorMessage(f.sign(f.caller, id, SIGNATURE), 409, "conflict"))
                .contains("signed already");
        assertThat(f.eventTypes(id)).containsExactly("contract.signed");
    }

    @Test
    void aSupersededContractCannotBeSigned() {
        UUID agreement = f.agreement();
        String first = f.create(agreement).get("id").asString();
        String second = f.create(agreement).get("id").asString();
        assertThat(f.contracts.errorMessage(f.sign(f.caller, first, SIGNATURE), 409, "conflict")).contains(second);
        assertThat(f.eventTypes(first)).isEmpty();
    }

    @Test
    void theSignerNeedsANameAndAnIpAddressAndTheTimeIsTheServicesOwn() {
        String id = f.create(f.agreement()).get("id").asString();
        assertThat(f.contracts.issues(f.sign(f.caller, id, "{}")))
                .containsExactly("name required", "ip_address required");
        assertThat(f.contracts.issues(f.sign(f.caller, id, "{\"name\": \"Ada\\nLovelace\", \"ip_address\": "
                + "\"256.1.1.1\"}"))).containsExactly("name invalid", "ip_address invalid");
        assertThat(f.contracts.issues(f.sign(f.caller, id, "{\"name\": \"" + "a".repeat(201)
                + "\", \"ip_address\": \"example.com\"}"))).containsExactly("name too_long", "ip_address invalid");
        assertThat(f.contracts.issues(f.sign(f.caller, id, "{\"name\": \"Ada\", \"ip_address\": \"192.0.2.1\", "
                + "\"signed_at\": \"2026-01-01T00:00:00Z\"}"))).containsExactly("signed_at unknown_field");
        assertThat(f.contracts.read(f.caller, id).get("status").asString()).isEqualTo("awaiting_signature");
        assertThat(f.eventTypes(id)).isEmpty();
    }

    @Test
    void anAgreementChangedSinceTheDocumentWasMadeIsNotSignedByIt() {
        UUID agreement = f.agreement();
        String id = f.create(agreement).get("id").asString();
        Map<String, Object> changed = f.terms(agreement, f.customer, f.unit, f.site, "draft");
        changed.put("licence_fee_minor", 5000L);
        f.publishAgreement("agreement.updated", changed);
        String message = f.contracts.errorMessage(f.sign(f.caller, id, SIGNATURE), 409, "conflict");
        assertThat(message).contains("licence_fee_minor").contains("new contract");
        assertThat(f.eventTypes(id)).isEmpty();
        // A contract made now states the new fee and can be signed.
        String renewed = f.create(agreement).get("id").asString();
        assertThat(f.signed(renewed).get("licence_fee_minor").asLong()).isEqualTo(5000);
    }

    @Test
    void aTerminatedAgreementsContractCannotBeSigned() {
        UUID agreement = f.agreement();
        String id = f.create(agreement).get("id").asString();
        f.publishAgreement("agreement.terminated", f.terms(agreement, f.customer, f.unit, f.site, "terminated"));
        assertThat(f.contracts.errorMessage(f.sign(f.caller, id, SIGNATURE), 409, "conflict")).contains("terminated");
        assertThat(f.eventTypes(id)).isEmpty();
    }

    @Test
    void anAgreementSignedThroughTheAgreementsApiIsNotSignedAgainByItsContract() {
        UUID agreement = f.agreement();
        String id = f.create(agreement).get("id").asString();
        f.publishAgreement("agreement.activated", f.terms(agreement, f.customer, f.unit, f.site,
                "pending_move_in"));
        assertThat(f.contracts.errorMessage(f.sign(f.caller, id, SIGNATURE), 409, "conflict"))
                .contains("signed it already");
        assertThat(f.eventTypes(id)).isEmpty();
    }
}
