package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The exact-scope matrix: for every family, read-only and write-only credentials against one of its collections. */
class ScopesE2E {

    /** One collection of each family; events and reports have no write scope. */
    static final Map<String, String> COLLECTIONS = new LinkedHashMap<>();

    static {
        COLLECTIONS.put("sites", "/v1/sites");
        COLLECTIONS.put("units", "/v1/units");
        COLLECTIONS.put("catalogue", "/v1/products");
        COLLECTIONS.put("contacts", "/v1/contacts");
        COLLECTIONS.put("reservations", "/v1/reservations");
        COLLECTIONS.put("agreements", "/v1/agreements");
        COLLECTIONS.put("billing", "/v1/payments");
        COLLECTIONS.put("crm", "/v1/deals");
        COLLECTIONS.put("compliance", "/v1/contracts");
        COLLECTIONS.put("access", "/v1/access-credentials");
        COLLECTIONS.put("integrations", "/v1/integration-connections");
        COLLECTIONS.put("messages", "/v1/messages");
        COLLECTIONS.put("webhooks", "/v1/webhooks");
        COLLECTIONS.put("imports", "/v1/imports");
        COLLECTIONS.put("events", "/v1/events");
        COLLECTIONS.put("reports", "/v1/reports/occupancy");
    }

    /**
     * What a list may answer a caller with the right scope: its page, a refusal of the (missing) query parameters,
     * or 404 {@code not_found} from a service that does not serve the collection yet, which the gateway passed
     * the request to; never a credential refusal and never a failure (5xx).
     */
    static final Set<Integer> ALLOWED_READ = Set.of(200, 400, 404, 422);
    /**
     * What an empty create may answer a caller with the right scope: created, refused for its content (415 where the
     * collection takes another body than JSON: an import's file is {@code text/csv}), or 404.
     */
    static final Set<Integer> ALLOWED_WRITE = Set.of(201, 400, 404, 409, 415, 422);
    static final Set<String> CREDENTIAL_REFUSALS = Set.of("unauthorized", "insufficient_scope");

    private final DevStack stack = Stack.get();
    private final Admin admin = new Admin(stack);

    private static void assertAllowed(String what, Http.Response response, Set<Integer> allowed) {
        assertThat(response.status()).as(what + ": " + response.body()).isIn(allowed);
        assertThat(response.errorCode()).as(what + ": " + response.body()).isNotIn(CREDENTIAL_REFUSALS);
        if (response.status() == 404) {
            assertThat(response.errorCode()).as(what + ": " + response.body()).isEqualTo("not_found");
        }
    }

    @Test
    void eachFamilysReadAndWriteScopesAreExact() {
        Admin.Operator operator = admin.newOperator("Scopes Ltd");
        COLLECTIONS.forEach((family, path) -> {
            String url = stack.gatewayUrl() + path;
            String reader = admin.apiKey(operator, "test", family + ":read");

            assertAllowed(family + " read with " + family + ":read", Http.get(url, reader), ALLOWED_READ);

            if (family.equals("events") || family.equals("reports")) {
                assertThat(Http.post(url, reader, Map.of()).status()).as(family + " is read-only").isEqualTo(405);
                return;
            }
            Http.Response writeWithRead = Http.post(url, reader, Map.of());
            assertThat(writeWithRead.status()).as(family + " write with read").isEqualTo(403);
            assertThat(writeWithRead.errorCode()).isEqualTo("insufficient_scope");
            assertThat(writeWithRead.body().path("error").path("message").asString()).contains(family + ":write");

            String writer = admin.apiKey(operator, "test", family + ":write");
            Http.Response readWithWrite = Http.get(url, writer);
            assertThat(readWithWrite.status()).as(family + " read with write").isEqualTo(403);
            assertThat(readWithWrite.body().path("error").path("message").asString()).contains(family + ":read");
            assertAllowed(family + " write with " + family + ":write", Http.post(url, writer, Map.of()), ALLOWED_WRITE);
        });
    }

    @Test
    void anotherFamilysReadScopeDoesNotReadThisOne() {
        Admin.Operator operator = admin.newOperator("Cross Scopes Ltd");
        Http.Response response = Http.get(stack.gatewayUrl() + "/v1/units",
                admin.apiKey(operator, "test", "sites:read"));
        assertThat(response.status()).as(response.body().toString()).isEqualTo(403);
        assertThat(response.errorCode()).isEqualTo("insufficient_scope");
        assertThat(response.body().path("error").path("message").asString()).contains("units:read");
    }

    @Test
    void billingWriteAloneCannotListPayments() {
        Admin.Operator operator = admin.newOperator("Billing Ltd");
        Http.Response response = Http.get(stack.gatewayUrl() + "/v1/payments", admin.apiKey(operator, "live", "billing:write"));
        assertThat(response.status()).isEqualTo(403);
        assertThat(response.errorCode()).isEqualTo("insufficient_scope");
    }
}
