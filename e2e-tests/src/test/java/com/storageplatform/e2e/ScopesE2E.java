package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import java.util.LinkedHashMap;
import java.util.Map;
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

    private final DevStack stack = Stack.get();
    private final Admin admin = new Admin(stack);

    @Test
    void eachFamilysReadAndWriteScopesAreExact() {
        Admin.Operator operator = admin.newOperator("Scopes Ltd");
        COLLECTIONS.forEach((family, path) -> {
            String url = stack.gatewayUrl() + path;
            String reader = admin.apiKey(operator, "test", family + ":read");

            Http.Response read = Http.get(url, reader);
            assertThat(read.status()).as(family + " read with " + family + ":read").isNotIn(401, 403);

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
            assertThat(Http.post(url, writer, Map.of()).status()).as(family + " write with write").isNotIn(401, 403);
        });
    }

    @Test
    void billingWriteAloneCannotListPayments() {
        Admin.Operator operator = admin.newOperator("Billing Ltd");
        Http.Response response = Http.get(stack.gatewayUrl() + "/v1/payments", admin.apiKey(operator, "live", "billing:write"));
        assertThat(response.status()).isEqualTo(403);
        assertThat(response.errorCode()).isEqualTo("insufficient_scope");
    }
}
