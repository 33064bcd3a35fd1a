package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import com.storageplatform.kit.testsupport.WebhookReceiver;
import java.net.http.HttpResponse;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Compliance's journeys through the gateway on the devstack. An operator that requires an ID check before access:
 * the customer signs the licence document (compliance's {@code contract.signed} signs the agreement in commerce),
 * commerce holds access, the online check passes through the test helper, commerce releases access and compliance
 * issues the gate code, every step a signed webhook; the contact's deprecated {@code kyc_status} follows each
 * outcome of a customer's checks, with its deprecation headers.
 */
class ComplianceJourneysE2E {

    static final List<String> SCOPES = List.of("sites:read", "sites:write", "units:read", "units:write",
            "contacts:read", "contacts:write", "agreements:read", "agreements:write", "compliance:read",
            "compliance:write", "access:read", "access:write", "webhooks:read", "webhooks:write", "events:read");
    static final Duration WAIT = Duration.ofSeconds(60);

    private final DevStack stack = Stack.get();

    /** An operator's test account with a unit and a customer, its ID-check settings as a test sets them. */
    private record Operator(Account account, String unit, String contact) {

        static Operator of(DevStack stack, String name) {
            Account account = Account.create(stack, name, SCOPES);
            String site = account.site("Mill Lane");
            String unit = account.unit(site, account.unitType(site, "35 sq ft", 4500), "M1");
            String contact = account.createdId("/v1/contacts", """
                    {"first_name": "Nia", "last_name": "Evans", "email": "nia@example.com"}
                    """);
            return new Operator(account, unit, contact);
        }

        /** Turns the operator's ID-check settings on (admin API) and waits until commerce's kyc_status shows it. */
        void requireIdChecks(DevStack stack) {
            Http.Response set = Http.patch(stack.gatewayUrl() + "/admin/v1/operators/" + account.operator.id()
                    + "/settings", stack.adminToken(),
                    "{\"online_id_checks_enabled\": true, \"id_check_required_before_access\": true}");
            assertThat(set.status()).as(set.body().toString()).isEqualTo(200);
            assertThat(kycStatusOnce(contact, "pending")).isEqualTo("pending");
        }

        /** The contact's kyc_status once it reads {@code expected}, its deprecation headers checked on each read. */
        String kycStatusOnce(String contactId, String expected) {
            Http.Response read = CommerceEvents.eventually(() -> account.get("/v1/contacts/" + contactId),
                    r -> r.data().path("kyc_status").asString().equals(expected));
            assertThat(read.status()).isEqualTo(200);
            assertThat(read.header("Deprecation")).as("Deprecation header").startsWith("@");
            assertThat(read.header("Sunset")).as("Sunset header").isNotBlank();
            return read.data().path("kyc_status").asString();
        }

        /** A new ID check of the customer, once compliance knows the contact and the operator's settings. */
        JsonNode verification(String contactId) {
            Http.Response made = CommerceEvents.eventually(() -> account.post("/v1/identity-verifications",
                    "{\"contact_id\": \"%s\"}".formatted(contactId)), r -> r.status() == 201);
            assertThat(made.status()).as(made.body().toString()).isEqualTo(201);
            return made.data();
        }

        JsonNode helper(String verification, String action) {
            Http.Response done = account.post("/v1/test-helpers/identity-verifications/" + verification + "/"
                    + action, "{}");
            assertThat(done.status()).as(done.body().toString()).isEqualTo(200);
            return done.data();
        }

        JsonNode agreementOnce(String id, String accessStatus) {
            return CommerceEvents.eventually(() -> account.read("/v1/agreements/" + id),
                    a -> a.path("access_status").asString().equals(accessStatus));
        }
    }

    @Test
    void aHeldAgreementGetsItsGateCodeOnceTheIdCheckPassesWithSignedWebhooks() throws Exception {
        Operator op = Operator.of(stack, "Mill Lane Storage");
        try (WebhookReceiver receiver = new WebhookReceiver()) {
            JsonNode endpoint = op.account.created("/v1/webhooks", """
                    {"url": "%s", "enabled_events": ["agreement.*", "contract.*", "identity_verification.*",
                     "access_credential.*"]}
                    """.formatted(receiver.url()));
            op.requireIdChecks(stack);

            // The licence: an agreement, its document made by compliance, fetched as a PDF and signed.
            String agreement = CommerceEvents.eventually(() -> op.account.post("/v1/agreements",
                    "{\"contact_id\": \"%s\", \"unit_id\": \"%s\"}".formatted(op.contact, op.unit)),
                    r -> r.status() != 422).data().path("id").asString();
            Http.Response made = CommerceEvents.eventually(() -> op.account.post("/v1/contracts",
                    "{\"agreement_id\": \"%s\"}".formatted(agreement)), r -> r.status() != 422);
            assertThat(made.status()).as(made.body().toString()).isEqualTo(201);
            JsonNode contract = made.data();
            String contractId = contract.path("id").asString();
            HttpResponse<byte[]> pdf = Http.getBytes(op.account.url("/v1/contracts/" + contractId + "/document"),
                    op.account.key);
            assertThat(pdf.statusCode()).isEqualTo(200);
            assertThat(pdf.headers().firstValue("Content-Type").orElse("")).startsWith("application/pdf");
            assertThat(new String(pdf.body(), 0, 5, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("%PDF-");
            assertThat(sha256(pdf.body())).isEqualTo(contract.path("document_sha256").asString());
            JsonNode awaiting = op.account.read("/v1/contracts/" + contractId);
            assertThat(awaiting.path("status").asString()).isEqualTo("awaiting_signature");
            Http.Response sign = op.account.post("/v1/contracts/" + contractId + "/sign",
                    "{\"name\": \"Nia Evans\", \"ip_address\": \"203.0.113.7\"}");
            assertThat(sign.status()).as(sign.body().toString()).isEqualTo(200);
            assertThat(sign.data().path("status").asString()).isEqualTo("signed");

            // Commerce signs the agreement from contract.signed and holds access: no check has passed yet.
            JsonNode held = op.agreementOnce(agreement, "access_held");
            assertThat(held.path("access_status").asString()).isEqualTo("access_held");
            assertThat(held.path("signed_at").isNull()).isFalse();
            assertThat(op.account.listed("/v1/access-credentials?agreement_id=" + agreement)).isEmpty();

            // The online check passes (the simulator, through the same handler as a provider's notification).
            JsonNode check = op.verification(op.contact);
            assertThat(check.path("status").asString()).isEqualTo("pending");
            assertThat(check.toString()).doesNotContain("/id-checks/start");
            assertThat(op.helper(check.path("id").asString(), "verify").path("status").asString())
                    .isEqualTo("verified");
            assertThat(op.kycStatusOnce(op.contact, "verified")).isEqualTo("verified");

            // Commerce releases access, and compliance issues the gate code for the agreement.
            assertThat(op.agreementOnce(agreement, "access_released").path("access_status").asString())
                    .isEqualTo("access_released");
            List<String> credentials = CommerceEvents.eventually(
                    () -> op.account.listed("/v1/access-credentials?agreement_id=" + agreement), l -> !l.isEmpty());
            assertThat(credentials).hasSize(1);
            JsonNode credential = op.account.read("/v1/access-credentials/" + credentials.get(0));
            assertThat(credential.path("status").asString()).isEqualTo("active");
            assertThat(credential.path("kind").asString()).isEqualTo("gate_code");
            assertThat(credential.path("contact_id").asString()).isEqualTo(op.contact);
            assertThat(credential.path("code").asString()).isNotBlank();

            List<String> expected = List.of("contract.signed", "agreement.signed", "agreement.access_held",
                    "identity_verification.verified", "agreement.access_released", "access_credential.created");
            List<String> delivered = Webhooks.deliveredTypes(receiver, endpoint.path("secret").asString(), expected,
                    WAIT);
            assertThat(delivered).containsAll(expected);
            // Internal names never leave the platform.
            assertThat(delivered).doesNotContain("agreement.activated", "identity_verification.created",
                    "identity_verification.link_issued", "identity_verification.updated");
        }
    }

    @Test
    void kycStatusFollowsEachOutcomeOfTheCustomersChecks() {
        Operator op = Operator.of(stack, "Check Storage");
        // Before the operator turns checks on: no link is sent, and the detail says why.
        Http.Response refused = CommerceEvents.eventually(() -> op.account.post("/v1/identity-verifications",
                "{\"contact_id\": \"%s\"}".formatted(op.contact)), r -> r.status() != 422);
        assertThat(Account.errorCode(refused, 409)).isEqualTo("conflict");
        assertThat(refused.issues()).containsExactly("id_check_link online_id_checks_disabled");
        assertThat(op.kycStatusOnce(op.contact, "not_required")).isEqualTo("not_required");

        op.requireIdChecks(stack);
        JsonNode first = op.verification(op.contact);
        // The provider cannot confirm the photo ID: the check waits for staff, and kyc_status reads failed.
        assertThat(op.helper(first.path("id").asString(), "requires-input").path("status").asString())
                .isEqualTo("requires_input");
        assertThat(op.kycStatusOnce(op.contact, "failed")).isEqualTo("failed");
        // The customer starts again and abandons it: nothing decided, pending.
        JsonNode second = op.verification(op.contact);
        assertThat(op.helper(second.path("id").asString(), "cancel").path("status").asString())
                .isEqualTo("canceled");
        assertThat(op.kycStatusOnce(op.contact, "pending")).isEqualTo("pending");
        // Staff accept the first check (the same person under another form of name): verified. An integration's
        // key cannot; a member of staff's token can.
        String accept = op.account.url("/v1/identity-verifications/" + first.path("id").asString() + "/accept");
        assertThat(Account.errorCode(Http.post(accept, op.account.key, "{}"), 403)).isEqualTo("insufficient_scope");
        String staff = new Admin(stack).post("/admin/v1/operators/" + op.account.operator.id() + "/staff-tokens",
                Map.of("environment", "test", "scopes", List.of("compliance:read", "compliance:write")))
                .path("token").asString();
        Http.Response accepted = Http.post(accept, staff, "{}");
        assertThat(accepted.status()).as(accepted.body().toString()).isEqualTo(200);
        assertThat(accepted.data().path("status").asString()).isEqualTo("verified");
        assertThat(op.kycStatusOnce(op.contact, "verified")).isEqualTo("verified");
        assertThat(op.account.listed("/v1/identity-verifications?contact_id=" + op.contact))
                .containsExactly(second.path("id").asString(), first.path("id").asString());
    }

    private static String sha256(byte[] bytes) throws NoSuchAlgorithmException {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }
}
