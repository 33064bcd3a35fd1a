package com.storageplatform.kit.db;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * The second tenancy wall: PostgreSQL row-level security on every tenant table (every table of the service's schema
 * with an {@code account_id} column), keyed by the account the service sets on its connection
 * ({@link AccountConnections}). A query that forgets its {@code account_id} filter then sees, and may write, only
 * the caller's own rows instead of another operator's.
 *
 * <p>The policy lets every row through when no account is set: the outbox relay, the inbox, jobs and migrations work
 * across accounts by design, and run with none. {@code FORCE} makes the policy bind the tables' owner too (the
 * service's own role owns its tables); a superuser or a {@code BYPASSRLS} role still passes it, which the service
 * says at startup ({@link #bypassedBy(Connection)}).
 *
 * <p>Applied after every migration run, so a table a later migration adds is walled without anyone remembering to.
 */
public final class RowSecurity {

    /** The setting that carries the caller's account on a connection; empty for work that spans accounts. */
    public static final String ACCOUNT_SETTING = "platform.account_id";
    public static final String POLICY = "account_wall";

    /** Walls every unwalled tenant table of {@code schema} (idempotent: a walled table is left as it is). */
    static final String WALL_TENANT_TABLES = """
            DO $wall$
            DECLARE
                tenant record;
                visible text;
            BEGIN
                FOR tenant IN
                    SELECT c.oid::regclass AS name, format_type(a.atttypid, a.atttypmod) AS account_type
                    FROM pg_class c
                    JOIN pg_namespace n ON n.oid = c.relnamespace
                    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'account_id' AND NOT a.attisdropped
                    WHERE n.nspname = coalesce(nullif('%1$s', ''), current_schema())
                      AND c.relkind IN ('r', 'p')
                      AND NOT EXISTS (SELECT 1 FROM pg_policy p WHERE p.polrelid = c.oid AND p.polname = '%2$s')
                LOOP
                    -- nullif, not a cast of '': SQL does not promise to evaluate the OR's left side first.
                    visible := format('coalesce(current_setting(%%1$L, true), %%2$L) = %%2$L '
                        || 'OR account_id = nullif(current_setting(%%1$L, true), %%2$L)::%%3$s',
                        '%3$s', '', tenant.account_type);
                    EXECUTE format('ALTER TABLE %%s ENABLE ROW LEVEL SECURITY', tenant.name);
                    EXECUTE format('ALTER TABLE %%s FORCE ROW LEVEL SECURITY', tenant.name);
                    EXECUTE format('CREATE POLICY %%I ON %%s USING (%%s) WITH CHECK (%%s)',
                        '%2$s', tenant.name, visible, visible);
                END LOOP;
            END
            $wall$
            """;

    private RowSecurity() {
    }

    /** Walls the tenant tables of {@code schema} (null: the connection's current schema). */
    public static void wall(DataSource dataSource, String schema) {
        if (schema != null && !schema.matches("[a-z_][a-z0-9_]*")) {
            throw new IllegalArgumentException("Not a schema name: " + schema);
        }
        try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
            statement.execute(WALL_TENANT_TABLES.formatted(schema == null ? "" : schema, POLICY, ACCOUNT_SETTING));
        } catch (SQLException e) {
            throw new IllegalStateException("Could not enable row-level security in schema " + schema, e);
        }
    }

    /** Whether the connection's role passes every policy (a superuser or {@code BYPASSRLS}): the wall is down. */
    public static boolean bypassedBy(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement();
                var rows = statement.executeQuery(
                        "SELECT rolsuper OR rolbypassrls FROM pg_roles WHERE rolname = current_user")) {
            return rows.next() && rows.getBoolean(1);
        }
    }
}
