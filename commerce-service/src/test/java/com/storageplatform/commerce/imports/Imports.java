package com.storageplatform.commerce.imports;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.testsupport.ResourceApi;
import com.storageplatform.kit.testsupport.TestCallers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code /v1/imports} as a client calls it: files uploaded, imports awaited, problems read. */
final class Imports {

    static final MediaType CSV = MediaType.parseMediaType("text/csv");

    final CommerceApi api;
    private final WebTestClient client;

    Imports(WebTestClient client, JsonMapper json) {
        this.client = client;
        this.api = new CommerceApi(client, json, "/v1/imports");
    }

    static byte[] sample(String name) {
        try {
            return Files.readAllBytes(Path.of("..", "docs", "samples", name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The file's SHA-256 in hex: the import's checksum and the peers' import key. */
    static String sha256(byte[] file) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(file));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    WebTestClient.ResponseSpec upload(Caller caller, String query, byte[] file) {
        return client.post().uri("/v1/imports" + query).header("Authorization", TestCallers.bearer(caller))
                .contentType(CSV).bodyValue(file).exchange();
    }

    /** Uploads and answers the queued import (201). */
    JsonNode queued(Caller caller, String type, boolean dryRun, byte[] file) {
        return api.body(upload(caller, "?type=" + type + "&dry_run=" + dryRun, file).expectStatus().isCreated())
                .get("data");
    }

    /** The import once it has ended (completed or failed). */
    JsonNode ended(Caller caller, String id) {
        AtomicReference<JsonNode> last = new AtomicReference<>();
        ResourceApi.eventually(() -> {
            last.set(api.read(caller, id));
            String status = last.get().get("status").asString();
            return status.equals("completed") || status.equals("failed");
        });
        return last.get();
    }

    JsonNode imported(Caller caller, String type, boolean dryRun, byte[] file) {
        return ended(caller, queued(caller, type, dryRun, file).get("id").asString());
    }

    /** Every problem of the import as "row column issue", in the order listed (every page). */
    List<String> problems(Caller caller, String id) {
        List<String> found = new ArrayList<>();
        String query = "/" + id + "/problems?limit=100";
        while (query != null) {
            JsonNode page = api.list(caller, query);
            page.get("data").values().forEach(p -> {
                assertThat(p.get("object").asString()).isEqualTo("import_problem");
                found.add(p.get("row").asLong() + " " + (p.get("column").isNull() ? "-" : p.get("column").asString())
                        + " " + p.get("issue").asString());
            });
            JsonNode cursor = page.get("meta").get("cursor");
            query = cursor.get("has_more").asBoolean()
                    ? "/" + id + "/problems?limit=100&cursor=" + cursor.get("next").asString() : null;
        }
        return found;
    }
}
