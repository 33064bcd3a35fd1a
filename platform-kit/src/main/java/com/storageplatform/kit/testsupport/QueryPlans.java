package com.storageplatform.kit.testsupport;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Whether statements find their rows of a tenant table (one with an {@code account_id} column, as
 * {@code RowSecurity} walls) through an index condition, or read the whole table: a whole-table read costs more with
 * every operator, however little data each has.
 *
 * <p>Each statement is planned as the service's prepared statements are, without values: {@code PREPARE}d with the
 * types the driver sent its parameters as ({@link CapturedStatements.Sent}), then explained with
 * {@code plan_cache_mode = force_generic_plan}, which shows the plan for any values ({@code $1} left in it). Plain
 * {@code EXPLAIN (GENERIC_PLAN)} infers every type instead, and cannot where the text does not say it
 * ({@code unnest($1, $2)}). With {@code enable_seqscan} off, a sequential scan is chosen only where no index can
 * serve at all.
 *
 * <p>Two reads of a tenant table fail the audit: a {@code Seq Scan}, and a walk of a whole index (an index or bitmap
 * index scan without an index condition: a list's {@code ORDER BY id} over the primary key with the account left to
 * a filter, or every row a partial index keeps, as a queue's pending rows of every account) where no index condition
 * can serve instead. The schema's tables are empty, so the planner may walk an index when a condition on another
 * would serve: the statement is planned again with the walked indexes dropped (in a transaction rolled back), until
 * it reads the table through a condition, and the walk stands only if it ends in a sequential scan.
 *
 * <p>Statements that cannot be explained are skipped by kind: all but {@code SELECT}, {@code WITH}, {@code INSERT},
 * {@code UPDATE}, {@code DELETE}, {@code VALUES}, {@code MERGE}, and any text holding more than one statement. Any
 * other failure to explain one fails the audit.
 */
public final class QueryPlans {

    private static final Set<String> EXPLAINABLE =
            Set.of("SELECT", "WITH", "INSERT", "UPDATE", "DELETE", "VALUES", "MERGE", "TABLE");
    private static final String MULTIPLE = "more than one statement";
    private static final String SEQ_SCAN = "Seq Scan";
    /** The tables of the connection's schema with an {@code account_id} column: those row-level security walls. */
    private static final String TENANT_TABLES = """
            SELECT c.relname FROM pg_class c
            JOIN pg_namespace n ON n.oid = c.relnamespace
            JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'account_id' AND NOT a.attisdropped
            WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
            """;
    private static final Pattern PARAMETER = Pattern.compile("\\$([1-9][0-9]*)");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /**
     * A statement allowed to read a whole tenant table: every statement whose text (whitespace collapsed) contains
     * {@code fragment}, for {@code reason}. One that matches no such statement fails the audit, so none outlives
     * what it excused.
     */
    public record Exemption(String fragment, String reason) {

        boolean covers(Scan scan) {
            return CapturedStatements.normalised(scan.statement()).contains(CapturedStatements.normalised(fragment));
        }
    }

    /**
     * A read of the whole of {@code table} (named {@code alias} in the statement) in a statement's plan: a
     * sequential scan ({@code index} empty), or a walk of {@code index} without a condition.
     */
    public record Scan(String statement, String table, String alias, String index, String how) {

        static Scan seqScan(String statement, String table, String alias) {
            return new Scan(statement, table, alias, "", SEQ_SCAN);
        }

        static Scan walk(String statement, String table, String alias, String index, String nodeType) {
            return new Scan(statement, table, alias, index,
                    nodeType + " using " + index + " without an index condition");
        }

        boolean walk() {
            return !index.isEmpty();
        }

        /** Which reading of the table it is: a statement may read one table under several names. */
        String reading() {
            return alias.equals(table) ? table : table + " " + alias;
        }
    }

    /**
     * What an audit explained (each statement with how its plan reads each table), skipped (by kind), found, and
     * excused.
     */
    public record Findings(Map<String, List<String>> reads, Map<String, Integer> skipped, List<Scan> scans,
            Map<Exemption, List<Scan>> exempted, List<Exemption> unmatched) {

        public int explained() {
            return reads.size();
        }

        public boolean clean() {
            return scans.isEmpty() && unmatched.isEmpty();
        }

        public String summary() {
            return explained() + " statements explained, skipped by kind " + skipped + ", " + scans.size()
                    + " whole-table reads of a tenant table, " + exempted.values().stream().mapToInt(List::size).sum()
                    + " exempted";
        }

        /** What the failure says: each scan with its statement, then each exemption that excuses nothing. */
        public String failures() {
            StringBuilder text = new StringBuilder();
            if (!scans.isEmpty()) {
                text.append(scans.size()).append(" statement plans read a whole tenant table (no index condition"
                        + " serves them: add an index in a new migration, or exempt the statement with a reason):\n");
                for (Scan scan : scans) {
                    text.append("  - ").append(scan.reading()).append(" (").append(scan.how()).append("): ")
                            .append(CapturedStatements.normalised(scan.statement())).append('\n');
                }
            }
            for (Exemption exemption : unmatched) {
                text.append("Exemption matches no statement that reads a whole tenant table any more (remove it): \"")
                        .append(exemption.fragment()).append("\"\n");
            }
            return text.toString();
        }
    }

    private QueryPlans() {
    }

    /**
     * A connection to {@code schema} as the services' role, which meets the row-level security of every tenant
     * table as a service does, over the simple query protocol: each text goes as it is, with no parameters of its
     * own.
     */
    static Connection connect(PlatformInfrastructure infrastructure, String schema) throws SQLException {
        return DriverManager.getConnection("jdbc:postgresql://localhost:" + infrastructure.databasePort()
                        + "/postgres?currentSchema=" + schema + "&preferQueryMode=simple",
                infrastructure.databaseUsername(), infrastructure.databasePassword());
    }

    /**
     * Explains {@code statements} on {@code connection}: in the schema they were written for, as the role that runs
     * them and owns the tables ({@link #connect}).
     */
    public static Findings audit(Collection<CapturedStatements.Sent> statements, Connection connection,
            List<Exemption> exemptions) throws SQLException {
        Set<String> tenantTables = tenantTables(connection);
        Map<String, List<String>> reads = new LinkedHashMap<>();
        Map<String, Integer> skipped = new TreeMap<>();
        List<Scan> found = new ArrayList<>();
        try (Statement statement = connection.createStatement()) {
            statement.setEscapeProcessing(false);
            statement.execute("SET enable_seqscan = off");
            statement.execute("SET plan_cache_mode = force_generic_plan");
            for (CapturedStatements.Sent sent : statements.stream()
                    .sorted(Comparator.comparing(CapturedStatements.Sent::sql)).toList()) {
                String kind = kindOf(sent.sql());
                if (!EXPLAINABLE.contains(kind)) {
                    skipped.merge(kind, 1, Integer::sum);
                    continue;
                }
                JsonNode plan = plan(statement, sent);
                List<Scan> scans = scans(sent.sql(), plan, tenantTables);
                if (scans.stream().anyMatch(Scan::walk)) {
                    Set<String> unserved = unservedOnceWalksAreGone(connection, statement, sent, scans, tenantTables);
                    scans.removeIf(scan -> scan.walk() && !unserved.contains(scan.reading()));
                }
                found.addAll(scans.stream().distinct().toList());
                reads.put(CapturedStatements.normalised(sent.sql()), reads(plan));
            }
            statement.execute("RESET plan_cache_mode");
            statement.execute("RESET enable_seqscan");
        }
        Map<Exemption, List<Scan>> exempted = new LinkedHashMap<>();
        List<Scan> scans = new ArrayList<>();
        for (Scan scan : found) {
            exemptions.stream().filter(exemption -> exemption.covers(scan)).findFirst().ifPresentOrElse(
                    exemption -> exempted.computeIfAbsent(exemption, e -> new ArrayList<>()).add(scan),
                    () -> scans.add(scan));
        }
        List<Exemption> unmatched = exemptions.stream().filter(exemption -> !exempted.containsKey(exemption)).toList();
        return new Findings(reads, skipped, scans, exempted, unmatched);
    }

    private static JsonNode plan(Statement statement, CapturedStatements.Sent sent) throws SQLException {
        List<String> types = sent.parameterTypes();
        String nulls = String.join(", ", Collections.nCopies(parameterCount(sent.sql()), "NULL"));
        try {
            statement.execute("PREPARE query_plan" + (types.isEmpty() ? "" : "(" + String.join(", ", types) + ")")
                    + " AS " + sent.sql());
            try (ResultSet plan = statement.executeQuery("EXPLAIN (FORMAT JSON) EXECUTE query_plan"
                    + (nulls.isEmpty() ? "" : "(" + nulls + ")"))) {
                plan.next();
                return JSON.readTree(plan.getString(1)).path(0).path("Plan");
            } finally {
                statement.execute("DEALLOCATE query_plan");
            }
        } catch (SQLException e) {
            throw new SQLException("Could not explain: " + CapturedStatements.normalised(sent.sql()) + " with "
                    + types + " (" + e.getMessage() + ")", e.getSQLState(), e);
        }
    }

    /** The number of parameters: the highest {@code $n} outside quoted text. */
    static int parameterCount(String sql) {
        return PARAMETER.matcher(withoutQuotedText(sql)).results()
                .mapToInt(parameter -> Integer.parseInt(parameter.group(1))).max().orElse(0);
    }

    /**
     * The readings ({@link Scan#reading()}) of {@code walks} that still read their table whole with joins made as
     * nested loops and the indexes walked dropped, one round after another (a dropped index lets the planner walk
     * the next), in a transaction rolled back after. Another reading of the same table may lose its index with them;
     * only the walked ones count.
     */
    private static Set<String> unservedOnceWalksAreGone(Connection connection, Statement statement,
            CapturedStatements.Sent sent, List<Scan> walks, Set<String> tenantTables) throws SQLException {
        Set<String> undecided = walks.stream().filter(Scan::walk).map(Scan::reading).collect(Collectors.toSet());
        Set<String> unserved = new HashSet<>();
        connection.setAutoCommit(false);
        try {
            // A hash or merge join reads its side whole by its nature: the question is whether an index condition
            // can serve each reading, as a nested loop's inner side (a join) or on its own (a filter).
            statement.execute("SET LOCAL enable_hashjoin = off");
            statement.execute("SET LOCAL enable_mergejoin = off");
            List<Scan> left = walks.stream().filter(Scan::walk).toList();
            for (boolean first = true; !left.isEmpty(); first = false) {
                if (!first) {
                    for (String index : left.stream().map(Scan::index).collect(Collectors.toSet())) {
                        drop(statement, index);
                    }
                }
                List<Scan> again = scans(sent.sql(), plan(statement, sent), tenantTables).stream()
                        .filter(scan -> undecided.contains(scan.reading())).toList();
                again.stream().filter(scan -> !scan.walk()).forEach(scan -> unserved.add(scan.reading()));
                left = again.stream().filter(scan -> scan.walk() && !unserved.contains(scan.reading())).toList();
                // A reading neither walking nor scanning now reads through a condition: it is served.
                undecided.retainAll(left.stream().map(Scan::reading).collect(Collectors.toSet()));
            }
        } finally {
            connection.rollback();
            connection.setAutoCommit(true);
        }
        return unserved;
    }

    /** Drops an index, or the constraint it enforces (a primary key), with whatever depends on it. */
    private static void drop(Statement statement, String index) throws SQLException {
        String constraint = null;
        try (ResultSet rows = statement.executeQuery("SELECT format('ALTER TABLE %s DROP CONSTRAINT %I CASCADE',"
                + " conrelid::regclass, conname) FROM pg_constraint WHERE contype IN ('p', 'u', 'x')"
                + " AND conindid = to_regclass('" + index.replace("'", "''") + "')")) {
            if (rows.next()) {
                constraint = rows.getString(1);
            }
        }
        statement.execute(constraint != null ? constraint
                : "DROP INDEX \"" + index.replace("\"", "\"\"") + "\" CASCADE");
    }

    /**
     * The whole-table reads of a tenant table in a plan node and those under it (sub-plans and CTEs included): each
     * {@code Seq Scan}, and each walk of a whole index (an index scan, or a bitmap scan's index scan, without an index
     * condition).
     */
    static List<Scan> scans(String sql, JsonNode node, Set<String> tenantTables) {
        List<Scan> scans = new ArrayList<>();
        String type = node.path("Node Type").asString("");
        String table = node.path("Relation Name").asString("");
        String alias = node.path("Alias").asString(table);
        if (tenantTables.contains(table)) {
            if (type.equals(SEQ_SCAN)) {
                scans.add(Scan.seqScan(sql, table, alias));
            } else if ((type.equals("Index Scan") || type.equals("Index Only Scan")) && !node.has("Index Cond")) {
                scans.add(Scan.walk(sql, table, alias, node.path("Index Name").asString(), type));
            } else if (type.equals("Bitmap Heap Scan")) {
                bitmapWalks(node, index -> scans.add(Scan.walk(sql, table, alias, index, "Bitmap Index Scan")));
            }
        }
        for (JsonNode child : node.path("Plans")) {
            scans.addAll(scans(sql, child, tenantTables));
        }
        return scans;
    }

    /** The indexes a bitmap heap scan's bitmap index scans read without a condition. */
    private static void bitmapWalks(JsonNode node, Consumer<String> walked) {
        for (JsonNode child : node.path("Plans")) {
            if (child.path("Node Type").asString("").equals("Bitmap Index Scan") && !child.has("Index Cond")) {
                walked.accept(child.path("Index Name").asString());
            }
            if (!child.path("Node Type").asString("").equals("Bitmap Heap Scan")) {
                bitmapWalks(child, walked);
            }
        }
    }

    /** How a plan reads each table, one line per scan node: its type, table, index and index condition. */
    static List<String> reads(JsonNode node) {
        List<String> reads = new ArrayList<>();
        boolean scan = node.path("Node Type").asString("").endsWith("Scan");
        if (scan && (node.has("Relation Name") || node.has("Index Name"))) {
            reads.add(node.path("Node Type").asString()
                    + (node.has("Relation Name") ? " on " + node.path("Relation Name").asString() : "")
                    + (node.has("Index Name") ? " using " + node.path("Index Name").asString() : "")
                    + (node.has("Index Cond") ? " (" + node.path("Index Cond").asString() + ")" : ""));
        }
        for (JsonNode child : node.path("Plans")) {
            reads.addAll(reads(child));
        }
        return reads;
    }

    static Set<String> tenantTables(Connection connection) throws SQLException {
        Set<String> tables = new HashSet<>();
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(TENANT_TABLES)) {
            while (rows.next()) {
                tables.add(rows.getString(1));
            }
        }
        return tables;
    }

    /**
     * The statement's first keyword ({@code SELECT}, {@code SET}, ...), or {@link #MULTIPLE} when the text holds
     * more than one statement. Comments, quoted text and dollar-quoted bodies are read past, not into.
     */
    static String kindOf(String sql) {
        String code = withoutQuotedText(sql).strip();
        int semicolon = code.indexOf(';');
        if (semicolon >= 0 && !code.substring(semicolon + 1).isBlank()) {
            return MULTIPLE;
        }
        String words = code.replaceFirst("^[(\\s]+", "");
        return words.split("[\\s(;]", 2)[0].toUpperCase(Locale.ROOT);
    }

    /** The text with comments removed and each quoted text or dollar-quoted body emptied. */
    static String withoutQuotedText(String sql) {
        StringBuilder code = new StringBuilder();
        int i = 0;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            if (sql.startsWith("--", i)) {
                int end = sql.indexOf('\n', i);
                i = end < 0 ? sql.length() : end;
            } else if (sql.startsWith("/*", i)) {
                int end = sql.indexOf("*/", i + 2);
                i = end < 0 ? sql.length() : end + 2;
                code.append(' ');
            } else if (c == '\'' || c == '"') {
                int end = i + 1;
                while (end < sql.length() && (sql.charAt(end) != c || sql.startsWith("" + c + c, end))) {
                    end += sql.startsWith("" + c + c, end) ? 2 : 1;
                }
                code.append(c).append(c);
                i = end + 1;
            } else if (c == '$' && dollarTag(sql, i) != null) {
                String tag = dollarTag(sql, i);
                int end = sql.indexOf(tag, i + tag.length());
                code.append("''");
                i = end < 0 ? sql.length() : end + tag.length();
            } else {
                code.append(c);
                i++;
            }
        }
        return code.toString();
    }

    /** The dollar-quote tag starting at {@code i} ({@code $$}, {@code $body$}), or null for a {@code $1} parameter. */
    private static String dollarTag(String sql, int i) {
        int end = i + 1;
        while (end < sql.length() && (Character.isLetterOrDigit(sql.charAt(end)) || sql.charAt(end) == '_')) {
            end++;
        }
        boolean tag = end < sql.length() && sql.charAt(end) == '$'
                && (end == i + 1 || !Character.isDigit(sql.charAt(i + 1)));
        return tag ? sql.substring(i, end + 1) : null;
    }

    /** One line per exemption with its reason, for the audit's output. */
    static String describe(List<Exemption> exemptions) {
        return exemptions.stream().map(e -> "  - \"" + e.fragment() + "\": " + e.reason())
                .collect(Collectors.joining("\n"));
    }
}
