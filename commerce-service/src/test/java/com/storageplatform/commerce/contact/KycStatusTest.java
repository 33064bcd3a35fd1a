package com.storageplatform.commerce.contact;

import static com.storageplatform.kit.testsupport.ResourceApi.eventually;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.anyCollection;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.clearInvocations;
import static org.mockito.Mockito.verify;

import com.storageplatform.commerce.internal.IdentityChecks;
import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.commerce.support.CommerceTest;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.TestEvents;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.bean.override.mockito.MockitoSpyBean;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The deprecated {@code kyc_status}: derived at read time from the operator's settings (auth's operator events)
 * and compliance's identity-verification events; every successful answer carrying it sends the
 * {@code Deprecation}, {@code Sunset} and {@code Link} headers. {@link IdentityChecks} is the real one, watched
 * (a Mockito spy, every call goes to the database) so a test can count how often the checks are read.
 */
@CommerceTest
class KycStatusTest {

    /** RFC 9745: {@code @} and the Unix seconds of 2026-12-01T00:00:00Z. */
    static final String DEPRECATION = "@1796083200";
    /** RFC 8594: the HTTP-date of 2027-12-01. */
    static final String SUNSET = "Wed, 01 Dec 2027 00:00:00 GMT";
    static final String LINK = "</docs>; rel=\"deprecation\"";

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @MockitoSpyBean
    IdentityChecks checks;

    @Autowired
    DatabaseClient db;

    CommerceApi api;

    @BeforeEach
    void setUp() {
        api = new CommerceApi(client, json, "/v1/contacts");
    }

    /** A fresh account whose operator checks ID ({@code setting}), as auth would publish it. */
    private Caller accountCheckingId(String setting) {
        UUID account = Ids.newId();
        Caller caller = TestCallers.apiCaller(account, CommerceApi.SCOPES);
        TestEvents.publishForOperator("auth.events", "operator.created", account, Map.of("id", Ids.newId().toString(),
                "object", "operator", "timezone", "Europe/London", "default_currency", "GBP",
                "accounts", List.of(Map.of("id", account.toString(), "environment", "test")),
                "settings", Map.of(setting, true),
                "walk_in_contact_ids", Map.of("test", Ids.newId().toString())));
        String probe = api.createId(caller, "{\"first_name\": \"Probe\", \"last_name\": \"P\"}");
        eventually(() -> "pending".equals(kyc(caller, probe)));
        return caller;
    }

    private String kyc(Caller caller, String id) {
        return api.read(caller, id).get("kyc_status").asString();
    }

    private static void check(Caller caller, String contact, String type, String status) {
        TestEvents.publish("compliance.events", type, caller.accountId(), Map.of("id", Ids.newId().toString(),
                "object", "identity_verification", "contact_id", contact, "status", status));
    }

    private static void check(Caller caller, UUID checkId, String contact, String type, String status) {
        TestEvents.publish("compliance.events", type, caller.accountId(), Map.of("id", checkId.toString(),
                "object", "identity_verification", "contact_id", contact, "status", status));
    }

    @Test
    void anOperatorThatDoesNotCheckIdReadsNotRequiredWhateverComplianceSays() {
        Caller caller = CommerceApi.newAccount();
        String id = api.createId(caller, "{\"first_name\": \"Ada\", \"last_name\": \"Lovelace\"}");
        check(caller, id, "identity_verification.verified", "verified");
        String marker = api.createId(caller, "{\"first_name\": \"M\", \"last_name\": \"M\"}");
        check(caller, marker, "identity_verification.requires_input", "requires_input");
        eventually(() -> checks.of(caller.accountId(), UUID.fromString(marker)).block().latest() != null);
        assertThat(checks.of(caller.accountId(), UUID.fromString(id)).block().verified()).isTrue();
        assertThat(kyc(caller, id)).isEqualTo("not_required");
        assertThat(kyc(caller, marker)).isEqualTo("not_required");
    }

    @Test
    void withOnlineChecksACustomerIsPendingUntilACheckPassesAndThenVerified() {
        Caller caller = accountCheckingId("online_id_checks_enabled");
        String id = api.createId(caller, "{\"first_name\": \"Ada\", \"last_name\": \"Lovelace\"}");
        assertThat(kyc(caller, id)).isEqualTo("pending");
        check(caller, id, "identity_verification.verified", "verified");
        eventually(() -> "verified".equals(kyc(caller, id)));
        // A later check waiting for staff does not undo a check that passed.
        check(caller, id, "identity_verification.requires_input", "requires_input");
        String marker = api.createId(caller, "{\"first_name\": \"M\", \"last_name\": \"M\"}");
        check(caller, marker, "identity_verification.requires_input", "requires_input");
        eventually(() -> "failed".equals(kyc(caller, marker)));
        assertThat(kyc(caller, id)).isEqualTo("verified");
    }

