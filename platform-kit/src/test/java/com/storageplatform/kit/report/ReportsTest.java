package com.storageplatform.kit.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;

/** The one report mechanism, through a real HTTP server: the query, the list envelope, the CSV. */
@PlatformTest
class ReportsTest {

    private static final ParameterizedTypeReference<Map<String, Object>> JSON = new ParameterizedTypeReference<>() {
    };

    @Autowired
    WebTestClient client;

    @Autowired
    DatabaseClient db;

    private final Caller caller = TestCallers.apiCaller("reports:read");

    private WebTestClient.ResponseSpec get(Caller as, String uri) {
        return client.get().uri(uri).header("Authorization", TestCallers.bearer(as)).exchange();
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> json(String uri) {
        return get(caller, uri).expectStatus().isOk().expectBody(JSON).returnResult().getResponseBody();
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> rows(Map<String, Object> body) {
        return (List<Map<String, Object>>) body.get("data");
    }

    private String csv(Caller as, String uri) {
        return get(as, uri).expectStatus().isOk()
                .expectHeader().contentType("text/csv;charset=UTF-8")
                .expectBody(String.class).returnResult().getResponseBody();
    }

    @Test
    void rowsAreReportRowsOfTheDefaultGroupOverTheMonthToToday() {
        List<Map<String, Object>> rows = rows(json("/v1/reports/samples"));
        LocalDate today = LocalDate.now(ZoneId.of("Europe/London"));
        assertThat(rows).hasSize(3);
        assertThat(rows.get(0)).containsEntry("object", "report_row").containsEntry("group_by", "site")
                .containsEntry("key", "1").containsEntry("count", 10)
                .containsEntry("from", today.withDayOfMonth(1).toString()).containsEntry("to", today.toString());
    }

    @Test
    void theOperatorsTimeZoneIsRead() {
        Caller tokyo = TestCallers.apiCaller("reports:read");
        db.sql("""
                INSERT INTO account_settings (account_id, operator_id, environment, timezone, default_currency,
                       settings, event_time)
                VALUES (:account, :operator, 'test', 'Asia/Tokyo', 'JPY', '{}', now())
                """).bind("account", tokyo.accountId()).bind("operator", tokyo.operatorId()).then().block();
        Map<String, Object> body = get(tokyo, "/v1/reports/samples").expectStatus().isOk().expectBody(JSON)
                .returnResult().getResponseBody();
        assertThat(rows(body).get(0)).containsEntry("timezone", "Asia/Tokyo")
                .containsEntry("to", LocalDate.now(ZoneId.of("Asia/Tokyo")).toString());
    }

    @Test
    void aLongReportIsPagedWithACursorBoundToItsQuery() {
        List<String> keys = new ArrayList<>();
        String uri = "/v1/reports/samples?rows=45&limit=20&from=2026-01-01&to=2026-03-31&group_by=week";
        Map<String, Object> page = json(uri);
        while (true) {
            rows(page).forEach(row -> keys.add((String) row.get("key")));
            @SuppressWarnings("unchecked")
            Map<String, Object> cursor = (Map<String, Object>) ((Map<String, Object>) page.get("meta")).get("cursor");
            if (!(Boolean) cursor.get("has_more")) {
                assertThat(cursor.get("next")).isNull();
                break;
            }
            String next = (String) cursor.get("next");
            get(caller, "/v1/reports/samples?rows=45&limit=20&from=2026-01-01&to=2026-03-30&group_by=week&cursor="
                    + next).expectStatus().isBadRequest().expectBody()
                    .jsonPath("$.error.details[0].field").isEqualTo("cursor");
            page = json(uri + "&cursor=" + next);
        }
        assertThat(keys).hasSize(45).doesNotHaveDuplicates().startsWith("1", "2").endsWith("45");
    }

    @Test
    void badParametersAre400NamingThem() {
        for (String[] bad : new String[][] {{"from=2026-13-01", "from", "invalid"}, {"to=01/02/2026", "to", "invalid"},
                {"from=2026-02-01&to=2026-01-31", "from", "invalid"}, {"from=2020-01-01&to=2026-01-01", "to",
                "above_maximum"}, {"group_by=colour", "group_by", "invalid"}, {"format=xml", "format", "invalid"},
                {"site_id=not-an-id", "site_id", "invalid"}, {"limit=0", "limit", "below_minimum"},
                {"cursor=nonsense", "cursor", "invalid"}, {"from=2026-01-01%00", "from", "invalid"}}) {
            get(caller, "/v1/reports/samples?" + bad[0]).expectStatus().isBadRequest().expectBody()
                    .jsonPath("$.error.code").isEqualTo("validation_error")
                    .jsonPath("$.error.details[0].field").isEqualTo(bad[1])
                    .jsonPath("$.error.details[0].issue").isEqualTo(bad[2]);
        }
        get(caller, "/v1/reports/samples?format=csv&group_by=colour").expectStatus().isBadRequest()
                .expectHeader().contentType("application/json");
    }

    @Test
    void aSiteRestrictedCredentialReadsItsOwnSitesAndIsRefusedAnother() {
        UUID mine = Ids.newId();
        Caller restricted = TestCallers.restrictedTo(caller, mine);
        Map<String, Object> body = get(restricted, "/v1/reports/samples").expectStatus().isOk().expectBody(JSON)
                .returnResult().getResponseBody();
        assertThat(rows(body).get(0)).containsEntry("site_id", mine.toString());
        get(restricted, "/v1/reports/samples?site_id=" + Ids.newId()).expectStatus().isForbidden().expectBody()
                .jsonPath("$.error.code").isEqualTo("site_forbidden");
        get(restricted, "/v1/reports/samples?format=csv&site_id=" + Ids.newId()).expectStatus().isForbidden();
        assertThat(rows(json("/v1/reports/samples?site_id=" + mine)).get(0)).containsEntry("site_id", mine.toString());
    }

    @Test
    void csvHasAHeaderRowOfEveryFieldButObjectAndEveryRowWhateverTheLimit() {
        String body = csv(caller, "/v1/reports/samples?format=csv&rows=150&limit=5&from=2026-11-01&to=2026-11-30");
        String[] lines = body.split("\r\n");
        assertThat(lines[0]).isEqualTo("from,to,key,group_by,label,count,site_id,timezone");
        assertThat(lines).hasSize(151);
        // A label a spreadsheet would run as a formula is quoted away; a comma is quoted as RFC 4180 says.
        assertThat(lines[1]).isEqualTo("2026-11-01,2026-11-30,1,site,'=SUM(A1:A2),10,,Europe/London");
        assertThat(lines[2]).isEqualTo("2026-11-01,2026-11-30,2,site,\"Row, 2\",20,,Europe/London");
        get(caller, "/v1/reports/samples?format=csv&from=2026-11-01&to=2026-11-30").expectHeader()
                .valueEquals("Content-Disposition", "attachment; filename=\"samples-2026-11-01-2026-11-30.csv\"");
    }

    @Test
    void aLargeCsvIsStreamedNotBuffered() {
        // 200,000 rows (about 12 MB) arrive whole and chunked: the server never knew the length, holding a row
        // at a time (bench/reports measures the memory).
        WebTestClient large = client.mutate().codecs(codecs -> codecs.defaultCodecs().maxInMemorySize(64 << 20))
                .build();
        var result = large.get().uri("/v1/reports/samples?format=csv&rows=200000")
                .header("Authorization", TestCallers.bearer(caller)).exchange().expectStatus().isOk()
                .expectHeader().doesNotExist("Content-Length")
                .expectBody(String.class).returnResult();
        assertThat(result.getResponseBody().split("\r\n")).hasSize(200_001);
    }

    @Test
    void aRowThatDoesNotStartWithTheSharedFieldsIsRefusedAtOnce() {
        record Bad(String object, String label) {
        }
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ReportShape.of(Bad.class))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("must start with");
    }
}
