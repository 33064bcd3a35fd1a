package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import com.storageplatform.e2e.ApiRoutes.Collection;
import com.storageplatform.e2e.ApiRoutes.Kind;
import com.storageplatform.e2e.ApiRoutes.Operation;
import com.storageplatform.kit.caller.Scopes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The tenancy and authorisation matrix, generated from the gateway's route table and the OpenAPI document the
 * gateway serves (docs/testing.md). One operator's test account holds an object of every collection (the
 * {@link TenancyFixtures}); then, for every operation:
 * <ul>
 * <li>a credential holding every scope but the operation's own is 403 {@code insufficient_scope};</li>
 * <li>by id (read, update, delete, each action), the same operator's live account and another operator's test and
 * live accounts are 404 {@code not_found}, and a key restricted to another site of the owner's account is 403
 * {@code site_forbidden} for an object of a site;</li>
 * <li>a list shows those three none of the owner's ids, and the restricted key nothing of the other site; every
 * {@code *_id} filter naming the owner's object finds nothing for them (or is refused), and the restricted key
 * naming the other site is 403 {@code site_forbidden};</li>
 * <li>a create whose body names the owner's objects is refused for them.</li>
 * </ul>
 * The coverage guard fails the test for a route the matrix does not cover: an operation the route table does not
 * serve, a route table entry the document does not describe, a scope that differs from the table's, an operation
 * with no check and no exemption, a filter with no target, and an exemption that no longer matches anything.
 */
class TenancyMatrixE2E {

    private static final String NAMED_SETTING = "a setting addressed by a fixed name inside the caller's own "
            + "account: no other tenant's object can be named";
    private static final String ONE_SETTINGS_OBJECT = "the account's one settings object, with no id: each caller "
            + "reads and writes its own";
    private static final String MADE_BY_DUNNING = "made only once the dunning ladder has run its course over weeks "
            + "of arrears (CollectionsJourneysE2E moves the stack's clock for it; the matrix, sharing the stack, must "
            + "not)";
    private static final String STAFF_ONLY = "only a staff token may call it: every API key is 403 before any "
            + "object is looked up, whatever the id, so no key can probe another tenant's object through it";

    /**
     * Routes not aimed at by id or by list ({@code path}, or {@code METHOD path} for one operation), each with the
     * reason; every run prints them, and an entry that no longer matches an uncovered operation fails the guard.
     * Their scopes are checked like every other route's.
     */
    static final Map<String, String> EXEMPT = new TreeMap<>(Map.of(
            "/v1/contract-templates/{name}", NAMED_SETTING,
            "/v1/message-templates/{name}", NAMED_SETTING,
            "/v1/dunning-ladder", ONE_SETTINGS_OBJECT,
            "/v1/identity-requirements", ONE_SETTINGS_OBJECT,
            "/v1/collections-cases/{id}", MADE_BY_DUNNING,
            "/v1/sale-processes/{id}", MADE_BY_DUNNING,
            "/v1/sale-processes/{id}/close", MADE_BY_DUNNING,
            "/v1/sale-processes/{id}/sell", MADE_BY_DUNNING,
            "POST /v1/agreements/{id}/release-access", STAFF_ONLY,
            "POST /v1/identity-verifications/{id}/accept", STAFF_ONLY));

    static {
        EXEMPT.put("POST /v1/identity-verifications/{id}/documents", STAFF_ONLY);
    }

    /**
     * Bodies for the actions that judge their body before they look the object up (so an empty body would be a 422
     * for any id and prove nothing): each is valid, so the answer is the lookup's.
     */
    static final Map<String, String> ACTION_BODIES = Map.of(
            "/v1/webhooks/{id}/redeliver", "{\"delivery_id\": \"01a2202c-0000-7000-8000-000000000000\"}",
            "/v1/agreements/{id}/give-notice", "{\"end_date\": \"2030-01-31\"}",
            "/v1/invoices/{id}/return", "{\"lines\": [{\"line\": 1, \"quantity\": 1}]}",
            "/v1/invoices/{id}/write-off", "{\"reason\": \"Matrix\"}",
            "/v1/subscriptions/{id}/cancel", "{\"effective_date\": \"2030-01-01\"}",
            "/v1/subscriptions/{id}/price-increases", "{\"amount_minor\": 9000, \"effective_date\": \"2030-01-01\"}",
            "/v1/subscriptions/{id}/promotion", "{\"promotion_code\": \"MATRIX\"}",
            "/v1/subscriptions/{id}/renewal-date", "{\"next_billing_date\": \"2030-01-01\"}");

