package com.storageplatform.auth.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformInfrastructureExtension;
import com.storageplatform.kit.testsupport.PlatformInfrastructureExtension.TestSchema;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * V6 gives the operators created while the walk-in contact ids were still left null fresh UUIDv7 ids made in SQL,
 * keeps any id an operator already had, and from then on refuses an operator without them.
 */
@ExtendWith(PlatformInfrastructureExtension.class)
class WalkInContactIdsBackfillTest {

    private static final String LOCATION = "classpath:db/migration";

    @Test
    void operatorsWithoutWalkInContactIdsGetFreshVersion7Ids(TestSchema schema) throws SQLException {
        migrate(schema, "5");
        UUID keptLive = Ids.newId();
        UUID keptTest = Ids.newId();
        UUID halfLive = Ids.newId();
        Instant before = Instant.now().minusSeconds(1);
        execute(schema, "INSERT INTO operators (id, name, default_currency, timezone, created_at, updated_at) VALUES "
                + "('" + Ids.newId() + "', 'First', 'GBP', 'Europe/London', now(), now()), "
                + "('" + Ids.newId() + "', 'Second', 'GBP', 'Europe/London', now(), now())",
                "INSERT INTO operators (id, name, default_currency, timezone, walk_in_contact_id_live, "
                        + "walk_in_contact_id_test, created_at, updated_at) VALUES ('" + Ids.newId()
                        + "', 'Had them', 'GBP', 'Europe/London', '" + keptLive + "', '" + keptTest + "', now(), now())",
                "INSERT INTO operators (id, name, default_currency, timezone, walk_in_contact_id_live, created_at, "
                        + "updated_at) VALUES ('" + Ids.newId() + "', 'Half', 'GBP', 'Europe/London', '" + halfLive
                        + "', now(), now())");

        migrate(schema, null);

        List<UUID> backfilled = new ArrayList<>();
        try (Connection connection = schema.infrastructure().dataSource().getConnection();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT name, walk_in_contact_id_live::text AS live, "
                        + "walk_in_contact_id_test::text AS test FROM " + schema.name() + ".operators ORDER BY name")) {
            while (rows.next()) {
                UUID live = UUID.fromString(rows.getString("live"));
                UUID test = UUID.fromString(rows.getString("test"));
                if (rows.getString("name").equals("Had them")) {
                    assertThat(live).isEqualTo(keptLive);
                    assertThat(test).isEqualTo(keptTest);
                } else if (rows.getString("name").equals("Half")) {
                    assertThat(live).isEqualTo(halfLive);
                    backfilled.add(test);
                    assertThat(Ids.parse(rows.getString("test"))).contains(test);
                } else {
                    backfilled.add(live);
                    backfilled.add(test);
                    // The canonical text parses as a platform id: lowercase, version 7, RFC 9562 variant.
                    assertThat(Ids.parse(rows.getString("live"))).contains(live);
                    assertThat(Ids.parse(rows.getString("test"))).contains(test);
                }
            }
        }
        assertThat(backfilled).hasSize(5).doesNotHaveDuplicates();
        assertThat(new HashSet<>(backfilled)).doesNotContain(keptLive, keptTest, halfLive);
        for (UUID id : backfilled) {
            assertThat(id.version()).isEqualTo(7);
            assertThat(id.variant()).isEqualTo(2);
            // The first 48 bits are the Unix time in milliseconds of the migration.
            Instant at = Instant.ofEpochMilli(id.getMostSignificantBits() >>> 16);
            assertThat(at).isBetween(before, Instant.now().plus(Duration.ofSeconds(1)));
        }

        assertThatThrownBy(() -> execute(schema, "INSERT INTO operators (id, name, default_currency, timezone, "
                + "created_at, updated_at) VALUES ('" + Ids.newId() + "', 'Late', 'GBP', 'Europe/London', now(), now())"))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("walk_in_contact_id_live");
    }

    /** The auth service's own migrations, up to {@code target} (null for all), into the test's empty schema. */
    private static void migrate(TestSchema schema, String target) {
        var configuration = Flyway.configure()
                .dataSource(schema.infrastructure().dataSource())
                .schemas(schema.name())
                .defaultSchema(schema.name())
                .locations(LOCATION);
        if (target != null) {
            configuration.target(target);
        }
        configuration.load().migrate();
    }

    private static void execute(TestSchema schema, String... statements) throws SQLException {
        try (Connection connection = schema.infrastructure().dataSource().getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute("SET search_path TO " + schema.name());
            for (String sql : statements) {
                statement.execute(sql);
            }
        }
    }
}
