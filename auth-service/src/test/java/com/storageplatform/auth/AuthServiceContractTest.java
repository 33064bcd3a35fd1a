package com.storageplatform.auth;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.ServiceContract;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.openapi.DocumentChecks;
import com.storageplatform.kit.testsupport.openapi.OpenApiContract;
import io.swagger.v3.oas.models.OpenAPI;
import org.junit.jupiter.api.Test;

/** auth-service boots against real PostgreSQL and Kafka and honours the platform's service contract. */
@PlatformTest
class AuthServiceContractTest extends ServiceContract {

    /** An unknown id: counted under its route's template, never under its own path. */
    @Override
    protected RouteProbe ownRoute() {
        return new RouteProbe("/admin/v1/operators/" + Ids.newId(), TestCallers.platformAdmin(),
                "/admin/v1/operators/{id}");
    }

    /**
     * A rotation answers 201 with the successor (docs/api/admin.md); its description said 200, the status springdoc
     * takes when a handler sets its own (found by the malformed-input run, issue 21).
     */
    @Test
    void rotationsAreDocumentedWithThe201TheyAnswer() {
        OpenAPI api = DocumentChecks.parse(OpenApiContract.document(client));
        for (String kind : new String[] {"api-keys", "static-tokens", "staff-tokens"}) {
            assertThat(api.getPaths().get("/admin/v1/" + kind + "/{id}/rotate").getPost().getResponses())
                    .as(kind).containsKey("201").doesNotContainKey("200");
        }
    }
}
