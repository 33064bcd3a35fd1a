package com.storageplatform.compliance.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.compliance.internal.Customers;
import com.storageplatform.compliance.internal.Records;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Making, reading and listing contracts, and the licence document they keep. */
@PlatformTest
class ContractTest {

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
    void aContractIsTheLicenceDocumentOfTheAgreementOnItsTerms() {
        UUID agreement = f.agreement();
        JsonNode contract = f.create(agreement);
        assertThat(contract.get("object").asString()).isEqualTo("contract");
        assertThat(contract.get("status").asString()).isEqualTo("awaiting_signature");
        assertThat(contract.get("agreement_id").asString()).isEqualTo(agreement.toString());
        assertThat(contract.get("contact_id").asString()).isEqualTo(f.customer.toString());
        assertThat(contract.get("site_id").asString()).isEqualTo(f.site.toString());
        assertThat(contract.get("unit_id").asString()).isEqualTo(f.unit.toString());
        assertThat(contract.get("licence_fee_minor").asLong()).isEqualTo(ContractFixture.FEE);
        assertThat(contract.get("currency").asString()).isEqualTo("GBP");
        assertThat(contract.get("move_in_date").asString()).isEqualTo("2026-12-01");
        assertThat(contract.get("template_version").asInt()).isZero();
        assertThat(contract.get("signed_at").isNull()).isTrue();
        assertThat(contract.get("signer").isNull()).isTrue();
        assertThat(contract.get("audit_trail").get(0).get("event").asString()).isEqualTo("created");
        assertThat(contract.get("audit_trail").get(0).get("credential_id").asString())
                .isEqualTo(f.caller.credentialId());
        assertThat(f.contracts.read(f.caller, contract.get("id").asString())).isEqualTo(contract);
        // Making a contract publishes nothing: the spec names contract.signed alone.
        assertThat(f.eventTypes(contract.get("id").asString())).isEmpty();
    }

    @Test
    void theDocumentIsAPdfNamingThePartiesUnitAndFeeOfALicence() {
        String id = f.create(f.agreement()).get("id").asString();
        WebTestClient.ResponseSpec response = f.document(f.caller, id).expectStatus().isOk()
                .expectHeader().contentType(MediaType.APPLICATION_PDF)
                .expectHeader().valueEquals("Content-Disposition", "inline; filename=\"licence-" + id + ".pdf\"");
        byte[] pdf = response.expectBody(byte[].class).returnResult().getResponseBody();
        JsonNode contract = f.contracts.read(f.caller, id);
        assertThat(pdf).startsWith("%PDF-".getBytes());
        assertThat(pdf.length).isEqualTo(contract.get("document_size").asInt());
        assertThat(LicenceDocument.sha256(pdf)).isEqualTo(contract.get("document_sha256").asString());
        String text = ContractFixture.text(pdf);
        assertThat(text).contains("Licensor: the operator of Harbour Road", "Licensee: Ada Lovelace",
                "Unit: A12 at Harbour Road", "1 Harbour Road, Bristol, BS1 4QA, GB", "GBP 45.00 per month",
                "Start date: 1 December 2026", "Contract " + id);
        assertThat(text.toLowerCase()).contains("licence").doesNotContainPattern("\\blease");
        // The document is kept as made: read again, it is the same bytes.
        assertThat(f.pdf(id)).isEqualTo(pdf);
    }

    @Test
    void theAgreementMustBeOneTheAccountHas() {
        assertThat(f.contracts.issues(f.contracts.post(f.caller, "{}"))).containsExactly("agreement_id required");
        assertThat(f.contracts.issues(f.contracts.post(f.caller, "{\"agreement_id\": \"nope\"}")))
                .containsExactly("agreement_id invalid");
        assertThat(f.contracts.issues(f.post(f.caller, Ids.newId()))).containsExactly("agreement_id not_found");
        assertThat(f.contracts.issues(f.contracts.post(f.caller, "{\"agreement_id\": \"" + f.agreement()
                + "\", \"lease\": true}"))).containsExactly("lease unknown_field");
        Caller other = TestCallers.apiCaller(ContractFixture.SCOPES);
        assertThat(f.contracts.issues(f.post(other, f.agreement()))).containsExactly("agreement_id not_found");
    }