    @Test
    void withAnIdCheckBeforeAccessTheLatestCheckWaitingForStaffIsFailedUntilItPasses() {
        Caller caller = accountCheckingId("id_check_required_before_access");
        String id = api.createId(caller, "{\"first_name\": \"Ada\", \"last_name\": \"Lovelace\"}");
        UUID checkId = Ids.newId();
        check(caller, checkId, id, "identity_verification.requires_input", "requires_input");
        eventually(() -> "failed".equals(kyc(caller, id)));
        assertThat(api.listedIds(caller, "")).contains(id);
        assertThat(api.list(caller, "").get("data").values().stream()
                .filter(c -> c.get("id").asString().equals(id)).findFirst().orElseThrow()
                .get("kyc_status").asString()).isEqualTo("failed");
        // Staff accept the same check: compliance publishes verified for it.
        check(caller, checkId, id, "identity_verification.verified", "verified");
        eventually(() -> "verified".equals(kyc(caller, id)));
        // Another customer of the account is untouched by it.
        String other = api.createId(caller, "{\"first_name\": \"Byron\", \"last_name\": \"L\"}");
        assertThat(kyc(caller, other)).isEqualTo("pending");
    }

    @Test
    void aCheckThatEndedWithoutDecisionLeavesTheCustomerPending() {
        Caller caller = accountCheckingId("online_id_checks_enabled");
        String id = api.createId(caller, "{\"first_name\": \"Ada\", \"last_name\": \"Lovelace\"}");
        UUID first = Ids.newId();
        check(caller, first, id, "identity_verification.requires_input", "requires_input");
        eventually(() -> "failed".equals(kyc(caller, id)));
        check(caller, Ids.newId(), id, "identity_verification.cancelled", "cancelled");
        eventually(() -> "pending".equals(kyc(caller, id)));
    }

    @Test
    void aCheckStaffAcceptedWhileAnotherDocumentWaitsIsPendingNoLongerFailed() {
        Caller caller = accountCheckingId("online_id_checks_enabled");
        String id = api.createId(caller, "{\"first_name\": \"Ada\", \"last_name\": \"Lovelace\"}");
        UUID checkId = Ids.newId();
        check(caller, checkId, id, "identity_verification.requires_input", "requires_input");
        eventually(() -> "failed".equals(kyc(caller, id)));
        // compliance publishes any change without an outcome of its own as updated, its status in data.
        check(caller, checkId, id, "identity_verification.updated", "pending");
        eventually(() -> "pending".equals(kyc(caller, id)));
        check(caller, checkId, id, "identity_verification.updated", "requires_input");
        eventually(() -> "failed".equals(kyc(caller, id)));
        // An update whose status commerce cannot read changes nothing (the marker after it shows it was consumed).
        check(caller, checkId, id, "identity_verification.updated", "unheard_of");
        String marker = api.createId(caller, "{\"first_name\": \"M\", \"last_name\": \"M\"}");
        check(caller, marker, "identity_verification.verified", "verified");
        eventually(() -> "verified".equals(kyc(caller, marker)));
        assertThat(storedStatus(caller, checkId)).isEqualTo("requires_input");
        assertThat(kyc(caller, id)).isEqualTo("failed");
    }

    @Test
    void theLatestCheckIsTheOneCreatedLastNotTheOneWhoseOutcomeCameLast() {
        Caller caller = accountCheckingId("online_id_checks_enabled");
        String id = api.createId(caller, "{\"first_name\": \"Ada\", \"last_name\": \"Lovelace\"}");
        UUID older = Ids.newId();
        UUID newer = Ids.newId();
        check(caller, older, id, "identity_verification.created", "pending");
        check(caller, newer, id, "identity_verification.created", "pending");
        // The older check waits for staff after the newer one was started: the newer one is still the latest.
        check(caller, older, id, "identity_verification.requires_input", "requires_input");
        eventually(() -> "requires_input".equals(storedStatus(caller, older)));
        assertThat(kyc(caller, id)).isEqualTo("pending");
        assertThat(checks.of(caller.accountId(), UUID.fromString(id)).block().latest()).isEqualTo("pending");
        check(caller, newer, id, "identity_verification.requires_input", "requires_input");
        eventually(() -> "failed".equals(kyc(caller, id)));
    }