    /** The fixture whose id a list filter names; each {@code *_id} filter of the document needs a line. */
    static final Map<String, String> FILTER_TARGETS = Map.ofEntries(
            Map.entry("site_id", "sites"),
            Map.entry("unit_type_id", "unit-types"),
            Map.entry("unit_id", "units"),
            Map.entry("contact_id", "contacts"),
            Map.entry("reservation_id", "reservations"),
            Map.entry("agreement_id", "agreements"),
            Map.entry("subscription_id", "subscriptions"),
            Map.entry("invoice_id", "invoices"),
            Map.entry("deal_id", "deals"),
            Map.entry("pipeline_id", "pipelines"),
            Map.entry("stage_id", "stages"),
            Map.entry("subject_id", "contacts"),
            Map.entry("credential_id", "access-credentials"),
            Map.entry("device_id", "hardware-devices"));

    /** Path parameters other than the first {@code {id}}, and the collection whose object they name. */
    static final Map<String, String> PATH_PARAMETERS = Map.of("increaseId", "price-increases");

    private static final List<String> ALL_SCOPES = List.copyOf(new TreeSet<>(Scopes.ALL));
    private static final Set<String> OUTSIDERS_REFUSALS = Set.of("not_found", "validation_error");

    private final DevStack stack = Stack.get();
    private final Admin admin = new Admin(stack);
    private final List<String> failures = new ArrayList<>();
    private final Map<String, Set<String>> covered = new TreeMap<>();
    private final Map<String, String> keysWithout = new HashMap<>();
    private Admin.Operator owner;
    private String ownerKey;
    private String restrictedKey;
    private String restrictedSite;
    private String otherSite;
    /** The accounts that must never see the owner's objects, by what they are to it. */
    private final Map<String, String> outsiders = new LinkedHashMap<>();
    /** Label (collection, or collection#n) → id of the owner's objects. */
    private Map<String, String> objects;
    /** Id → the sites the object is at ({@code site_id}, or {@code site_ids} when it names some). */
    private final Map<String, Set<String>> sitesOf = new HashMap<>();

    @Test
    void everyRouteKeepsEachAccountsObjectsToItselfAndRefusesAMissingScope() {
        long started = System.nanoTime();
        Path root = Path.of(System.getProperty("e2e.repo-root", "..")).toAbsolutePath().normalize();
        List<Collection> table = ApiRoutes.routeTable(root);
        Http.Response document = Http.get(stack.gatewayUrl() + "/openapi.json");
        assertThat(document.status()).isEqualTo(200);
        List<String> problems = new ArrayList<>();
        List<String> unrouted = new ArrayList<>();
        List<Operation> operations = ApiRoutes.operations(document.body(), table, unrouted);
        unrouted.forEach(op -> problems.add(op + ": documented but no route table entry serves it"));
        structure(table, operations, problems);

        setUp(root, operations);
        for (Operation operation : operations) {
            scope(operation);
            switch (operation.kind()) {
                case LIST -> list(operation, problems);
                case CREATE -> create(operation);
                case ITEM -> byId(operation);
                default -> {
                }
            }
        }
        guard(operations, problems);
        report(operations, started);

        assertThat(problems).as("coverage guard").isEmpty();
        assertThat(failures).as("tenancy and scope failures").isEmpty();
    }

    /** The document and the route table agree: every entry described, every scope the table's. */
    private static void structure(List<Collection> table, List<Operation> operations, List<String> problems) {
        for (Collection collection : table) {
            if (operations.stream().noneMatch(op -> op.collection().equals(collection))) {
                problems.add(collection.url() + ": in the route table but the document describes no operation");
            }
        }
        for (Operation operation : operations) {
            String expected = Scopes.required(operation.collection().scopeFamily(), operation.method());
            if (!expected.equals(operation.scope())) {
                problems.add(operation.name() + ": documented scope " + operation.scope() + ", the gateway requires "
                        + expected);
            }
        }
    }

