package com.storageplatform.kit.db;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.flyway.autoconfigure.FlywayMigrationStrategy;

/**
 * Migrates the kit's own tables (idempotency keys, outbox) into the service's schema before the service's
 * migrations, each with its own history table: the kit and the service version their migrations
 * independently, and neither ever edits a landed migration. Then every tenant table gets its row-level security
 * ({@link RowSecurity}), the new ones included.
 */
public class KitMigrations implements FlywayMigrationStrategy {

    public static final String LOCATION = "classpath:db/platform-kit";
    public static final String HISTORY_TABLE = "platform_kit_schema_history";

    private static final Logger LOG = LoggerFactory.getLogger(KitMigrations.class);

    @Override
    public void migrate(Flyway service) {
        Flyway.configure()
                .configuration(service.getConfiguration())
                .locations(LOCATION)
                .table(HISTORY_TABLE)
                .baselineOnMigrate(true)
                .baselineVersion("0")
                .load()
                .migrate();
        // The kit's tables make the schema non-empty; a baseline at version 0 lets the service's V1 still run.
        Flyway.configure()
                .configuration(service.getConfiguration())
                .baselineOnMigrate(true)
                .baselineVersion("0")
                .load()
                .migrate();
        RowSecurity.wall(service.getConfiguration().getDataSource(), service.getConfiguration().getDefaultSchema());
        warnWhenBypassed(service.getConfiguration().getDataSource());
    }

    private static void warnWhenBypassed(DataSource dataSource) {
        try (Connection connection = dataSource.getConnection()) {
            if (RowSecurity.bypassedBy(connection)) {
                LOG.warn("The database role is a superuser or has BYPASSRLS: row-level security does not bind it, "
                        + "so the second tenancy wall is down. Connect as a role without either.");
            }
        } catch (SQLException e) {
            throw new IllegalStateException("Could not read the database role", e);
        }
    }
}
