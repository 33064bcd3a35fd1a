package com.storageplatform.kit.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The query plan audit ({@link QueryPlans}) against a planted tenant table: it fails on a statement no index serves,
 * passes once one does, and keeps to the statements it can explain.
 */
@ExtendWith(PlatformInfrastructureExtension.class)
class QueryPlanFindingsTest {

    private static final String BY_COLOUR = "SELECT id FROM planted WHERE account_id = $1 AND colour = $2";

    private PlatformInfrastructureExtension.TestSchema schema;

    @BeforeEach
    void plantATenantTable(PlatformInfrastructureExtension.TestSchema schema) {
        this.schema = schema;
        schema.infrastructure().recreateSchema(schema.name());
        schema.infrastructure().execute(
                "CREATE TABLE " + schema.name() + ".planted (id uuid PRIMARY KEY, account_id uuid NOT NULL,"
                        + " colour text NOT NULL)",
                "CREATE TABLE " + schema.name() + ".colours (name text NOT NULL, hex text NOT NULL)",
                "ALTER TABLE " + schema.name() + ".planted OWNER TO " + schema.infrastructure().databaseUsername(),
                "ALTER TABLE " + schema.name() + ".colours OWNER TO " + schema.infrastructure().databaseUsername());
    }

    @Test
    void aStatementFilteringATenantTableByAnUnindexedColumnFails() throws SQLException {
        QueryPlans.Findings findings = audit(List.of(BY_COLOUR), List.of());

        assertThat(findings.clean()).isFalse();
        assertThat(findings.scans()).singleElement().satisfies(scan -> {
            assertThat(scan.table()).isEqualTo("planted");
            assertThat(scan.how()).isEqualTo("Seq Scan");
        });
        assertThat(findings.failures()).contains("planted (Seq Scan): " + BY_COLOUR);
    }

    @Test
    void theSameStatementPassesOnceAnIndexServesIt() throws SQLException {
        schema.infrastructure().execute(
                "CREATE INDEX planted_account_colour ON " + schema.name() + ".planted (account_id, colour)");

        QueryPlans.Findings findings = audit(List.of(BY_COLOUR), List.of());

        assertThat(findings.clean()).as(findings::failures).isTrue();
        assertThat(findings.explained()).isEqualTo(1);
    }

    @Test
    void aListOrderedByIdThatLeavesTheAccountToAFilterWalksTheWholePrimaryKey() throws SQLException {
        QueryPlans.Findings findings = audit(
                List.of("SELECT id FROM planted WHERE account_id = $1 ORDER BY id DESC LIMIT 21"), List.of());

        assertThat(findings.scans()).singleElement().satisfies(scan -> assertThat(scan.how())
                .isEqualTo("Index Scan using planted_pkey without an index condition"));
    }

    @Test
    void aWalkChosenForItsOrderPassesWhereAnIndexWithAConditionCouldServe() throws SQLException {
        schema.infrastructure().execute("CREATE INDEX planted_colour ON " + schema.name() + ".planted (colour)");
        // Expecting a third of the rows to match, the planner walks the primary key for the first in order.
        String first = "SELECT id FROM planted WHERE colour > $1 ORDER BY id LIMIT 1";

        QueryPlans.Findings findings = audit(List.of(first), List.of());

        assertThat(findings.reads().get(first)).containsExactly("Index Scan on planted using planted_pkey");
        assertThat(findings.clean()).as(findings::failures).isTrue();
    }

    @Test
    void aWalkOfEveryRowAPartialIndexKeepsReadsThemForEveryAccount() throws SQLException {
        schema.infrastructure().execute(
                "CREATE INDEX planted_red ON " + schema.name() + ".planted (id) WHERE colour = 'red'");

        QueryPlans.Findings findings = audit(
                List.of("SELECT id FROM planted WHERE colour = 'red' ORDER BY id LIMIT 10"), List.of());

        assertThat(findings.scans()).singleElement().satisfies(scan -> {
            assertThat(scan.table()).isEqualTo("planted");
            assertThat(scan.how()).endsWith("using planted_red without an index condition");
        });
    }

    @Test
    void eachReadingOfATableIsJudgedOnItsOwn() throws SQLException {
        schema.infrastructure().execute(
                "CREATE INDEX planted_red ON " + schema.name() + ".planted (id) WHERE colour = 'red'",
                "CREATE INDEX planted_account ON " + schema.name() + ".planted (account_id, id)");
        // A worker's claim: the first red rows of every account (a walk of the queue), each the account's first.
        String claim = "SELECT q.id FROM planted q WHERE q.colour = 'red' AND NOT EXISTS (SELECT 1 FROM planted"
                + " e WHERE e.account_id = q.account_id AND e.colour = 'red' AND e.id < q.id) ORDER BY q.id LIMIT 5";

        QueryPlans.Findings findings = audit(List.of(claim), List.of());

        // Both readings walk the red rows; dropped, the claim's has nothing else, the probe has the account's index.
        assertThat(findings.reads().get(claim)).containsExactly(
                "Bitmap Heap Scan on planted", "Bitmap Index Scan using planted_red",
                "Bitmap Heap Scan on planted", "Bitmap Index Scan using planted_red");
        assertThat(findings.scans()).singleElement()
                .satisfies(scan -> assertThat(scan.reading()).isEqualTo("planted q"));
        assertThat(findings.failures()).contains("planted q (Bitmap Index Scan using planted_red without an index");
    }

