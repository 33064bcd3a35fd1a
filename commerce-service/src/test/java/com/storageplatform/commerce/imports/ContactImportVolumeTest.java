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
 * A large contacts file (100,000 rows, about 9 MB, uploaded without an Idempotency-Key: the kit buffers a keyed
 * mutation's body up to 1 MiB) streams into chunks and imports whole, with the service's default heap.
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
        long deadline = System.nanoTime() + Duration.ofMinutes(10).toNanos();
        while (real == null && System.nanoTime() < deadline) {
            JsonNode now = new Imports(client, json).api.read(account, queued.get("id").asString());
            if (!now.get("status").asString().matches("queued|running")) {
                real = now;
            } else {
                sleep();
            }
        }

        assertThat(real).as("ended within ten minutes").isNotNull();
        assertThat(real.get("status").asString()).isEqualTo("completed");
        assertThat(real.get("rows_total").asInt()).isEqualTo(100_000);
        assertThat(real.get("size_bytes").asLong()).isEqualTo(file.length);
        assertThat(db.sql("SELECT count(*) AS n FROM contacts WHERE account_id = :a AND system_role IS NULL")
                .bind("a", account.accountId()).map(row -> row.get("n", Long.class)).one().block()).isEqualTo(100_000);
        assertThat(new CommerceApi(client, json, "/v1/contacts").list(account, "?email=person99999@example.com").get("data").get(0).get("last_name")
                .asString()).isEqualTo("Smith, " + 99999 % 97);
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
