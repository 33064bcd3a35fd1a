package com.storageplatform.commerce.imports;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.commerce.support.CommerceTest;
import com.storageplatform.kit.caller.Caller;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Importing contacts: the messy file's problem report, all or nothing, idempotency, the dry run and its run. */
@CommerceTest
class ContactImportTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    Imports imports;
    CommerceApi contacts;
    final Caller caller = CommerceApi.newAccount();

    @BeforeEach
    void setUp() {
        imports = new Imports(client, json);
        contacts = new CommerceApi(client, json, "/v1/contacts");
    }

    /** The types of the events written (the outbox, committed with the change) about {@code id}, oldest first. */
    List<String> written(String id) {
        return db.sql("""
                SELECT payload::jsonb ->> 'type' AS type FROM outbox_events
                 WHERE payload::jsonb ->> 'subject' = :id ORDER BY seq
                """)
                .bind("id", id).map(row -> row.get("type", String.class)).all().collectList().block();
    }

    long contactsOf(Caller account) {
        return db.sql("SELECT count(*) AS n FROM contacts WHERE account_id = :a AND system_role IS NULL")
                .bind("a", account.accountId()).map(row -> row.get("n", Long.class)).one().block();
    }

    @Test
    void theMessySampleIsReportedRowByRowWithTheFilesOwnHeaders() {
        byte[] file = Imports.sample("contacts-messy.csv");

        JsonNode dry = imports.imported(caller, "contacts", true, file);

        assertThat(dry.get("status").asString()).isEqualTo("completed");
        assertThat(dry.get("dry_run").asBoolean()).isTrue();
        assertThat(dry.get("rows_total").asInt()).isEqualTo(5);
        assertThat(dry.get("rows_done").asInt()).isEqualTo(5);
        assertThat(dry.get("rows_with_problems").asInt()).isEqualTo(2);
        assertThat(dry.get("problems_count").asInt()).isEqualTo(5);
        assertThat(dry.get("unknown_columns").values()).extracting(JsonNode::asString)
                .containsExactly("Legacy ID", "Notes");
        assertThat(dry.get("failure_code").isNull()).isTrue();
        assertThat(imports.problems(caller, dry.get("id").asString())).containsExactly(
                "6 First Name required",
                "6 E-mail Address invalid",
                "7 Telephone invalid",
                "7 Country invalid",
                "7 Opt In invalid");
        JsonNode first = imports.api.list(caller, "/" + dry.get("id").asString() + "/problems?limit=1")
                .get("data").get(0);
        assertThat(first.propertyNames()).containsExactly("object", "row", "column", "issue", "message");
        assertThat(first.get("message").asString()).isEqualTo("first_name is required.");
        assertThat(contactsOf(caller)).isZero();
    }

    @Test
    void aRealRunWithAnyProblemWritesNothingAndFails() {
        JsonNode real = imports.imported(caller, "contacts", false, Imports.sample("contacts-messy.csv"));

        assertThat(real.get("status").asString()).isEqualTo("failed");
        assertThat(real.get("failure_code").asString()).isEqualTo("rows_invalid");
        assertThat(real.get("failure_message").asString()).contains("5 problem(s)");
        assertThat(imports.problems(caller, real.get("id").asString())).hasSize(5);
        assertThat(contactsOf(caller)).isZero();
        assertThat(written(real.get("id").asString())).containsExactly("import.failed");
    }

    @Test
    void aCleanFileImportsEveryContactWithItsEventsAndTheImportCompletes() {
        Caller account = CommerceApi.newAccount();
        JsonNode real = imports.imported(account, "contacts", false, Imports.sample("contacts.csv"));

        assertThat(real.get("status").asString()).isEqualTo("completed");
        assertThat(real.get("rows_total").asInt()).isEqualTo(3);
        assertThat(real.get("started_at").isNull()).isFalse();
        assertThat(real.get("completed_at").isNull()).isFalse();
        JsonNode ada = contacts.list(account, "?email=ada@example.com").get("data").get(0);
        assertThat(ada.get("company_name").asString()).isEqualTo("Analytical Engines, Ltd");
        assertThat(ada.get("address").get("city").asString()).isEqualTo("London");
        assertThat(ada.get("marketing_status").asString()).isEqualTo("yes");
        assertThat(ada.get("marketing_consent_wording").asString()).isEqualTo("Yes, email me offers.");
        assertThat(contactsOf(account)).isEqualTo(3);
        assertThat(written(ada.get("id").asString())).containsExactly("contact.created");
        assertThat(written(real.get("id").asString())).containsExactly("import.completed");
    }

    @Test
    void theSameFileImportedForRealAgainAnswersTheFirstImportAndWritesNothing() throws Exception {
        Caller account = CommerceApi.newAccount();
        byte[] file = Imports.sample("contacts.csv");
        JsonNode first = imports.imported(account, "contacts", false, file);

        JsonNode again = imports.api.body(imports.upload(account, "?type=contacts&dry_run=false", file)
                .expectStatus().isOk()).get("data");

        assertThat(again.get("id").asString()).isEqualTo(first.get("id").asString());
        assertThat(again.get("checksum_sha256").asString()).isEqualTo(HexFormat.of()
                .formatHex(MessageDigest.getInstance("SHA-256").digest(file)));
        assertThat(again.get("size_bytes").asLong()).isEqualTo(file.length);
        assertThat(contactsOf(account)).isEqualTo(3);
        assertThat(imports.api.list(account, "?dry_run=false").get("data").size()).isEqualTo(1);
        long chunks = db.sql("SELECT count(*) AS n FROM import_chunks WHERE account_id = :a")
                .bind("a", account.accountId()).map(row -> row.get("n", Long.class)).one().block();
        assertThat(chunks).as("the second upload's chunks are not kept").isEqualTo(1);
    }

    @Test
    void aDryRunWritesNothingAndRunRunsItsFileForRealOnce() {
        Caller account = CommerceApi.newAccount();
        JsonNode dry = imports.imported(account, "contacts", true, Imports.sample("contacts.csv"));
        assertThat(dry.get("status").asString()).isEqualTo("completed");
        assertThat(contactsOf(account)).isZero();

        JsonNode queued = imports.api.body(imports.api.action(account, dry.get("id").asString(), "run", "")
                .expectStatus().isCreated()).get("data");
        assertThat(queued.get("dry_run").asBoolean()).isFalse();
        assertThat(queued.get("checksum_sha256").asString()).isEqualTo(dry.get("checksum_sha256").asString());
        JsonNode real = imports.ended(account, queued.get("id").asString());
        assertThat(real.get("status").asString()).isEqualTo("completed");
        assertThat(contactsOf(account)).isEqualTo(3);

        JsonNode again = imports.api.body(imports.api.action(account, dry.get("id").asString(), "run", "")
                .expectStatus().isOk()).get("data");
        assertThat(again.get("id").asString()).isEqualTo(real.get("id").asString());
        assertThat(contactsOf(account)).isEqualTo(3);
        assertThat(imports.api.errorCode(imports.api.action(account, real.get("id").asString(), "run", ""), 409))
                .isEqualTo("conflict");
    }

    @Test
    void aDryRunWithProblemsCannotBeRun() {
        JsonNode dry = imports.imported(caller, "contacts", true, Imports.sample("contacts-messy.csv"));

        assertThat(imports.api.errorMessage(imports.api.action(caller, dry.get("id").asString(), "run", ""), 409,
                "conflict")).contains("5 problem(s)");
    }

    @Test
    void typeAndDryRunAreRequiredParametersAndAnEmptyFileIsRefused() {
        byte[] file = "first_name,last_name\nAda,Lovelace\n".getBytes(StandardCharsets.UTF_8);
        assertThat(imports.api.issues(imports.upload(caller, "?dry_run=true", file), 400))
                .containsExactly("type required");
        assertThat(imports.api.issues(imports.upload(caller, "?type=contacts", file), 400))
                .containsExactly("dry_run required");
        assertThat(imports.api.issues(imports.upload(caller, "?type=people&dry_run=true", file), 400))
                .containsExactly("type invalid");
        assertThat(imports.api.issues(imports.upload(caller, "?type=contacts&dry_run=yes", file), 400))
                .containsExactly("dry_run invalid");
        assertThat(imports.api.issues(imports.upload(caller, "?type=contacts&dry_run=true", new byte[0])))
                .containsExactly("file required");
    }

    @Test
    void aFileThatIsNotUtf8FailsAsUnreadable() {
        byte[] latin1 = "first_name,last_name\nJos\u00e9,Garc\u00eda\n".getBytes(StandardCharsets.ISO_8859_1);

        JsonNode dry = imports.imported(caller, "contacts", true, latin1);

        assertThat(dry.get("status").asString()).isEqualTo("failed");
        assertThat(dry.get("failure_code").asString()).isEqualTo("file_unreadable");
        assertThat(dry.get("failure_message").asString()).isEqualTo("The file is not UTF-8 text.");
    }

    @Test
    void aFileWithoutTheRequiredColumnsIsAProblemOfItsHeader() {
        byte[] file = "Name,Email\nAda Lovelace,ada@example.com\n".getBytes(StandardCharsets.UTF_8);

        JsonNode dry = imports.imported(caller, "contacts", true, file);

        assertThat(imports.problems(caller, dry.get("id").asString())).startsWith("1 first_name required",
                "1 last_name required");
    }

    @Test
    void anotherAccountNeitherSeesNorReplaysAnImport() {
        Caller other = CommerceApi.newAccount();
        byte[] file = Imports.sample("contacts.csv");
        JsonNode mine = imports.queued(caller, "contacts", true, file);

        imports.api.get(other, "/" + mine.get("id").asString()).expectStatus().isNotFound();
        imports.api.get(other, "/" + mine.get("id").asString() + "/problems").expectStatus().isNotFound();
        assertThat(imports.api.listedIds(other, "")).doesNotContain(mine.get("id").asString());
        imports.ended(caller, mine.get("id").asString());
    }

    @Test
    void aCredentialRestrictedToSomeSitesCannotStartAnImport() {
        Caller restricted = com.storageplatform.kit.testsupport.TestCallers.restrictedTo(caller,
                com.storageplatform.kit.id.Ids.newId());
        JsonNode dry = imports.imported(caller, "contacts", true, Imports.sample("contacts.csv"));

        assertThat(imports.api.errorCode(imports.upload(restricted, "?type=contacts&dry_run=true",
                Imports.sample("contacts.csv")), 403)).isEqualTo("site_forbidden");
        assertThat(imports.api.errorCode(imports.api.action(restricted, dry.get("id").asString(), "run", ""), 403))
                .isEqualTo("site_forbidden");
    }

    @Test
    void anImportWhoseRunnersKeptStoppingFailsAfterThreeAttemptsHavingWrittenNothing() {
        Caller account = CommerceApi.newAccount();
        JsonNode real = imports.imported(account, "contacts", false, Imports.sample("contacts-messy.csv"));
        // As if three runners had each taken it and stopped, the last one's lease now over.
        db.sql("""
                UPDATE imports SET status = 'running', attempts = 3, lease_until = now() - interval '1 second',
                       failure_code = NULL, completed_at = NULL
                 WHERE account_id = :a AND id = :id
                """).bind("a", account.accountId()).bind("id", java.util.UUID.fromString(real.get("id").asString()))
                .then().block();

        JsonNode ended = imports.ended(account, real.get("id").asString());

        assertThat(ended.get("status").asString()).isEqualTo("failed");
        assertThat(ended.get("failure_code").asString()).isEqualTo("internal_error");
        assertThat(contactsOf(account)).isZero();
    }
}