    @Test
    void anAgreementWhoseSiteOrCustomerIsNotKnownYetIsNotFoundUntilItsEventArrives() {
        UUID stranger = Ids.newId();
        UUID agreement = f.agreement(stranger, f.unit, f.site, "draft");
        String message = f.contracts.errorMessage(f.post(f.caller, agreement), 422, "validation_error");
        assertThat(message).contains("customer").contains("retry");
    }

    @Test
    void onlyAQuoteOrDraftAgreementHasAContractMade() {
        UUID quote = f.agreement(f.customer, f.unit(f.site, "Q1"), f.site, "quote");
        assertThat(f.create(quote).get("status").asString()).isEqualTo("awaiting_signature");
        UUID signed = f.agreement(f.customer, f.unit(f.site, "S1"), f.site, "pending_move_in");
        assertThat(f.contracts.errorMessage(f.post(f.caller, signed), 409, "conflict")).contains("signed");
        UUID terminated = f.agreement(f.customer, f.unit(f.site, "T1"), f.site, "terminated");
        assertThat(f.contracts.errorMessage(f.post(f.caller, terminated), 409, "conflict")).contains("terminated");
        assertThat(f.contracts.listedIds(f.caller, "?agreement_id=" + signed)).isEmpty();
    }

    @Test
    void aNewContractSupersedesTheAgreementsUnsignedOne() {
        UUID agreement = f.agreement();
        String first = f.create(agreement).get("id").asString();
        String second = f.create(agreement).get("id").asString();
        JsonNode superseded = f.contracts.read(f.caller, first);
        assertThat(superseded.get("status").asString()).isEqualTo("superseded");
        assertThat(superseded.get("superseded_by").asString()).isEqualTo(second);
        assertThat(superseded.get("audit_trail").values()).extracting(e -> e.get("event").asString())
                .containsExactly("created", "superseded");
        assertThat(f.contracts.read(f.caller, second).get("status").asString()).isEqualTo("awaiting_signature");
        assertThat(f.contracts.listedIds(f.caller, "?agreement_id=" + agreement + "&status=awaiting_signature"))
                .containsExactly(second);
    }

    @Test
    void aSignedLicenceHasNoNewContract() {
        UUID agreement = f.agreement();
        String signed = f.create(agreement).get("id").asString();
        f.signed(signed);
        assertThat(f.contracts.errorMessage(f.post(f.caller, agreement), 409, "conflict")).contains(signed);
        assertThat(f.contracts.listedIds(f.caller, "?agreement_id=" + agreement)).containsExactly(signed);
    }

