package com.storageplatform.devstack;

import static org.assertj.core.api.Assertions.assertThat;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The devstack's services connect as a role row-level security binds, owning data an older devstack left too. */
class ServiceRoleTest {

    private static EmbeddedPostgres postgres;

    @BeforeAll
    static void start() throws Exception {
        postgres = EmbeddedPostgres.builder().start();
        PostgresProcess.createDatabaseIfMissing(postgres, Database.NAME);
    }

    @AfterAll
    static void stop() throws Exception {
        postgres.close();
    }

    private static List<String> query(String sql) throws Exception {
        try (Connection connection = postgres.getDatabase("postgres", Database.NAME).getConnection();
                Statement statement = connection.createStatement(); ResultSet rows = statement.executeQuery(sql)) {
            List<String> values = new ArrayList<>();
            while (rows.next()) {
                values.add(rows.getString(1));
            }
            return values;
        }
    }

    private static void execute(String sql) throws Exception {
        try (Connection connection = postgres.getDatabase("postgres", Database.NAME).getConnection();
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    @Test
    void anOlderDevstacksDataIsHandedToTheServicesRoleWhichIsNotASuperuser() throws Exception {
        // What an older devstack left: a service's schema made by services connecting as postgres.
        execute("""
                CREATE SCHEMA shop;
                CREATE TYPE shop.mood AS ENUM ('calm');
                CREATE TABLE shop.orders (id bigserial PRIMARY KEY, account_id uuid, mood shop.mood);
                CREATE SEQUENCE shop.numbers;
                CREATE VIEW shop.recent AS SELECT id FROM shop.orders;
                CREATE FUNCTION shop.one() RETURNS int LANGUAGE sql AS 'SELECT 1';
                """);

        PostgresProcess.giveDataToServiceRole(postgres);
        PostgresProcess.giveDataToServiceRole(postgres); // every start runs it

        assertThat(query("SELECT rolsuper OR rolbypassrls FROM pg_roles WHERE rolname = 'platform'"))
                .containsExactly("f");
        assertThat(query("SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = 'platform'"))
                .containsExactly("platform");
        assertThat(query("""
                SELECT DISTINCT pg_get_userbyid(owner) FROM (
                    SELECT nspowner AS owner FROM pg_namespace WHERE nspname = 'shop'
                    UNION ALL SELECT relowner FROM pg_class WHERE relnamespace = 'shop'::regnamespace
                    UNION ALL SELECT proowner FROM pg_proc WHERE pronamespace = 'shop'::regnamespace
                    UNION ALL SELECT typowner FROM pg_type WHERE typnamespace = 'shop'::regnamespace) owners"""))
                .containsExactly("platform");
    }
}
