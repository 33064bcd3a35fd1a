package com.storageplatform.crm.integration;

import static com.storageplatform.crm.integration.IntegrationFixtures.CLIENT_SECRET;
import static com.storageplatform.crm.integration.IntegrationFixtures.REFRESH_TOKEN;
import static com.storageplatform.crm.integration.IntegrationFixtures.noke;
import static com.storageplatform.crm.integration.IntegrationFixtures.xero;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.events.EventCatalogue;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /v1/integration-connections}: create, read, list, change and delete; the providers of each kind and what
 * each needs; credentials never answered, stored only sealed; one connection in service per kind; tenants, sites
 * and events.
 */
@PlatformTest
class IntegrationConnectionTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    IntegrationFixtures f;

    @BeforeEach
    void setUp() {
        f = new IntegrationFixtures(client, json, db);
    }

    @Test
    void aNewConnectionIsActiveAndShowsItsCredentialsNamesOnly() {
        JsonNode created = f.create(xero(""));

        assertThat(created.get("object").asString()).isEqualTo("integration_connection");
        assertThat(created.get("kind").asString()).isEqualTo("accounting");
        assertThat(created.get("provider").asString()).isEqualTo("xero");
        assertThat(created.get("channel").isNull()).isTrue();
        assertThat(created.get("name").asString()).isEqualTo("Books");
        assertThat(created.get("settings").get("tenant_id").asString()).isEqualTo("tenant-1");
        assertThat(created.get("status").asString()).isEqualTo("active");
        assertThat(created.get("credentials_set").asBoolean()).isTrue();
        assertThat(created.get("credential_keys").values()).extracting(JsonNode::asString)
                .containsExactly("client_id", "client_secret", "refresh_token");
        assertThat(created.get("site_ids").isEmpty()).isTrue();
        assertThat(created.get("last_error").isNull()).isTrue();
        assertThat(created.get("last_used_at").isNull()).isTrue();
        assertThat(created.has("credentials")).isFalse();
        String id = created.get("id").asString();
        assertThat(f.api.read(f.caller, id)).isEqualTo(created);
        assertThat(f.api.listedIds(f.caller, "")).containsExactly(id);
        assertThat(f.accounts.eventTypes(id)).containsExactly("integration_connection.created");
    }

    @Test
    void credentialsAreInNoAnswerOfCreateReadListOrPatch() {
        String created = f.api.body(f.api.post(f.caller, xero("")).expectStatus().isCreated()).toString();
        String id = json.readTree(created).get("data").get("id").asString();
        String read = f.api.body(f.api.get(f.caller, "/" + id).expectStatus().isOk()).toString();
        String list = f.api.list(f.caller, "").toString();
        String patched = f.api.body(f.api.patch(f.caller, id, """
                {"credentials": {"client_id": "client-2", "client_secret": "%s-new", "refresh_token": "%s-new"}}
                """.formatted(CLIENT_SECRET, REFRESH_TOKEN)).expectStatus().isOk()).toString();

        for (String answer : List.of(created, read, list, patched)) {
            assertThat(answer).doesNotContain(CLIENT_SECRET).doesNotContain(REFRESH_TOKEN)
                    .doesNotContain("client-1").doesNotContain("\"credentials\"");
        }
    }

    @Test
    void theRowHoldsTheCredentialsSealedNeverInClear() {
        String id = f.create(xero("")).get("id").asString();

        byte[] sealed = db.sql("SELECT credentials_sealed FROM integration_connections WHERE id = :id")
                .bind("id", UUID.fromString(id)).map(row -> row.get(0, byte[].class)).one().block();
        String row = db.sql("SELECT row_to_json(c)::text FROM integration_connections c WHERE id = :id")
                .bind("id", UUID.fromString(id)).map(r -> r.get(0, String.class)).one().block();

        assertThat(sealed).isNotEmpty();
        String sealedText = new String(sealed, StandardCharsets.ISO_8859_1);
        for (String secret : List.of(CLIENT_SECRET, REFRESH_TOKEN, "client-1")) {
            assertThat(sealedText).doesNotContain(secret);
            assertThat(row).doesNotContain(secret);
        }
    }

    @Test
    void everyBadFieldIsNamedInOne422() {
        assertThat(f.api.issues(f.api.post(f.caller, """
                {"kind": "fax", "name": "  ", "status": "error", "site_ids": ["nope"],
                 "settings": {"password": "hunter2"}}
                """))).containsExactlyInAnyOrder("kind invalid", "provider required", "name required",
                "status not_allowed", "site_ids[0] invalid", "settings.password not_allowed");
        assertThat(f.api.issues(f.api.post(f.caller, xero(", \"status\": \"paused\", \"name\": \""
                + "x".repeat(201) + "\"").replace("\"name\": \"Books\",", ""))))
                .containsExactlyInAnyOrder("status invalid", "name too_long");
        assertThat(f.api.listedIds(f.caller, "")).isEmpty();
    }

    @Test
    void aProviderOutsideItsKindIs422NamingTheKindsProviders() {
        String message = f.api.errorMessage(f.api.post(f.caller, """
                {"kind": "accounting", "provider": "twilio", "name": "Books"}
                """), 422, "validation_error");
        assertThat(message).isEqualTo("provider must be one of xero, quickbooks, sage for kind accounting.");
        assertThat(f.api.errorMessage(f.api.post(f.caller, """
                {"kind": "id_check", "provider": "veriff", "name": "ID"}
                """), 422, "validation_error")).contains("onfido, yoti, stripe_identity");
    }

    @Test
    void eachKindTakesExactlyItsOwnProviders() {
        Map<String, String> valid = Map.ofEntries(
                Map.entry("xero", "accounting|{\"tenant_id\": \"t\"}|" + oauth()),
                Map.entry("quickbooks", "accounting|{\"realm_id\": \"r\"}|" + oauth()),
                Map.entry("sage", "accounting|{\"business_id\": \"b\"}|" + oauth()),
                Map.entry("noke", "access_control|{}|{\"api_key\": \"k\"}"),
                Map.entry("ptisecurity", "access_control|{}|{\"api_key\": \"k\"}"),
                Map.entry("opentech", "access_control|{}|{\"api_key\": \"k\"}"),
                Map.entry("smtp", "messaging|{\"host\": \"smtp.example.org\", \"port\": 587, "
                        + "\"from_address\": \"desk@example.org\"}|{}"),
                Map.entry("twilio", "messaging|{\"from_number\": \"+447700900123\"}|"
                        + "{\"account_sid\": \"AC1\", \"auth_token\": \"t\"}"),
                Map.entry("onfido", "id_check|{\"region\": \"eu\"}|{\"api_token\": \"t\"}"),
                Map.entry("yoti", "id_check|{\"sdk_id\": \"s\"}|{\"private_key\": \"pem\"}"),
                Map.entry("stripe_identity", "id_check|{}|{\"secret_key\": \"sk_test_1\"}"));
        for (Map.Entry<String, String> provider : valid.entrySet()) {
            String[] parts = provider.getValue().split("\\|");
            for (String kind : IntegrationProviders.KINDS) {
                var answer = f.api.post(f.caller, """
                        {"kind": "%s", "provider": "%s", "name": "N", "settings": %s, "credentials": %s,
                         "status": "disabled"}
                        """.formatted(kind, provider.getKey(), parts[1], parts[2]));
                if (kind.equals(parts[0])) {
                    answer.expectStatus().isCreated();
                } else {
                    assertThat(f.api.issues(answer)).as(provider.getKey() + " as " + kind)
                            .containsExactly("provider invalid");
                }
            }
        }
        assertThat(f.api.listedIds(f.caller, "?limit=100")).hasSize(11);
    }

    @Test
    void settingsAndCredentialsAreJudgedAgainstTheProvider() {
        assertThat(f.api.issues(f.api.post(f.caller, """
                {"kind": "messaging", "provider": "smtp", "name": "Mail",
                 "settings": {"port": 70000, "from_address": "desk"},
                 "credentials": {"username": "desk", "api_key": "x"}}
                """))).containsExactlyInAnyOrder("settings.host required", "settings.port invalid",
                "settings.from_address invalid", "credentials.api_key unknown_field", "credentials.password required");
        assertThat(f.api.issues(f.api.post(f.caller, """
                {"kind": "messaging", "provider": "twilio", "name": "Texts", "settings": {"from_number": "07700"},
                 "credentials": {"account_sid": "", "auth_token": "t"}}
                """))).containsExactlyInAnyOrder("settings.from_number invalid", "credentials.account_sid required");
        assertThat(f.api.issues(f.api.post(f.caller, """
                {"kind": "accounting", "provider": "xero", "name": "Books", "credentials": {"client_id": 7}}
                """))).contains("credentials.client_id invalid");
    }

    @Test
    void settingsAreBoundedInKeysAndSize() {
        StringBuilder many = new StringBuilder("{\"tenant_id\": \"t\"");
        for (int i = 0; i < 50; i++) {
            many.append(", \"key_").append(i).append("\": ").append(i);
        }
        assertThat(f.api.issues(f.api.post(f.caller, xero("").replace("{\"tenant_id\": \"tenant-1\"}",
                many + "}")))).containsExactly("settings above_maximum");
        assertThat(f.api.issues(f.api.post(f.caller, xero("").replace("\"tenant-1\"}",
                "\"tenant-1\", \"notes\": \"" + "x".repeat(8200) + "\"}")))).containsExactly("settings too_long");
    }

    @Test
    void oneConnectionInServicePerKindAndMessagingChannel() {
        String books = f.create(xero("")).get("id").asString();

        assertThat(f.api.errorMessage(f.api.post(f.caller, """
                {"kind": "accounting", "provider": "quickbooks", "name": "QB", "settings": {"realm_id": "r"},
                 "credentials": %s}
                """.formatted(oauth())), 409, "conflict"))
                .isEqualTo("Another accounting connection of this account is in service (active or error): disable "
                        + "or delete it first, or send this one with status disabled.");
        String spare = f.create("""
                {"kind": "accounting", "provider": "quickbooks", "name": "QB", "settings": {"realm_id": "r"},
                 "credentials": %s, "status": "disabled"}
                """.formatted(oauth())).get("id").asString();
        assertThat(f.api.errorCode(f.api.patch(f.caller, spare, "{\"status\": \"active\"}"), 409))
                .isEqualTo("conflict");

        f.create("""
                {"kind": "messaging", "provider": "smtp", "name": "Mail",
                 "settings": {"host": "smtp.example.org", "port": 587, "from_address": "desk@example.org"}}
                """);
        f.create("""
                {"kind": "messaging", "provider": "twilio", "name": "Texts",
                 "settings": {"from_number": "+447700900123"}, "credentials": {"account_sid": "AC1", "auth_token": "t"}}
                """);

        f.api.updated(f.caller, books, "{\"status\": \"disabled\"}");
        assertThat(f.api.updated(f.caller, spare, "{\"status\": \"active\"}").get("status").asString())
                .isEqualTo("active");
        assertThat(f.api.read(f.caller, books).get("status").asString()).isEqualTo("disabled");
    }

    @Test
    void theDatabaseItselfRefusesASecondConnectionInService() {
        f.create(xero(""));

        assertThatThrownBy(() -> db.sql("""
                INSERT INTO integration_connections (account_id, id, kind, provider, name, settings,
                       credentials_sealed, credential_keys, site_ids, status, created_at, updated_at)
                VALUES (:account, :id, 'accounting', 'sage', 'Sage', '{}', '\\x00', '{}', '{}', 'error', now(), now())
                """).bind("account", f.caller.accountId()).bind("id", Ids.newId()).then().block())
                .isInstanceOf(DataIntegrityViolationException.class);
    }

    @Test
    void patchChangesOnlyWhatIsSentAndKindAndProviderAreFixed() {
        JsonNode created = f.create(xero(""));
        String id = created.get("id").asString();

        JsonNode renamed = f.api.updated(f.caller, id, "{\"name\": \"  Ledger  \"}");
        assertThat(renamed.get("name").asString()).isEqualTo("Ledger");
        assertThat(renamed.get("settings")).isEqualTo(created.get("settings"));
        assertThat(renamed.get("credential_keys")).isEqualTo(created.get("credential_keys"));

        assertThat(f.api.issues(f.api.patch(f.caller, id, "{\"provider\": \"sage\"}")))
                .containsExactly("provider unknown_field");
        assertThat(f.api.issues(f.api.patch(f.caller, id, "{\"kind\": \"messaging\"}")))
                .containsExactly("kind unknown_field");
        assertThat(f.api.issues(f.api.patch(f.caller, id, """
                {"credentials": null, "settings": null, "status": "error", "name": null}
                """))).containsExactlyInAnyOrder("credentials.client_id required",
                "credentials.client_secret required", "credentials.refresh_token required",
                "settings.tenant_id required", "status not_allowed", "name required");
        assertThat(f.api.read(f.caller, id)).isEqualTo(renamed);

        List<String> before = f.accounts.eventTypes(id);
        assertThat(f.api.updated(f.caller, id, "{\"name\": \"Ledger\", \"status\": \"active\"}")).isEqualTo(renamed);
        assertThat(f.accounts.eventTypes(id)).isEqualTo(before);
    }

    @Test
    void deletingAConnectionForgetsItAndItsCredentials() {
        String id = f.create(xero("")).get("id").asString();

        JsonNode deleted = f.api.body(f.api.delete(f.caller, id).expectStatus().isOk()).get("data");
        assertThat(deleted.get("object").asString()).isEqualTo("integration_connection");
        assertThat(deleted.get("deleted").asBoolean()).isTrue();
        assertThat(f.api.errorCode(f.api.get(f.caller, "/" + id), 404)).isEqualTo("not_found");
        assertThat(db.sql("SELECT count(*) FROM integration_connections WHERE id = :id")
                .bind("id", UUID.fromString(id)).map(row -> row.get(0, Long.class)).one().block()).isZero();
        assertThat(f.accounts.eventTypes(id)).containsExactly("integration_connection.created",
                "integration_connection.deleted");
        f.create(xero(""));
    }

    @Test
    void anotherAccountsConnectionIsNotFound() {
        String id = f.create(xero("")).get("id").asString();
        Caller stranger = TestCallers.apiCaller(IntegrationFixtures.SCOPES);

        assertThat(f.api.errorCode(f.api.get(stranger, "/" + id), 404)).isEqualTo("not_found");
        assertThat(f.api.errorCode(f.api.patch(stranger, id, "{\"name\": \"Mine\"}"), 404)).isEqualTo("not_found");
        assertThat(f.api.errorCode(f.api.delete(stranger, id), 404)).isEqualTo("not_found");
        assertThat(f.api.listedIds(stranger, "")).isEmpty();
        f.api.create(stranger, xero(""));
    }

    @Test
    void aSiteRestrictedCredentialSeesAndNamesOnlyItsOwnSites() {
        UUID otherSite = f.bookings.site(f.caller);
        Caller here = TestCallers.restrictedTo(f.caller, f.site);
        String everySite = f.create(xero("")).get("id").asString();
        String there = f.create(noke("[\"" + otherSite + "\"]", ", \"status\": \"disabled\"")).get("id").asString();

        String mine = f.api.createId(here, noke("[\"" + f.site + "\"]", ""));
        assertThat(f.api.listedIds(here, "")).containsExactlyInAnyOrder(mine, everySite);
        assertThat(f.api.errorCode(f.api.get(here, "/" + there), 403)).isEqualTo("site_forbidden");
        assertThat(f.api.read(here, everySite).get("id").asString()).isEqualTo(everySite);
        assertThat(f.api.errorCode(f.api.patch(here, everySite, "{\"name\": \"x\"}"), 403))
                .isEqualTo("site_forbidden");
        assertThat(f.api.errorCode(f.api.delete(here, there), 403)).isEqualTo("site_forbidden");
        assertThat(f.api.errorCode(f.api.patch(here, mine, "{\"site_ids\": [\"" + otherSite + "\"]}"), 403))
                .isEqualTo("site_forbidden");
        assertThat(f.api.errorCode(f.api.patch(here, mine, "{\"site_ids\": []}"), 403)).isEqualTo("site_forbidden");
        assertThat(f.api.errorCode(f.api.post(here, noke("[\"" + otherSite + "\"]", ", \"status\": \"disabled\"")),
                403)).isEqualTo("site_forbidden");
        assertThat(f.api.errorCode(f.api.post(here, noke("[]", ", \"status\": \"disabled\"")), 403))
                .isEqualTo("site_forbidden");
        assertThat(f.api.listedIds(f.caller, "")).contains(mine, there, everySite);
    }

    @Test
    void aSiteTheAccountDoesNotHaveIsNotFound() {
        assertThat(f.api.issues(f.api.post(f.caller, noke("[\"" + f.site + "\", \"" + Ids.newId() + "\"]", ""))))
                .containsExactly("site_ids[1] not_found");
    }

    @Test
    void theListFiltersByKindProviderAndStatus() {
        String books = f.create(xero("")).get("id").asString();
        String gates = f.create(noke("[]", ", \"status\": \"disabled\"")).get("id").asString();

        assertThat(f.api.listedIds(f.caller, "?kind=accounting")).containsExactly(books);
        assertThat(f.api.listedIds(f.caller, "?provider=noke")).containsExactly(gates);
        assertThat(f.api.listedIds(f.caller, "?status=disabled")).containsExactly(gates);
        assertThat(f.api.listedIds(f.caller, "?status=error")).isEmpty();
        assertThat(f.api.issues(f.api.get(f.caller, "?provider=fax"), 400)).containsExactly("provider invalid");
        assertThat(f.api.issues(f.api.get(f.caller, "?kind=fax"), 400)).containsExactly("kind invalid");
    }

    @Test
    void eventsCarryTheConnectionWithoutCredentialsAndStayInternal() {
        String id = f.create(xero("")).get("id").asString();
        f.api.updated(f.caller, id, """
                {"credentials": {"client_id": "client-1", "client_secret": "%s", "refresh_token": "%s"}}
                """.formatted(CLIENT_SECRET, REFRESH_TOKEN));
        f.api.delete(f.caller, id).expectStatus().isOk();

        List<JsonNode> events = f.accounts.events(id);
        assertThat(events).extracting(e -> e.get("type").asString()).containsExactly(
                "integration_connection.created", "integration_connection.updated", "integration_connection.deleted");
        for (JsonNode event : events) {
            assertThat(event.toString()).doesNotContain(CLIENT_SECRET).doesNotContain(REFRESH_TOKEN)
                    .doesNotContain("client-1");
            assertThat(event.get("data").has("credentials")).isFalse();
            assertThat(event.get("data").get("credential_keys").size()).isEqualTo(3);
            assertThat(EventCatalogue.publicTypeOf(event.get("type").asString())).isEmpty();
        }
    }

    private static String oauth() {
        return "{\"client_id\": \"c\", \"client_secret\": \"s\", \"refresh_token\": \"r\"}";
    }
}
