package com.storageplatform.kit.db;

import org.flywaydb.core.Flyway;
import org.springframework.boot.flyway.autoconfigure.FlywayMigrationStrategy;

/**
 * Migrates the kit's own tables (idempotency keys, outbox) into the service's schema before the service's
 * migrations, each with its own history table: the kit and the service version their migrations
 * independently, and neither ever edits a landed migration.
 */
public class KitMigrations implements FlywayMigrationStrategy {

    public static final String LOCATION = "classpath:db/platform-kit";
    public static final String HISTORY_TABLE = "platform_kit_schema_history";

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
    }
}