    @Test
    void twoContractsMadeAtOnceForOneAgreementLeaveOneAwaitingSignature() throws Exception {
        UUID agreement = f.agreement();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Integer> statuses = new ArrayList<>();
        try {
            for (int round = 0; round < 3; round++) {
                CountDownLatch start = new CountDownLatch(1);
                List<CompletableFuture<Integer>> made = new ArrayList<>();
                for (int i = 0; i < 2; i++) {
                    made.add(CompletableFuture.supplyAsync(() -> {
                        try {
                            start.await();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        return f.post(f.caller, agreement).returnResult(byte[].class).getStatus().value();
                    }, pool));
                }
                start.countDown();
                for (CompletableFuture<Integer> status : made) {
                    statuses.add(status.get());
                }
            }
        } finally {
            pool.shutdownNow();
        }
        // The second of two at once either supersedes the first or gives way with a 503 to retry; never a 500.
        assertThat(statuses).allMatch(status -> status == 201 || status == 503).contains(201);
        assertThat(f.contracts.listedIds(f.caller, "?agreement_id=" + agreement + "&status=awaiting_signature"))
                .hasSize(1);
    }

    @Test
    void aNameTheDocumentsFontCannotShowIsRefusedNotDropped() {
        UUID customer = f.customer("Ada", "\u4E2D\u6587");
        UUID agreement = f.agreement(customer, f.unit, f.site, "draft");
        assertThat(f.contracts.errorMessage(f.post(f.caller, agreement), 409, "conflict")).contains("U+4E2D");
        assertThat(f.contracts.listedIds(f.caller, "?agreement_id=" + agreement)).isEmpty();
    }

    @Test
    void listsAreNewestFirstAndFilteredByAgreementCustomerSiteAndStatus() {
        UUID first = f.agreement();
        UUID otherCustomer = f.customer("Charles", "Babbage");
        UUID second = f.agreement(otherCustomer, f.unit(f.site, "B7"), f.site, "draft");
        String a = f.create(first).get("id").asString();
        String b = f.create(second).get("id").asString();
        assertThat(f.contracts.listedIds(f.caller, "")).containsExactly(b, a);
        assertThat(f.contracts.listedIds(f.caller, "?agreement_id=" + first)).containsExactly(a);
        assertThat(f.contracts.listedIds(f.caller, "?contact_id=" + otherCustomer)).containsExactly(b);
        assertThat(f.contracts.listedIds(f.caller, "?site_id=" + f.site)).containsExactly(b, a);
        assertThat(f.contracts.listedIds(f.caller, "?status=signed")).isEmpty();
        assertThat(f.contracts.issues(f.contracts.get(f.caller, "?status=draft"), 400))
                .containsExactly("status invalid");
        assertThat(f.contracts.issues(f.contracts.get(f.caller, "?agreement_id=x"), 400))
                .containsExactly("agreement_id invalid");
    }

    @Test
    void anotherAccountsContractIsNotFound() {
        String id = f.create(f.agreement()).get("id").asString();
        Caller other = TestCallers.apiCaller(ContractFixture.SCOPES);
        assertThat(f.contracts.errorCode(f.contracts.get(other, "/" + id), 404)).isEqualTo("not_found");
        assertThat(f.contracts.errorCode(f.document(other, id), 404)).isEqualTo("not_found");
        assertThat(f.contracts.errorCode(f.sign(other, id, "{\"name\": \"Ada\", \"ip_address\": \"192.0.2.1\"}"),
                404)).isEqualTo("not_found");
        assertThat(f.contracts.listedIds(other, "")).isEmpty();
        assertThat(f.contracts.errorCode(f.contracts.get(f.caller, "/not-an-id"), 404)).isEqualTo("not_found");
    }

    @Test
    void aSiteRestrictedCredentialNeverSeesAnotherSitesContract() {
        UUID elsewhere = f.site("Quayside");
        UUID theirs = f.agreement(f.customer, f.unit(elsewhere, "Q9"), elsewhere, "draft");
        String theirContract = f.create(theirs).get("id").asString();
        String ours = f.create(f.agreement()).get("id").asString();
        Caller restricted = TestCallers.restrictedTo(f.caller, f.site);
        assertThat(f.contracts.errorCode(f.post(restricted, f.agreement(f.customer, f.unit(elsewhere, "Q10"),
                elsewhere, "draft")), 403)).isEqualTo("site_forbidden");
        assertThat(f.contracts.errorCode(f.contracts.get(restricted, "/" + theirContract), 403))
                .isEqualTo("site_forbidden");
        assertThat(f.contracts.errorCode(f.document(restricted, theirContract), 403)).isEqualTo("site_forbidden");
        assertThat(f.contracts.errorCode(f.sign(restricted, theirContract,
                "{\"name\": \"Ada\", \"ip_address\": \"192.0.2.1\"}"), 403)).isEqualTo("site_forbidden");
        assertThat(f.contracts.errorCode(f.contracts.get(restricted, "?site_id=" + elsewhere), 403))
                .isEqualTo("site_forbidden");
        assertThat(f.contracts.listedIds(restricted, "")).containsExactly(ours);
        assertThat(f.contracts.read(f.caller, theirContract).get("status").asString())
                .isEqualTo("awaiting_signature");
    }
}