    private void setUp(Path root, List<Operation> operations) {
        owner = admin.newOperator("Matrix Owner Ltd");
        Admin.Operator other = admin.newOperator("Matrix Other Ltd");
        Http.Response settings = Http.patch(stack.gatewayUrl() + "/admin/v1/operators/" + owner.id() + "/settings",
                stack.adminToken(), "{\"online_id_checks_enabled\": true}");
        assertThat(settings.status()).as(settings.body().toString()).isEqualTo(200);
        ownerKey = admin.apiKey(owner, "test", ALL_SCOPES, null).path("key").asString();
        outsiders.put("the owner's live account", admin.apiKey(owner, "live", ALL_SCOPES, null).path("key").asString());
        outsiders.put("another operator's test account",
                admin.apiKey(other, "test", ALL_SCOPES, null).path("key").asString());
        outsiders.put("another operator's live account",
                admin.apiKey(other, "live", ALL_SCOPES, null).path("key").asString());

        objects = new LinkedHashMap<>(TenancyFixtures.make(stack.gatewayUrl(), ownerKey, root));
        otherSite = objects.get("sites");
        restrictedSite = objects.get("sites#restricted");
        assertThat(otherSite).as("the matrix's sites").isNotNull();
        assertThat(restrictedSite).isNotNull();
        restrictedKey = admin.apiKey(owner, "test", ALL_SCOPES, List.of(restrictedSite)).path("key").asString();

        // Objects the platform makes itself (events, pipelines, credentials...) are found in the owner's list.
        Set<String> addressed = operations.stream().filter(op -> op.kind() == Kind.ITEM)
                .map(op -> op.collection().objects()).collect(Collectors.toCollection(TreeSet::new));
        for (String collection : addressed) {
            if (!objects.containsKey(collection)) {
                Http.Response list = MatrixCalls.send("GET", stack.gatewayUrl() + "/v1/" + collection + "?limit=1",
                        ownerKey, null);
                String id = list.data().path(0).path("id").asString("");
                if (!id.isEmpty()) {
                    objects.put(collection, id);
                }
            }
        }
        if (objects.containsKey("pipelines")) {
            objects.put("stages", read("/v1/pipelines/" + objects.get("pipelines")).path("stages").path(0)
                    .path("id").asString());
        }
        for (Map.Entry<String, String> object : objects.entrySet()) {
            if (addressed.contains(object.getKey())) {
                JsonNode data = read("/v1/" + object.getKey() + "/" + object.getValue());
                Set<String> sites = new LinkedHashSet<>();
                if (object.getKey().equals("sites")) {
                    sites.add(object.getValue());
                }
                if (!data.path("site_id").asString("").isEmpty()) {
                    sites.add(data.path("site_id").asString());
                }
                data.path("site_ids").forEach(site -> sites.add(site.asString()));
                sitesOf.put(object.getValue(), sites);
            }
        }
        System.out.println("[matrix] the owner's objects: " + objects);
    }

    private JsonNode read(String path) {
        Http.Response read = MatrixCalls.send("GET", stack.gatewayUrl() + path, ownerKey, null);
        assertThat(read.status()).as("the owner reads " + path + ": " + read.body()).isEqualTo(200);
        return read.data();
    }

    /** The operation's scope alone is missing: 403 insufficient_scope naming it. */
    private void scope(Operation operation) {
        if (operation.scope() == null) {
            return;
        }
        String key = keysWithout.computeIfAbsent(operation.scope(), scope -> admin.apiKey(owner, "test",
                ALL_SCOPES.stream().filter(s -> !s.equals(scope)).toList(), null).path("key").asString());
        String path = fill(operation);
        Http.Response answer = MatrixCalls.send(operation.method(), stack.gatewayUrl()
                + (path == null ? placeholders(operation.path()) : path), key, "{}");
        if (answer.status() != 403 || !answer.errorCode().equals("insufficient_scope")
                || !answer.body().path("error").path("message").asString().contains(operation.scope())) {
            fail(operation, "without " + operation.scope(), answer, "403 insufficient_scope naming the scope");
        }
        cover(operation, "scope");
    }

    /** Another account's object by id is 404; an object of another site is 403 for the restricted key. */
    private void byId(Operation operation) {
        String path = fill(operation);
        if (path == null) {
            return;
        }
        if (exempt(operation)) {
            return;
        }
        String url = stack.gatewayUrl() + path;
        String body = ACTION_BODIES.getOrDefault(operation.path(), "{}");
        for (Map.Entry<String, String> outsider : outsiders.entrySet()) {
            Http.Response answer = MatrixCalls.send(operation.method(), url, outsider.getValue(), body);
            if (answer.status() != 404 || !answer.errorCode().equals("not_found")) {
                fail(operation, outsider.getKey(), answer, "404 not_found");
            }
        }
        String id = objects.get(operation.collection().objects());
        if (isOfAnotherSite(id)) {
            // 403 site_forbidden (authentication.md); billing answers an overlock's or a sale's 404 as documented
            // in collections.md. Either way a refusal, never the object.
            Http.Response answer = MatrixCalls.send(operation.method(), url, restrictedKey, body);
            boolean refused = answer.status() == 403 && answer.errorCode().equals("site_forbidden")
                    || answer.status() == 404 && answer.errorCode().equals("not_found");
            if (!refused) {
                fail(operation, "a key restricted to another site", answer, "403 site_forbidden (or 404)");
            }
            cover(operation, "site");
        }
        cover(operation, "by id");
    }

