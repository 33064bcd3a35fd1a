package com.storageplatform.kit.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.env.Environment;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * What a {@link PlatformTest} application sends is captured as the driver receives it, and the module's audit
 * ({@link QueryPlanAudit}) fails on it when no index serves it; what a test class sends itself is not captured.
 */
@PlatformTest
class StatementCaptureTest {

    @Autowired
    DatabaseClient db;

    @Autowired
    Environment environment;

    @Test
    void aStatementTheApplicationSendsIsCapturedAndFailsTheAuditWhenItScansATenantTable() throws SQLException {
        db.sql("CREATE TABLE planted (id uuid PRIMARY KEY, account_id uuid NOT NULL, colour text NOT NULL)")
                .then().block();
        try {
            assertThat(PlantedStatements.countByColour(db, UUID.randomUUID(), "red").block()).isZero();

            List<CapturedStatements.Sent> planted = CapturedStatements.all().stream()
                    .filter(sent -> sent.sql().contains("planted")).toList();
            assertThat(planted).containsExactly(
                    new CapturedStatements.Sent(PlantedStatements.BY_COLOUR, List.of("uuid", "varchar")));
            String schema = environment.getRequiredProperty("platform.database.schema");
            try (Connection connection = QueryPlans.connect(PlatformInfrastructure.get(), schema)) {
                QueryPlans.Findings findings = QueryPlans.audit(planted, connection, List.of());
                assertThat(findings.clean()).isFalse();
                assertThat(findings.failures()).contains("planted (Seq Scan): " + PlantedStatements.BY_COLOUR);
            }
        } finally {
            // The table is this class's own: the module's audit, in a schema of its own, would not find it.
            CapturedStatements.forget(PlantedStatements.BY_COLOUR);
        }
    }

    @Test
    void whatATestClassSendsItselfIsNotCaptured() {
        db.sql("SELECT count(*) AS n FROM samples WHERE name = :name /* the test's own */").bind("name", "x")
                .map(row -> row.get("n", Long.class)).one().block();

        assertThat(CapturedStatements.all()).noneMatch(sent -> sent.sql().contains("the test's own"));
    }
}
