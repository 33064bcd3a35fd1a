package com.storageplatform.kit.testsupport;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every distinct statement the services under test sent to their database in this test JVM, as the driver received
 * it ({@code $1} placeholders, a collection expanded to one per element), with the types of the values bound to
 * it: what {@link QueryPlanAudit} explains. Recorded by {@link StatementCapture}, which every {@link PlatformTest}
 * application's connections go through.
 */
public final class CapturedStatements {

    /**
     * A statement as sent, and the PostgreSQL type of each parameter as the driver sends it ({@code $1} first;
     * {@code unknown} where it was not seen bound, which lets PostgreSQL infer it).
     */
    public record Sent(String sql, List<String> parameterTypes) {

        public static Sent untyped(String sql) {
            return new Sent(sql, List.of());
        }

        /** The parameter types of both, each as known in either. */
        Sent knowing(List<String> types) {
            List<String> known = new ArrayList<>(parameterTypes);
            for (int i = 0; i < types.size(); i++) {
                if (i == known.size()) {
                    known.add(types.get(i));
                } else if (known.get(i).equals(UNKNOWN)) {
                    known.set(i, types.get(i));
                }
            }
            return known.equals(parameterTypes) ? this : new Sent(sql, List.copyOf(known));
        }
    }

    static final String UNKNOWN = "unknown";

    /** By the text with its whitespace collapsed; the text kept is the first sent (its line comments intact). */
    private static final Map<String, Sent> SENT = new ConcurrentHashMap<>();

    /** The distinct statements test classes sent themselves, left out. */
    private static final Set<String> LEFT_OUT = ConcurrentHashMap.newKeySet();

    private CapturedStatements() {
    }

    static void leaveOut(String sql) {
        LEFT_OUT.add(normalised(sql));
    }

    /** How many distinct statements test classes sent themselves (not the service's: left out). */
    public static int leftOut() {
        return LEFT_OUT.size();
    }

    static void record(String sql, List<String> parameterTypes) {
        SENT.merge(normalised(sql), new Sent(sql, List.copyOf(parameterTypes)),
                (known, again) -> known.knowing(again.parameterTypes()));
    }

    /** The statements sent, one per distinct text. */
    public static List<Sent> all() {
        return List.copyOf(SENT.values());
    }

    /** For a kit test that plants a statement of its own, so the module's audit does not meet it. */
    static void forget(String sql) {
        SENT.remove(normalised(sql));
    }

    static String normalised(String sql) {
        return sql.strip().replaceAll("\\s+", " ");
    }
}