    @Test
    void aWalkOfAPartialIndexPassesWhereAnIndexConditionCouldServe() throws SQLException {
        schema.infrastructure().execute(
                "CREATE INDEX planted_red ON " + schema.name() + ".planted (id) WHERE colour = 'red'",
                "CREATE INDEX planted_account ON " + schema.name() + ".planted (account_id)");
        String firstRed = "SELECT id FROM planted WHERE account_id = $1 AND colour = 'red' ORDER BY id LIMIT 1";

        QueryPlans.Findings findings = audit(List.of(firstRed), List.of());

        // The planner reads every red row's entry (for any account) beside the account's: dropped, the account's serve.
        assertThat(findings.reads().get(firstRed)).contains("Bitmap Index Scan using planted_red");
        assertThat(findings.clean()).as(findings::failures).isTrue();
    }

    @Test
    void aTableWithoutAnAccountIsNotATenantTable() throws SQLException {
        QueryPlans.Findings findings = audit(List.of("SELECT hex FROM colours WHERE name = $1"), List.of());

        assertThat(findings.clean()).isTrue();
        assertThat(findings.explained()).isEqualTo(1);
    }

    @Test
    void anExemptedStatementPassesAndAnExemptionThatExcusesNothingFails() throws SQLException {
        QueryPlans.Exemption nightly = new QueryPlans.Exemption("AND colour = $2", "a nightly sweep of every account");
        QueryPlans.Exemption stale = new QueryPlans.Exemption("FROM planted WHERE shade", "a statement long gone");

        QueryPlans.Findings findings = audit(List.of(BY_COLOUR), List.of(nightly, stale));

        assertThat(findings.scans()).isEmpty();
        assertThat(findings.exempted().get(nightly)).singleElement()
                .satisfies(scan -> assertThat(scan.table()).isEqualTo("planted"));
        assertThat(findings.unmatched()).containsExactly(stale);
        assertThat(findings.clean()).isFalse();
        assertThat(findings.failures()).contains("Exemption matches no statement", "FROM planted WHERE shade");
    }

    @Test
    void statementsThatCannotBeExplainedAreSkippedByKind() throws SQLException {
        QueryPlans.Findings findings = audit(List.of(
                "SET lock_timeout = '2s'",
                "CREATE TABLE planted_too (id uuid)",
                "SELECT 1; SELECT id FROM planted WHERE colour = 'red'",
                "-- a comment; with a semicolon\nSELECT id FROM planted WHERE id = $1 AND colour <> ';'"), List.of());

        assertThat(findings.skipped()).containsEntry("SET", 1).containsEntry("CREATE", 1)
                .containsEntry("more than one statement", 1);
        assertThat(findings.explained()).isEqualTo(1);
        assertThat(findings.clean()).as(findings::failures).isTrue();
    }

    @Test
    void aStatementThatCannotBePlannedFailsTheAuditRatherThanBeingPassedOver() {
        assertThatThrownBy(() -> audit(List.of("SELECT id FROM planted WHERE shade = $1"), List.of()))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("Could not explain: SELECT id FROM planted WHERE shade = $1");
    }

    @Test
    void parametersArePlannedWithTheTypesTheDriverSentThemAs() throws SQLException {
        String byIds = "SELECT p.colour FROM planted p JOIN unnest($1) AS wanted (id) ON wanted.id = p.id";
        assertThatThrownBy(() -> audit(List.of(byIds), List.of())).hasMessageContaining("unnest");

        try (Connection connection = QueryPlans.connect(schema.infrastructure(), schema.name())) {
            QueryPlans.Findings findings = QueryPlans.audit(
                    List.of(new CapturedStatements.Sent(byIds, List.of("uuid[]"))), connection, List.of());
            assertThat(findings.clean()).as(findings::failures).isTrue();
            assertThat(findings.reads().get(byIds))
                    .contains("Index Scan on planted using planted_pkey ((id = wanted.id))");
        }
    }

    @Test
    void kindsAreReadPastCommentsQuotedTextAndDollarQuotes() {
        assertThat(QueryPlans.kindOf("  /* why */ (SELECT 1)")).isEqualTo("SELECT");
        assertThat(QueryPlans.kindOf("WITH x AS (SELECT ';') SELECT * FROM x;")).isEqualTo("WITH");
        assertThat(QueryPlans.kindOf("DO $wall$ BEGIN PERFORM 1; END $wall$")).isEqualTo("DO");
        assertThat(QueryPlans.kindOf("SELECT $1::text; DELETE FROM planted")).isEqualTo("more than one statement");
        assertThat(QueryPlans.parameterCount("SELECT $2, '$9', $$ $7 $$ FROM planted WHERE id = $1")).isEqualTo(2);
    }

    private QueryPlans.Findings audit(List<String> statements, List<QueryPlans.Exemption> exemptions)
            throws SQLException {
        try (Connection connection = QueryPlans.connect(schema.infrastructure(), schema.name())) {
            return QueryPlans.audit(statements.stream().map(CapturedStatements.Sent::untyped).toList(), connection,
                    exemptions);
        }
    }
}