    @Test
    void eachListedContactCarriesItsOwnKycStatusFromOneReadOfTheWholePage() {
        Caller caller = accountCheckingId("online_id_checks_enabled");
        String verified = api.createId(caller, "{\"first_name\": \"V\", \"last_name\": \"V\"}");
        String failed = api.createId(caller, "{\"first_name\": \"F\", \"last_name\": \"F\"}");
        String cancelled = api.createId(caller, "{\"first_name\": \"C\", \"last_name\": \"C\"}");
        String none = api.createId(caller, "{\"first_name\": \"N\", \"last_name\": \"N\"}");
        check(caller, verified, "identity_verification.verified", "verified");
        check(caller, failed, "identity_verification.requires_input", "requires_input");
        check(caller, cancelled, "identity_verification.cancelled", "cancelled");
        List<UUID> ids = Stream.of(verified, failed, cancelled, none).map(UUID::fromString).toList();
        eventually(() -> checks.of(caller.accountId(), ids).block().size() == 3);

        clearInvocations(checks);
        Map<String, String> listed = new HashMap<>();
        api.list(caller, "").get("data").values()
                .forEach(c -> listed.put(c.get("id").asString(), c.get("kyc_status").asString()));
        assertThat(listed).containsEntry(verified, "verified").containsEntry(failed, "failed")
                .containsEntry(cancelled, "pending").containsEntry(none, "pending");
        // The checks were read once for the page, with every listed contact: not once per contact.
        ArgumentCaptor<Collection<UUID>> asked = ArgumentCaptor.captor();
        verify(checks).of(eq(caller.accountId()), asked.capture());
        assertThat(asked.getValue()).containsExactlyInAnyOrderElementsOf(
                listed.keySet().stream().map(UUID::fromString).toList());
        assertThat(checks.of(caller.accountId(), ids).block().keySet())
                .containsExactlyInAnyOrderElementsOf(ids.subList(0, 3));
        // Another account reads none of them.
        assertThat(checks.of(Ids.newId(), ids).block()).isEmpty();
    }

    @Test
    void unarchivingAContactReadsItsChecksOnceAndAnswersAndPublishesItsKycStatus() {
        Caller caller = accountCheckingId("online_id_checks_enabled");
        String id = api.createId(caller, "{\"first_name\": \"Ada\", \"last_name\": \"Lovelace\"}");
        check(caller, id, "identity_verification.verified", "verified");
        eventually(() -> "verified".equals(kyc(caller, id)));
        api.action(caller, id, "archive", "{}").expectStatus().isOk();

        clearInvocations(checks);
        JsonNode active = api.body(api.action(caller, id, "unarchive", "{}").expectStatus().isOk()).get("data");
        assertThat(active.get("status").asString()).isEqualTo("active");
        assertThat(active.get("kyc_status").asString()).isEqualTo("verified");
        verify(checks).of(eq(caller.accountId()), anyCollection());
        assertThat(written(id, "contact.unarchived").get("data")).isEqualTo(active);
    }

    /** The one {@code type} event the requests wrote about {@code subject} (the outbox, committed with them). */
    private JsonNode written(String subject, String type) {
        return json.readTree(db.sql("""
                SELECT payload::text FROM outbox_events
                 WHERE payload::jsonb ->> 'subject' = :subject AND payload::jsonb ->> 'type' = :type
                """)
                .bind("subject", subject).bind("type", type)
                .map(row -> row.get(0, String.class)).one().block());
    }

    private String storedStatus(Caller caller, UUID checkId) {
        return db.sql("SELECT status FROM identity_checks WHERE account_id = :account AND id = :id")
                .bind("account", caller.accountId()).bind("id", checkId)
                .map(row -> row.get(0, String.class)).one().block();
    }

    @Test
    void readListCreateUpdateAndActionsSendTheDeprecationHeaders() {
        Caller caller = CommerceApi.newAccount();
        WebTestClient.ResponseSpec created = api.post(caller, "{\"first_name\": \"Ada\", \"last_name\": \"L\"}");
        String id = deprecated(created.expectStatus().isCreated()).get("data").get("id").asString();
        deprecated(api.get(caller, "/" + id).expectStatus().isOk());
        deprecated(api.get(caller, "").expectStatus().isOk());
        deprecated(api.get(caller, "?status=archived").expectStatus().isOk());
        deprecated(api.patch(caller, id, "{\"phone\": \"01603 1\"}").expectStatus().isOk());
        deprecated(api.action(caller, id, "archive", "{}").expectStatus().isOk());
        deprecated(api.action(caller, id, "unarchive", "{}").expectStatus().isOk());
        // An answer without the field (an error) carries no deprecation headers.
        api.get(caller, "/" + Ids.newId()).expectStatus().isNotFound().expectHeader().doesNotExist("Deprecation")
                .expectHeader().doesNotExist("Sunset");
        api.post(caller, "{}").expectStatus().isEqualTo(422).expectHeader().doesNotExist("Deprecation");
    }

    private JsonNode deprecated(WebTestClient.ResponseSpec response) {
        return api.body(response.expectHeader().valueEquals("Deprecation", DEPRECATION)
                .expectHeader().valueEquals("Sunset", SUNSET)
                .expectHeader().valueEquals("Link", LINK));
    }
}