    /** Lists and each {@code *_id} filter: none of the owner's objects for outsiders, no other site's for the restricted key. */
    private void list(Operation operation, List<String> problems) {
        String url = stack.gatewayUrl() + operation.path() + "?limit=100";
        Http.Response own = MatrixCalls.send("GET", url, ownerKey, null);
        if (own.status() != 200) {
            fail(operation, "the owner", own, "200");
        }
        for (Map.Entry<String, String> outsider : outsiders.entrySet()) {
            expectNothingOfTheOwners(operation, outsider.getKey(), MatrixCalls.send("GET", url, outsider.getValue(),
                    null), false);
        }
        expectNothingOfTheOtherSite(operation, "a key restricted to another site",
                MatrixCalls.send("GET", url, restrictedKey, null), false);
        cover(operation, "list");

        for (String parameter : operation.queryParameters()) {
            if (!parameter.endsWith("_id")) {
                continue;
            }
            String target = FILTER_TARGETS.get(parameter);
            if (target == null) {
                problems.add(operation.name() + "?" + parameter + ": a filter naming an id with no FILTER_TARGETS line");
                continue;
            }
            String id = objects.get(target);
            if (id == null) {
                problems.add(operation.name() + "?" + parameter + ": the owner has no " + target + " to name");
                continue;
            }
            String filtered = url + "&" + parameter + "=" + id;
            for (Map.Entry<String, String> outsider : outsiders.entrySet()) {
                expectNothingOfTheOwners(operation, outsider.getKey() + " filtering " + parameter,
                        MatrixCalls.send("GET", filtered, outsider.getValue(), null), true);
            }
            Http.Response restricted = MatrixCalls.send("GET", filtered, restrictedKey, null);
            if (parameter.equals("site_id")) {
                if (restricted.status() != 403 || !restricted.errorCode().equals("site_forbidden")) {
                    fail(operation, "a key restricted to another site filtering site_id", restricted,
                            "403 site_forbidden");
                }
            } else if (isOfAnotherSite(id)) {
                expectNothingOfTheOtherSite(operation, "a key restricted to another site filtering " + parameter,
                        restricted, true);
            }
            cover(operation, "filter " + parameter);
        }
    }

    /** A create naming the owner's objects (its fixture's body) is refused for outsiders, never made. */
    private void create(Operation operation) {
        for (TenancyFixtures.Line line : TenancyFixtures.LINES) {
            if (line.label() == null || line.body() == null || !line.path().equals(operation.path())
                    || !line.body().contains("${")) {
                continue;
            }
            String body = TenancyFixtures.substitute(line.body(), objects);
            if (body == null) {
                return;
            }
            String url = stack.gatewayUrl() + operation.path();
            for (Map.Entry<String, String> outsider : outsiders.entrySet()) {
                Http.Response answer = MatrixCalls.send("POST", url, outsider.getValue(), body);
                if (answer.status() / 100 == 2 || answer.status() >= 500
                        || !OUTSIDERS_REFUSALS.contains(answer.errorCode())) {
                    fail(operation, outsider.getKey() + " naming the owner's objects", answer,
                            "404 or 422 naming the field");
                }
            }
            cover(operation, "foreign references");
            return;
        }
    }

    private void expectNothingOfTheOwners(Operation operation, String who, Http.Response answer, boolean mayRefuse) {
        boolean refused = mayRefuse && Set.of(400, 404, 422).contains(answer.status())
                && !answer.errorCode().isEmpty();
        if (!refused && answer.status() != 200) {
            fail(operation, who, answer, mayRefuse ? "200 or a refusal in the envelope" : "200");
            return;
        }
        String text = answer.body().toString();
        List<String> leaked = objects.values().stream().filter(text::contains).toList();
        if (!leaked.isEmpty()) {
            fail(operation, who, answer, "none of the owner's ids, found " + leaked);
        }
    }

