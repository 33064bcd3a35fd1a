package com.storageplatform.commerce.imports;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.commerce.support.CataloguePeer;
import com.storageplatform.commerce.support.CommerceApi;
import com.storageplatform.commerce.support.CommerceTest;
import com.storageplatform.kit.caller.Caller;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Importing units: commerce's own checks, then the catalogue's ({@code POST /internal/v1/unit-imports}, played by
 * {@link CataloguePeer.UnitImports} as its contract says) in batches of 500, a dry run first, then for real.
 */
@CommerceTest
class UnitImportTest {

    @Autowired
    WebTestClient client;

    @Autowired
    JsonMapper json;

    Imports imports;

    @org.junit.jupiter.api.BeforeEach
    void setUp() {
        imports = new Imports(client, json);
    }

    private static List<String> kinds(List<JsonNode> batches) {
        return batches.stream().map(b -> (b.get("dry_run").asBoolean() ? "check " : "write ")
                + b.get("units").size()).toList();
    }

    @Test
    void aDryRunIsCheckedByTheCatalogueAndWritesNothing() {
        Caller caller = CommerceApi.newAccount();
        JsonNode dry = imports.imported(caller, "units", true, Imports.sample("units.csv"));

        assertThat(dry.get("status").asString()).isEqualTo("completed");
        assertThat(dry.get("problems_count").asInt()).isZero();
        List<JsonNode> batches = CataloguePeer.UnitImports.batches(dry.get("checksum_sha256").asString());
        assertThat(kinds(batches)).containsExactly("check 4");
        JsonNode first = batches.get(0).get("units").get(0);
        assertThat(first.get("row").asLong()).isEqualTo(2);
        assertThat(first.get("site").asString()).isEqualTo("Norwich Riverside");
        assertThat(first.get("unit_type").asString()).isEqualTo("Small locker");
        assertThat(first.get("name").asString()).isEqualTo("A101");
        assertThat(first.get("floor").asString()).isEqualTo("1");
        assertThat(first.get("status").asString()).isEqualTo("available");
        assertThat(first.get("features").values()).extracting(JsonNode::asString)
                .containsExactly("ground_floor", "climate_controlled");
        assertThat(first.get("notes").isNull()).isTrue();
        assertThat(batches.get(0).get("units").get(1).get("status").isNull()).isTrue();
    }

    @Test
    void commercesAndTheCataloguesProblemsAreReportedUnderTheFilesHeaders() {
        Caller caller = CommerceApi.newAccount();
        byte[] file = """
                Site Name,Size,Unit Number,Unit Status,Amenities
                Norwich Riverside,Small locker,,available,
                Nowhere,Small locker,A2,available,drive_up; Jacuzzi
                Norwich Riverside,Small locker,A3,rented,
                """.getBytes(StandardCharsets.UTF_8);

        JsonNode dry = imports.imported(caller, "units", true, file);

        assertThat(dry.get("rows_with_problems").asInt()).isEqualTo(3);
        assertThat(imports.problems(caller, dry.get("id").asString())).containsExactly(
                "2 Unit Number required",
                "3 Site Name not_found",
                "3 Amenities invalid",
                "4 Unit Status invalid");
    }

    @Test
    void aRealRunChecksEveryBatchThenWritesThemInBatchesOf500() {
        Caller caller = CommerceApi.newAccount();
        StringBuilder csv = new StringBuilder("site,unit_type,name\n");
        for (int i = 0; i < 1_200; i++) {
            csv.append("Norwich Riverside,Small locker,U").append(i).append('\n');
        }
        JsonNode real = imports.imported(caller, "units", false, csv.toString().getBytes(StandardCharsets.UTF_8));

        assertThat(real.get("status").asString()).isEqualTo("completed");
        assertThat(real.get("rows_total").asInt()).isEqualTo(1_200);
        List<JsonNode> batches = CataloguePeer.UnitImports.batches(real.get("checksum_sha256").asString());
        assertThat(kinds(batches)).containsExactly("check 500", "check 500", "check 200", "write 500", "write 500",
                "write 200");
        assertThat(batches.get(5).get("units").get(199).get("row").asLong()).isEqualTo(1_201);
    }

    @Test
    void aRealRunWithAProblemSendsNothingForReal() {
        Caller caller = CommerceApi.newAccount();
        byte[] file = "site,unit_type,name\nNowhere,Small locker,A1\nNorwich Riverside,Small locker,A2\n"
                .getBytes(StandardCharsets.UTF_8);

        JsonNode real = imports.imported(caller, "units", false, file);

        assertThat(real.get("status").asString()).isEqualTo("failed");
        assertThat(real.get("failure_code").asString()).isEqualTo("rows_invalid");
        assertThat(kinds(CataloguePeer.UnitImports.batches(real.get("checksum_sha256").asString())))
                .containsExactly("check 2");
    }

    @Test
    void aCatalogueThatCannotBeReachedFailsTheImport() {
        Caller caller = CommerceApi.newAccount();
        byte[] file = "site,unit_type,name\nNorwich Riverside,Small locker,Z9\n".getBytes(StandardCharsets.UTF_8);
        CataloguePeer.failWith(503);
        try {
            JsonNode dry = imports.imported(caller, "units", true, file);

            assertThat(dry.get("status").asString()).isEqualTo("failed");
            assertThat(dry.get("failure_code").asString()).isEqualTo("peer_unavailable");
        } finally {
            CataloguePeer.failWith(0);
        }
    }
}
