package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import com.storageplatform.e2e.ApiRoutes.Collection;
import com.storageplatform.e2e.ApiRoutes.Kind;
import com.storageplatform.e2e.ApiRoutes.Operation;
import com.storageplatform.kit.caller.Scopes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
            + "of arrears: the stack's clock moves for that, and the matrix, sharing the stack, must not move it";
    /** Where the by-id and list checks of arrears cases and sale processes live (see MADE_BY_DUNNING). */
    private static final String DUNNING_JOURNEY = "CollectionsJourneysE2E#"
            + "aCustomerGoesThroughEveryDunningStepToAnOverlockThenPaysAndIsUnlocked";

    /**
     * Why a route is not aimed at here, and, when its tenancy is checked elsewhere, the test that checks it
     * ({@code Class#method} of this package): the guard fails unless that test exists and its source names every
     * fixed part of the route's path.
     */
    record Exemption(String reason, String checkedIn) {

        static Exemption because(String reason) {
            return new Exemption(reason, null);
        }
    }

    /**
     * Routes not aimed at by id or by list ({@code path}, or {@code METHOD path} for one operation), each with the
     * reason; every run prints them, and an entry that no longer matches an uncovered operation fails the guard.
     * Their scopes are checked like every other route's.
     */
    static final Map<String, Exemption> EXEMPT = new TreeMap<>(Map.of(
            "/v1/contract-templates/{name}", Exemption.because(NAMED_SETTING),
            "/v1/message-templates/{name}", Exemption.because(NAMED_SETTING),
            "/v1/dunning-ladder", Exemption.because(ONE_SETTINGS_OBJECT),
            "/v1/identity-requirements", Exemption.because(ONE_SETTINGS_OBJECT),
            "/v1/collections-cases/{id}", new Exemption(MADE_BY_DUNNING, DUNNING_JOURNEY),
            "/v1/sale-processes/{id}", new Exemption(MADE_BY_DUNNING, DUNNING_JOURNEY),
            "/v1/sale-processes/{id}/close", new Exemption(MADE_BY_DUNNING, DUNNING_JOURNEY),
            "/v1/sale-processes/{id}/sell", new Exemption(MADE_BY_DUNNING, DUNNING_JOURNEY)));

    /**
     * Actions only a member of staff may take: every API key is 403 before any lookup, so they are aimed at with
     * staff tokens (docs/api/admin.md) of the same outsiders, and the object read before and after.
     */
    static final Set<String> STAFF_ONLY = Set.of("POST /v1/agreements/{id}/release-access",
            "POST /v1/identity-verifications/{id}/accept", "POST /v1/identity-verifications/{id}/documents");

    /**
     * Body fields naming an object that is at a site (the spec's {@code site_forbidden}: "a named customer, site,
     * unit type or agreement is outside the caller's sites"; contacts belong to the operator, not to a site, so
     * {@code contact_id} is not one; a note's {@code subject_id} is when its subject is): every create whose body
     * has one must refuse the restricted key naming the other site's (403 {@code site_forbidden}, nothing made).
     */
    static final Set<String> SITE_BOUND_FIELDS = Set.of("site_id", "site_ids", "unit_type_id", "unit_type_ids",
            "unit_id", "agreement_id", "reservation_id", "deal_id", "subscription_id", "credential_id", "device_id",
            "subject_id");

    /**
     * For creates whose fixture line (if any) names no object of a site: a body naming the other site's, sent by
     * the restricted key only, never made by the owner.
     */
    static final Map<String, String> SITE_PROBES = Map.of(
            "/v1/access-credentials", """
                    {"agreement_id": "${agreements}", "kind": "fob", "code": "MATRIX01"}""",
            "/v1/price-increases", """
                    {"site_id": "${sites}", "effective_date": "2030-01-01", "increase_percent": 5}""",
            "/v1/integration-connections", """
                    {"kind": "accounting", "provider": "xero", "name": "Site books", "site_ids": ["${sites}"],
                     "settings": {"tenant_id": "matrix"},
                     "credentials": {"client_id": "m", "client_secret": "m", "refresh_token": "m"}}""",
            "/v1/notes", """
                    {"subject_type": "deal", "subject_id": "${deals}", "body": "Matrix"}""",
            "/v1/invoices", """
                    {"contact_id": "${contacts}", "subscription_id": "${subscriptions}", "currency": "GBP",
                     "lines": [{"description": "Matrix", "amount_minor": 100, "quantity": 1}]}""",
            "/v1/payments", """
                    {"rail": "offline", "offline_method": "card_terminal", "contact_id": "${contacts}",
                     "subscription_id": "${subscriptions}", "amount_minor": 100, "currency": "GBP"}""");

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
            "/v1/subscriptions/{id}/renewal-date", "{\"next_billing_date\": \"2030-01-01\"}",
            "/v1/identity-verifications/{id}/documents", "{\"document\": \"proof_of_address\"}");

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
    private Map<String, String> outsiders;
    /** The same outsiders' staff tokens, for the staff-only actions. */
    private Map<String, String> staffOutsiders;
    private String ownerStaff;
    private String restrictedStaff;
    /** What the restricted key got for each object of the other site by id (the by-id survey, docs/testing.md). */
    private final Map<String, Set<String>> restrictedAnswers = new TreeMap<>();
    /** Label (collection, or collection#n) → id of the owner's objects. */
    private Map<String, String> objects;
    /**
     * Id → the sites the object is at ({@code site_id}, or {@code site_ids} when it names some; else those of the
     * objects its site-bound fields name).
     */
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
                case CREATE -> {
                    create(operation);
                    createAtAnotherSite(operation);
                }
                case ITEM -> byId(operation);
                default -> {
                }
            }
        }
        guard(operations, problems, root);
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
        outsiders = Outsiders.apiKeys(admin, owner, other, ALL_SCOPES);
        staffOutsiders = Outsiders.staffTokens(admin, owner, other, ALL_SCOPES);
        ownerStaff = admin.staffToken(owner, "test", ALL_SCOPES, null);

        objects = new LinkedHashMap<>(TenancyFixtures.make(stack.gatewayUrl(), ownerKey, root));
        otherSite = objects.get("sites");
        restrictedSite = objects.get("sites#restricted");
        assertThat(otherSite).as("the matrix's sites").isNotNull();
        assertThat(restrictedSite).isNotNull();
        restrictedKey = admin.apiKey(owner, "test", ALL_SCOPES, List.of(restrictedSite)).path("key").asString();
        restrictedStaff = admin.staffToken(owner, "test", ALL_SCOPES, List.of(restrictedSite));

        // Objects the platform makes itself (events, pipelines, credentials...) are found in the owner's list: one at
        // the other site when there is one (a widget of each site), so the restricted key has something to aim at.
        Set<String> addressed = operations.stream().filter(op -> op.kind() == Kind.ITEM)
                .map(op -> op.collection().objects()).collect(Collectors.toCollection(TreeSet::new));
        for (String collection : addressed) {
            if (!objects.containsKey(collection)) {
                Http.Response list = MatrixCalls.send("GET", stack.gatewayUrl() + "/v1/" + collection + "?limit=100",
                        ownerKey, null);
                String id = list.data().path(0).path("id").asString("");
                for (JsonNode row : list.data()) {
                    if (isOfAnotherSite(row)) {
                        id = row.path("id").asString();
                        break;
                    }
                }
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
            String collection = object.getKey().split("#")[0];
            if (addressed.contains(collection)) {
                JsonNode data = read("/v1/" + collection + "/" + object.getValue());
                Set<String> sites = sitesNamed(data);
                if (sites.isEmpty()) {
                    // At the site of what it belongs to (a price increase, its plan's): made earlier, so known.
                    SITE_BOUND_FIELDS.forEach(field -> sites.addAll(sitesOf.getOrDefault(
                            data.path(field).asString(""), Set.of())));
                }
                if (collection.equals("sites")) {
                    sites.add(object.getValue());
                }
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
        if (STAFF_ONLY.contains(operation.name())) {
            staffOnly(operation, url, body);
            return;
        }
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
            restricted(operation, url, body, restrictedKey, "a key restricted to another site");
        }
        cover(operation, "by id");
    }

    /**
     * An object of another site is 403 {@code site_forbidden} for a restricted credential (authentication.md), or
     * 404 where the service documents it (billing's overlocks and sale processes, collections.md; the event feed,
     * webhooks.md): a refusal either way, never the object. Each answer is kept for the survey.
     */
    private void restricted(Operation operation, String url, String body, String credential, String who) {
        Http.Response answer = MatrixCalls.send(operation.method(), url, credential, body);
        boolean refused = answer.status() == 403 && answer.errorCode().equals("site_forbidden")
                || answer.status() == 404 && answer.errorCode().equals("not_found");
        if (!refused) {
            fail(operation, who, answer, "403 site_forbidden (or 404)");
        }
        restrictedAnswers.computeIfAbsent(answer.status() + " " + answer.errorCode(), a -> new TreeSet<>())
                .add(operation.name());
        cover(operation, "site");
    }

    /**
     * A staff-only action: the outsiders' staff tokens get 404 and change nothing (the owner reads the object
     * before and after); the owner's own staff token is answered by the object's state, not 404, so the lookup is
     * what refused them; a staff token restricted to another site is refused for an object of a site.
     */
    private void staffOnly(Operation operation, String url, String body) {
        String object = "/v1/" + operation.collection().objects() + "/" + objects.get(operation.collection().objects());
        JsonNode before = read(object);
        for (Map.Entry<String, String> outsider : staffOutsiders.entrySet()) {
            Http.Response answer = MatrixCalls.send(operation.method(), url, outsider.getValue(), body);
            if (answer.status() != 404 || !answer.errorCode().equals("not_found")) {
                fail(operation, outsider.getKey(), answer, "404 not_found");
            }
        }
        if (isOfAnotherSite(objects.get(operation.collection().objects()))) {
            restricted(operation, url, body, restrictedStaff, "a staff token restricted to another site");
        }
        JsonNode after = read(object);
        if (!after.equals(before)) {
            failures.add(operation.name() + " by the outsiders' staff tokens: the object changed, from " + abbreviate(
                    before.toString()) + " to " + abbreviate(after.toString()));
        }
        Http.Response own = MatrixCalls.send(operation.method(), url, ownerStaff, body);
        if (own.status() == 404 || own.status() >= 500) {
            fail(operation, "the owner's staff token", own, "the object's own answer, not 404");
        }
        cover(operation, "by id");
        cover(operation, "staff");
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

    /**
     * A create whose body names an object of the other site (its fixture line's body, else its SITE_PROBES body) is
     * 403 {@code site_forbidden} for the restricted key, and nothing is made: the owner's list starts with the
     * same object before and after.
     */
    private void createAtAnotherSite(Operation operation) {
        String body = null;
        for (TenancyFixtures.Line line : TenancyFixtures.LINES) {
            if (line.label() != null && line.body() != null && line.path().equals(operation.path())) {
                String made = TenancyFixtures.substitute(line.body(), objects);
                if (made != null && namesAnotherSite(made)) {
                    body = made;
                    break;
                }
            }
        }
        if (body == null && SITE_PROBES.containsKey(operation.path())) {
            body = TenancyFixtures.substitute(SITE_PROBES.get(operation.path()), objects);
        }
        if (body == null || !namesAnotherSite(body)) {
            return;
        }
        String list = stack.gatewayUrl() + "/v1/" + operation.collection().objects() + "?limit=1";
        String newest = MatrixCalls.send("GET", list, ownerKey, null).data().path(0).path("id").asString("");
        Http.Response answer = MatrixCalls.send("POST", stack.gatewayUrl() + operation.path(), restrictedKey, body);
        if (answer.status() != 403 || !answer.errorCode().equals("site_forbidden")) {
            fail(operation, "a key restricted to another site naming that site's objects", answer,
                    "403 site_forbidden");
        }
        String after = MatrixCalls.send("GET", list, ownerKey, null).data().path(0).path("id").asString("");
        if (!after.equals(newest)) {
            failures.add(operation.name() + " by a key restricted to another site: " + after + " was made");
        }
        cover(operation, "site create");
    }

    /** Whether a body's site-bound fields name an object of the other site. */
    private boolean namesAnotherSite(String body) {
        JsonNode json = Http.JSON.readTree(body);
        for (String field : SITE_BOUND_FIELDS) {
            JsonNode value = json.path(field);
            List<JsonNode> ids = new ArrayList<>();
            if (value.isArray()) {
                value.forEach(ids::add);
            } else if (value.isString()) {
                ids.add(value);
            }
            if (ids.stream().anyMatch(id -> isOfAnotherSite(id.asString()))) {
                return true;
            }
        }
        return false;
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
        Set<String> sites = sitesNamed(row);
        if (sites.isEmpty()) {
            sites = sitesOf.getOrDefault(row.path("id").asString(""), Set.of());
        }
        return !sites.isEmpty() && !sites.contains(restrictedSite);
    }

    /** The sites a resource names ({@code site_id}, {@code site_ids}); for an event, those its {@code data} names. */
    private static Set<String> sitesNamed(JsonNode resource) {
        JsonNode named = resource.path("object").asString().equals("event") ? resource.path("data") : resource;
        Set<String> sites = new LinkedHashSet<>();
        if (!named.path("site_id").asString("").isEmpty()) {
            sites.add(named.path("site_id").asString());
        }
        named.path("site_ids").forEach(site -> sites.add(site.asString()));
        return sites;
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
    private void guard(List<Operation> operations, List<String> problems, Path root) {
        Set<String> usedExemptions = new TreeSet<>();
        for (Operation operation : operations) {
            Set<String> checks = covered.getOrDefault(operation.name(), Set.of());
            if (!checks.contains("scope")) {
                problems.add(operation.name() + ": no scope check (the document names no scope)");
            }
            if (operation.kind() == Kind.CREATE && !checks.contains("site create")
                    && operation.bodyFields().stream().anyMatch(SITE_BOUND_FIELDS::contains)) {
                problems.add(operation.name() + ": its body names an object of a site, but no fixture line or "
                        + "SITE_PROBES body names one of the other site's");
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
        EXEMPT.forEach((path, exemption) -> {
            if (exemption.checkedIn() != null) {
                checkedIn(path, exemption.checkedIn(), root).ifPresent(problems::add);
            }
        });
    }

    /**
     * Whether the test an exemption names exists, is a test, and names every fixed part of the exempt path
     * ({@code /v1/sale-processes/} and {@code /close}): a problem otherwise.
     */
    private static Optional<String> checkedIn(String path, String test, Path root) {
        String[] parts = test.split("#");
        try {
            Class<?> type = Class.forName(TenancyMatrixE2E.class.getPackageName() + "." + parts[0]);
            if (!type.getDeclaredMethod(parts[1]).isAnnotationPresent(Test.class)) {
                return Optional.of(path + ": exempt as checked in " + test + ", which is not a @Test");
            }
        } catch (ReflectiveOperationException e) {
            return Optional.of(path + ": exempt as checked in " + test + ", which does not exist");
        }
        String source;
        try {
            source = Files.readString(root.resolve("e2e-tests/src/test/java")
                    .resolve(TenancyMatrixE2E.class.getPackageName().replace('.', '/')).resolve(parts[0] + ".java"));
        } catch (IOException e) {
            return Optional.of(path + ": cannot read the source of " + test + ": " + e);
        }
        String route = path.contains(" ") ? path.substring(path.indexOf(' ') + 1) : path;
        return Arrays.stream(route.split("\\{[^}]+}")).filter(part -> !part.isEmpty())
                .filter(part -> !source.contains(part)).findFirst()
                .map(part -> path + ": exempt as checked in " + test + ", whose source never names " + part);
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
        EXEMPT.forEach((path, exemption) -> System.out.println("[matrix] exempt " + path + ": " + exemption.reason()
                + (exemption.checkedIn() == null ? "" : "; checked in " + exemption.checkedIn())));
        restrictedAnswers.forEach((answer, answered) -> System.out.println("[matrix] the restricted key by id, "
                + answer + ": " + answered));
        failures.forEach(failure -> System.out.println("[matrix] FAIL " + failure));
    }
}