    private void expectNothingOfTheOtherSite(Operation operation, String who, Http.Response answer,
                                             boolean mayRefuse) {
        boolean refused = mayRefuse && (answer.status() == 403 && answer.errorCode().equals("site_forbidden")
                || Set.of(400, 404, 422).contains(answer.status()) && !answer.errorCode().isEmpty());
        if (refused) {
            return;
        }
        if (answer.status() != 200) {
            fail(operation, who, answer, mayRefuse ? "200 or 403 site_forbidden" : "200");
            return;
        }
        List<String> leaked = new ArrayList<>();
        answer.body().path("data").forEach(row -> {
            if (isOfAnotherSite(row)) {
                leaked.add(row.path("id").asString(row.toString()));
            }
        });
        if (!leaked.isEmpty()) {
            fail(operation, who, answer, "no row of another site, found " + leaked);
        }
    }

    private boolean isOfAnotherSite(String id) {
        Set<String> sites = sitesOf.getOrDefault(id, Set.of());
        return !sites.isEmpty() && !sites.contains(restrictedSite);
    }

    private boolean isOfAnotherSite(JsonNode row) {
        Set<String> sites = new LinkedHashSet<>();
        if (!row.path("site_id").asString("").isEmpty()) {
            sites.add(row.path("site_id").asString());
        }
        row.path("site_ids").forEach(site -> sites.add(site.asString()));
        return !sites.isEmpty() && !sites.contains(restrictedSite);
    }

    /** The operation's path with the owner's object ids in it; null when the owner has no such object. */
    private String fill(Operation operation) {
        String path = operation.path();
        for (int i = 0; i < operation.pathParameters().size(); i++) {
            String parameter = operation.pathParameters().get(i);
            String collection = i == 0 ? operation.collection().objects() : PATH_PARAMETERS.get(parameter);
            String id = collection == null ? null : objects.get(collection);
            if (id == null) {
                return null;
            }
            path = path.replace("{" + parameter + "}", id);
        }
        return path;
    }

    private static String placeholders(String path) {
        return path.replaceAll("\\{[^}]+}", UUID.randomUUID().toString());
    }

    private void fail(Operation operation, String who, Http.Response answer, String expected) {
        failures.add(operation.name() + " by " + who + ": " + answer.status() + " " + answer.errorCode()
                + " (expected " + expected + ") " + abbreviate(answer.body().toString()));
    }

    private static String abbreviate(String text) {
        return text.length() > 300 ? text.substring(0, 300) + "..." : text;
    }

    private void cover(Operation operation, String check) {
        covered.computeIfAbsent(operation.name(), name -> new TreeSet<>()).add(check);
    }

    /** Every operation has its scope checked and, unless exempt, its tenancy: by id for items, as a list for lists. */
    private void guard(List<Operation> operations, List<String> problems) {
        Set<String> usedExemptions = new TreeSet<>();
        for (Operation operation : operations) {
            Set<String> checks = covered.getOrDefault(operation.name(), Set.of());
            if (!checks.contains("scope")) {
                problems.add(operation.name() + ": no scope check (the document names no scope)");
            }
            String needed = switch (operation.kind()) {
                case ITEM -> "by id";
                case LIST -> "list";
                case NAMED, SINGLETON -> "exempt";
                default -> null;
            };
            if (needed == null || checks.contains(needed)) {
                continue;
            }
            if (exempt(operation)) {
                usedExemptions.add(EXEMPT.containsKey(operation.name()) ? operation.name() : operation.path());
            } else {
                problems.add(operation.name() + ": not covered (the owner has no " + operation.collection().objects()
                        + " to aim at) and not in EXEMPT");
            }
        }
        EXEMPT.keySet().stream().filter(exemption -> !usedExemptions.contains(exemption))
                .forEach(path -> problems.add(path + ": exempt but no uncovered operation has that path"));
    }

    private static boolean exempt(Operation operation) {
        return EXEMPT.containsKey(operation.name()) || EXEMPT.containsKey(operation.path());
    }

    private void report(List<Operation> operations, long started) {
        Map<Kind, Long> kinds = operations.stream()
                .collect(Collectors.groupingBy(Operation::kind, TreeMap::new, Collectors.counting()));
        long cases = covered.values().stream().mapToLong(Set::size).sum();
        System.out.printf("[matrix] %d operations %s, %d checks, %d failures, %.1f s%n", operations.size(), kinds,
                cases, failures.size(), (System.nanoTime() - started) / 1e9);
        covered.forEach((operation, checks) -> System.out.println("[matrix]   " + operation + " " + checks));
        EXEMPT.forEach((path, reason) -> System.out.println("[matrix] exempt " + path + ": " + reason));
        failures.forEach(failure -> System.out.println("[matrix] FAIL " + failure));
    }
}
