package com.storageplatform.commerce.imports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.commerce.support.CommerceTest;
import com.storageplatform.kit.caller.Caller;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A runner holds an import by its claim: once another runner has claimed it, the first records and ends nothing. */
@CommerceTest
class ImportClaimTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    @Autowired
    ImportRepository repository;

    @Test
    void aRunnerWhoseClaimWasTakenOverNeitherRecordsProgressNorEndsTheImport() {
        Caller caller = CommerceApi.newAccount();
        Imports imports = new Imports(client, json);
        JsonNode done = imports.imported(caller, "contacts", true, Imports.sample("contacts.csv"));
        ImportRepository.Stored now = repository.find(caller.accountId(), UUID.fromString(done.get("id").asString()))
                .block();
        ImportRepository.Stored earlier = new ImportRepository.Stored(now.value(), now.accountId(), now.operatorId(),
                now.environment(), now.fileImportId(), now.currency(), now.attempts() - 1);

        assertThat(repository.progress(earlier, 1, Instant.now()).block()).isFalse();
        assertThatThrownBy(() -> repository.finish(earlier, now.value()).block())
                .hasMessageContaining("claimed by another runner");
        assertThat(imports.api.read(caller, done.get("id").asString())).isEqualTo(done);
    }
}
