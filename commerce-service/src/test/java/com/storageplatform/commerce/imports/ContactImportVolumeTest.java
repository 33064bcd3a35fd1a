package com.storageplatform.commerce.imports;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.commerce.support.CommerceTest;
import com.storageplatform.kit.caller.Caller;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A large contacts file (100,000 rows, about 9 MB) streams into chunks and imports whole, with the service's default
 * heap, with or without an Idempotency-Key.
 */
@CommerceTest
class ContactImportVolumeTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    DatabaseClient db;

    @Test
    void aHundredThousandRowFileImportsWhole() {
        Caller account = CommerceApi.newAccount();
        StringBuilder csv = new StringBuilder("First Name,Last Name,Email,Phone,City,Postcode,Country\r\n");
        for (int i = 0; i < 100_000; i++) {
            csv.append("Person").append(i).append(",\"Smith, ").append(i % 97).append("\",person").append(i)
                    .append("@example.com,01603 ").append(100000 + i).append(",Norwich,NR").append(i % 30)
                    .append(" 1AB,GB\r\n");
        }
        byte[] file = csv.toString().getBytes(StandardCharsets.UTF_8);
        assertThat(file.length).isGreaterThan(ImportService.CHUNK_BYTES * 20);

        JsonNode queued = new Imports(client, json).queued(account, "contacts", false, file);
        JsonNode real = null;
        java.util.Set<Integer> progress = new java.util.TreeSet<>();
        long deadline = System.nanoTime() + Duration.ofMinutes(10).toNanos();
        while (real == null && System.nanoTime() < deadline) {
            JsonNode now = new Imports(client, json).api.read(account, queued.get("id").asString());
            if (!now.get("status").asString().matches("queued|running")) {
                real = now;
            } else {
                progress.add(now.get("rows_done").asInt());
                sleep();
            }
        }

        assertThat(real).as("ended within ten minutes").isNotNull();
        assertThat(real.get("status").asString()).isEqualTo("completed");
        assertThat(real.get("rows_total").asInt()).isEqualTo(100_000);
        assertThat(real.get("rows_done").asInt()).isEqualTo(100_000);
        assertThat(progress).as("rows_done while running, every 500 rows")
                .anyMatch(done -> done > 0 && done < 100_000).allMatch(done -> done % 500 == 0);
        assertThat(real.get("size_bytes").asLong()).isEqualTo(file.length);
        assertThat(db.sql("SELECT count(*) AS n FROM contacts WHERE account_id = :a AND system_role IS NULL")
                .bind("a", account.accountId()).map(row -> row.get("n", Long.class)).one().block()).isEqualTo(100_000);
        assertThat(new CommerceApi(client, json, "/v1/contacts").list(account, "?email=person99999@example.com").get("data").get(0).get("last_name")
                .asString()).isEqualTo("Smith, " + 99999 % 97);
    }

    @Test
    void aFileOver50MiBIsRefusedWithNothingKept() {
        Caller account = CommerceApi.newAccount();
        byte[] file = new byte[(int) ImportService.MAX_BYTES + 1];
        java.util.Arrays.fill(file, (byte) 'a');

        Imports imports = new Imports(client, json);
        assertThat(imports.api.errorCode(imports.upload(account, "?type=contacts&dry_run=true", file), 413))
                .isEqualTo("payload_too_large");
        assertThat(db.sql("SELECT count(*) AS n FROM import_chunks WHERE account_id = :a")
                .bind("a", account.accountId()).map(row -> row.get("n", Long.class)).one().block()).isZero();
    }

    /**
     * A keyed upload of a file larger than a JSON body may be (1 MiB): the kit streams a CSV body and binds the key
     * to its digest, so the import takes it, and the same key with the same file answers the same import again.
     */
    @Test
    void aKeyedUploadOfALargeFileIsTakenAndReplayed() {
        Caller account = CommerceApi.newAccount();
        byte[] file = ("first_name,last_name\n" + "Ada,Lovelace\n".repeat(100_000)).getBytes(StandardCharsets.UTF_8);
        String first = client.post().uri("/v1/imports?type=contacts&dry_run=true")
                .header("Authorization", com.storageplatform.kit.testsupport.TestCallers.bearer(account))
                .header("Idempotency-Key", "big-file").contentType(Imports.CSV).bodyValue(file).exchange()
                .expectStatus().isCreated().expectBody(String.class).returnResult().getResponseBody();
        String again = client.post().uri("/v1/imports?type=contacts&dry_run=true")
                .header("Authorization", com.storageplatform.kit.testsupport.TestCallers.bearer(account))
                .header("Idempotency-Key", "big-file").contentType(Imports.CSV).bodyValue(file).exchange()
                .expectStatus().isCreated().expectHeader().valueEquals("Idempotent-Replayed", "true")
                .expectBody(String.class).returnResult().getResponseBody();
        assertThat(again).isEqualTo(first).contains("\"size_bytes\":" + file.length);
    }

    private static void sleep() {
        try {
            Thread.sleep(500);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
