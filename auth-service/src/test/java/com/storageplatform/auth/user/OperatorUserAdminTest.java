package com.storageplatform.auth.user;

import static com.storageplatform.auth.AuthApi.body;
import static com.storageplatform.auth.AuthApi.data;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.auth.AuthApi;
import com.storageplatform.auth.KeycloakTestServer;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.keycloak.admin.client.Keycloak;
import org.keycloak.representations.idm.ClientRepresentation;
import org.keycloak.representations.idm.UserRepresentation;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.reactive.server.WebTestClient;

/** {@code POST /admin/v1/operators/{id}/users}: the person is made in the real Keycloak, never with a password. */
@PlatformTest
class OperatorUserAdminTest {

    @Autowired
    WebTestClient client;

    private AuthApi api;
    private String operatorId;

    @BeforeEach
    void setUp() {
        api = new AuthApi(client);
        operatorId = api.createOperatorId();
    }

    @Test
    void anOwnerIsMadeInKeycloaksRealmWithoutAPasswordAndMappedToTheOperator() {
        String email = "Owner-" + System.nanoTime() + "@Harbour.example";
        Map<String, Object> user = data(api.post("/admin/v1/operators/" + operatorId + "/users",
                Map.of("email", email, "role", "owner")), 201);

        assertThat(user).containsOnlyKeys("id", "object", "operator_id", "email", "role", "created_at")
                .containsEntry("object", "operator_user").containsEntry("operator_id", operatorId)
                .containsEntry("email", email.toLowerCase()).containsEntry("role", "owner");
        try (Keycloak keycloak = KeycloakTestServer.get().admin()) {
            var realm = keycloak.realm(KeycloakTestServer.REALM);
            List<UserRepresentation> found = realm.users().searchByEmail(email.toLowerCase(), true);
            assertThat(found).singleElement().satisfies(person -> {
                assertThat(person.isEnabled()).isTrue();
                assertThat(person.isEmailVerified()).isTrue();
                assertThat(realm.users().get(person.getId()).credentials()).as("no password").isEmpty();
            });
            ClientRepresentation signIn = realm.clients().findByClientId(KeycloakTestServer.CLIENT_ID).get(0);
            assertThat(signIn.isPublicClient()).isFalse();
            assertThat(signIn.isDirectAccessGrantsEnabled()).as("no password grant").isFalse();
            assertThat(signIn.getRedirectUris()).contains("http://127.0.0.1:18999/app/sign-in-callback");
            assertThat(signIn.getAttributes()).containsEntry("pkce.code.challenge.method", "S256");
        }
        assertThat((List<?>) body(api.get("/admin/v1/operators/" + operatorId + "/users")).get("data"))
                .singleElement().satisfies(listed -> assertThat(listed).isEqualTo(user));
    }

    @Test
    void anEmailBelongsToOnePersonOnly() {
        String email = "staff-" + System.nanoTime() + "@harbour.example";
        data(api.post("/admin/v1/operators/" + operatorId + "/users", Map.of("email", email, "role", "staff")), 201);

        assertThat(body(api.post("/admin/v1/operators/" + api.createOperatorId() + "/users",
                Map.of("email", email.toUpperCase(), "role", "owner")).expectStatus().isEqualTo(409)))
                .extractingByKey("error").extracting("code").isEqualTo("conflict");
    }

    @Test
    void everyBadFieldIsNamedAndAnUnknownOperatorIsNotFound() {
        Map<String, Object> refused = body(api.post("/admin/v1/operators/" + operatorId + "/users",
                Map.of("email", "not-an-address", "role", "admin")).expectStatus().isEqualTo(422));
        assertThat(refused).extractingByKey("error").extracting("details").asInstanceOf(
                org.assertj.core.api.InstanceOfAssertFactories.LIST).containsExactlyInAnyOrder(
                Map.of("field", "email", "issue", "invalid"), Map.of("field", "role", "issue", "invalid"));
        api.post("/admin/v1/operators/" + operatorId + "/users", Map.of()).expectStatus().isEqualTo(422);
        api.post("/admin/v1/operators/" + operatorId + "/users",
                Map.of("email", "a@b.example", "role", "owner", "password", "x")).expectStatus().isEqualTo(422);
        api.post("/admin/v1/operators/" + Ids.newId() + "/users", Map.of("email", "a@b.example", "role", "owner"))
                .expectStatus().isNotFound();
    }
}
