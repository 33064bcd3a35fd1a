package com.storageplatform.auth.introspection;

import static com.storageplatform.auth.AuthApi.body;
import static com.storageplatform.auth.AuthApi.data;
import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.auth.AuthApi;
import com.storageplatform.auth.OAuthApps;
import com.storageplatform.auth.signin.OperatorSessions;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;

/** {@code POST /internal/introspect} for the gateway, and how secrets are kept at rest. */
@PlatformTest
class IntrospectionTest {

    static final List<String> INTROSPECTION_FIELDS = List.of("active", "credential_id", "kind", "operator_id",
            "account_id", "environment", "scopes", "site_ids", "actor_type", "expires_at");

    @Autowired
    WebTestClient client;
    @Autowired
    OperatorSessions sessions;
    @LocalServerPort
    int port;

    @Autowired
    DatabaseClient db;

    private AuthApi api;

    @BeforeEach
    void setUp() {
        api = new AuthApi(client);
    }

    @AfterEach
    void resetClock() {
        api.resetClock();
    }

    private static byte[] sha256(String secret) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void onlyThePlatformAdminMayIntrospect() {
        String key = (String) api.createApiKey(api.createOperatorId(), "test", AuthApi.SCOPES).get("key");
        client.post().uri("/internal/introspect")
                .header("Authorization", TestCallers.bearer(TestCallers.apiCaller("sites:read")))
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("token", key))
                .exchange()
                .expectStatus().isNotFound()
                .expectBody().jsonPath("$.error.code").isEqualTo("not_found");
        client.post().uri("/internal/introspect")
                .contentType(MediaType.APPLICATION_JSON).bodyValue(Map.of("token", key))
                .exchange()
                .expectStatus().isUnauthorized();
    }

    @Test
    void anActiveCredentialIsDescribedWithEveryField() {
        String operatorId = api.createOperatorId();
        Map<String, Object> key = api.createApiKey(operatorId, "test", AuthApi.SCOPES);
        Map<String, Object> introspected = api.introspect((String) key.get("key"));
        assertThat(introspected.keySet()).containsExactlyInAnyOrderElementsOf(INTROSPECTION_FIELDS);
        assertThat(introspected).containsEntry("active", true).containsEntry("credential_id", key.get("id"))
                .containsEntry("kind", "api_key").containsEntry("operator_id", operatorId)
                .containsEntry("account_id", key.get("account_id")).containsEntry("environment", "test")
                .containsEntry("scopes", AuthApi.SCOPES).containsEntry("site_ids", null)
                .containsEntry("actor_type", "api").containsEntry("expires_at", null);
    }

    @Test
    void anUnknownOrForeignSecretIsInactiveWithEveryOtherFieldNull() {
        for (String token : List.of("svc_live_" + "a".repeat(40), "svc_at_nothing", "hello", "", " ",
                "svc_test_" + "x".repeat(5000))) {
            if (token.isBlank()) {
                continue;
            }
            Map<String, Object> introspected = api.introspect(token);
            assertThat(introspected.keySet()).containsExactlyInAnyOrderElementsOf(INTROSPECTION_FIELDS);
            assertThat(introspected).containsEntry("active", false);
            INTROSPECTION_FIELDS.stream().filter(field -> !field.equals("active"))
                    .forEach(field -> assertThat(introspected.get(field)).as(field).isNull());
        }
        for (String body : List.of("{}", "{\"token\": \"\"}", "{\"token\": null}")) {
            client.post().uri("/internal/introspect").header("Authorization", AuthApi.admin())
                    .contentType(MediaType.APPLICATION_JSON).bodyValue(body)
                    .exchange()
                    .expectStatus().isEqualTo(422)
                    .expectBody().jsonPath("$.error.details[0].field").isEqualTo("token");
        }
        client.post().uri("/internal/introspect").header("Authorization", AuthApi.admin())
                .contentType(MediaType.APPLICATION_JSON).bodyValue("{\"token\": \"svc_live_x\", \"hint\": \"api_key\"}")
                .exchange()
                .expectStatus().isEqualTo(422)
                .expectBody().jsonPath("$.error.details[0].issue").isEqualTo("unknown_field");
    }

    @Test
    void aRefreshTokenIsAlwaysReportedAsARefreshToken() {
        OAuthApps apps = new OAuthApps(client, sessions, port);
        OAuthApps.Person owner = apps.signedIn("owner");
        Map<String, Object> oauthClient = apps.app(api.createOperatorId(), List.of("sites:read"));
        Map<String, Object> tokens = body(apps.exchange(oauthClient, apps.approve(owner, oauthClient, null, "s")
                .get("code"), OAuthApps.VERIFIER).expectStatus().isOk());
        String refreshToken = (String) tokens.get("refresh_token");

        assertThat(api.introspect(refreshToken)).containsEntry("active", true)
                .containsEntry("kind", "refresh_token").containsEntry("operator_id", owner.operatorId());

        data(api.post("/admin/v1/oauth-clients/" + oauthClient.get("id") + "/revoke", null), 200);
        assertThat(api.introspect(refreshToken)).containsEntry("active", false);
    }

    @Test
    void aTokenOfARevokedClientIsInactiveEvenWhileItsOwnRowIsNotRevoked() throws Exception {
        String operatorId = api.createOperatorId();
        Map<String, Object> oauthClient = api.createOAuthClient(operatorId, List.of("authorization_code"),
                List.of("sites:read"));
        String accessToken = "svc_at_" + "A".repeat(40);
        Instant now = Instant.now();
        db.sql("""
                INSERT INTO credentials (id, kind, secret_hash, secret_prefix, operator_id, account_id, environment,
                    scopes, actor_type, oauth_client_id, expires_at, created_at)
                VALUES (:id::uuid, 'access_token', :hash, :prefix, :operator::uuid, :account::uuid, 'test',
                    ARRAY['sites:read'], 'api', :client::uuid, :expires, :now)
                """)
                .bind("id", Ids.newId().toString())
                .bind("hash", ByteBuffer.wrap(sha256(accessToken)))
                .bind("prefix", accessToken.substring(0, 12))
                .bind("operator", operatorId)
                .bind("account", oauthClient.get("account_id"))
                .bind("client", oauthClient.get("id"))
                .bind("expires", now.plusSeconds(3600))
                .bind("now", now)
                .then().block();
        assertThat(api.introspect(accessToken)).containsEntry("active", true);

        // Only the client row: the token's own revoked_at stays NULL, so the client's state alone must decide.
        db.sql("UPDATE oauth_clients SET revoked_at = now() WHERE id = :id::uuid")
                .bind("id", oauthClient.get("id")).then().block();
        assertThat(api.introspect(accessToken)).containsEntry("active", false);
    }

    @Test
    @SuppressWarnings("unchecked")
    void theDatabaseHoldsOnlyHashesOfTheSecretsItIssued() throws Exception {
        String operatorId = api.createOperatorId();
        List<String> secrets = new ArrayList<>();
        Map<String, Object> key = api.createApiKey(operatorId, "live", AuthApi.SCOPES);
        secrets.add((String) key.get("key"));
        secrets.add((String) data(api.post("/admin/v1/api-keys/" + key.get("id") + "/rotate", null), 201).get("key"));
        secrets.add((String) data(api.post("/admin/v1/operators/" + operatorId + "/static-tokens",
                Map.of("environment", "test", "name", "t", "scopes", List.of("sites:read"))), 201).get("token"));
        secrets.add((String) data(api.post("/admin/v1/operators/" + operatorId + "/staff-tokens",
                Map.of("environment", "test", "scopes", List.of("sites:read"))), 201).get("token"));
        Map<String, Object> oauthClient = api.createOAuthClient(operatorId, List.of("client_credentials"),
                AuthApi.SCOPES);
        secrets.add((String) oauthClient.get("client_secret"));
        secrets.add((String) body(api.token("grant_type=client_credentials", (String) oauthClient.get("client_id"),
                (String) oauthClient.get("client_secret")).expectStatus().isOk()).get("access_token"));
        assertThat(secrets).hasSize(6).doesNotContainNull();

        List<String> rows = new ArrayList<>();
        for (String table : List.of("credentials", "oauth_clients", "operators", "accounts", "outbox_events")) {
            rows.addAll(db.sql("SELECT row_to_json(t)::text AS row FROM " + table + " t")
                    .map(row -> row.get("row", String.class)).all().collectList().block());
        }
        assertThat(rows).isNotEmpty();
        for (String secret : secrets) {
            assertThat(rows).noneMatch(row -> row.contains(secret));
            assertThat(rows).noneMatch(row -> row.contains(secret.substring(12)));
        }

        List<String> storedHashes = db.sql("""
                SELECT encode(secret_hash, 'hex') AS hash FROM credentials
                UNION ALL SELECT encode(secret_hash, 'hex') FROM oauth_clients
                """).map(row -> row.get("hash", String.class)).all().collectList().block();
        for (String secret : secrets) {
            assertThat(storedHashes).contains(HexFormat.of().formatHex(sha256(secret)));
        }
    }

    @Test
    void theCleanupJobDeletesOAuthTokensAWeekAfterTheyExpiredAndNothingElse() {
        String operatorId = api.createOperatorId();
        Map<String, Object> oauthClient = api.createOAuthClient(operatorId, List.of("client_credentials"),
                AuthApi.SCOPES);
        String accessToken = (String) body(api.token("grant_type=client_credentials",
                (String) oauthClient.get("client_id"), (String) oauthClient.get("client_secret"))
                .expectStatus().isOk()).get("access_token");
        String tokenId = (String) api.introspect(accessToken).get("credential_id");
        Map<String, Object> key = api.createApiKey(operatorId, "test", AuthApi.SCOPES);
        data(api.post("/admin/v1/api-keys/" + key.get("id") + "/revoke", null), 200);

        api.advanceClock(7 * 24 * 3600 + 7200 - 60);
        client.post().uri("/internal/jobs/expired-token-cleanup/run").header("Authorization", AuthApi.admin())
                .exchange().expectStatus().isOk().expectBody().jsonPath("$.data.ran").isEqualTo(true);
        assertThat(count("SELECT count(*) AS n FROM credentials WHERE id = '" + tokenId + "'")).isEqualTo(1);

        api.advanceClock(120);
        client.post().uri("/internal/jobs/expired-token-cleanup/run").header("Authorization", AuthApi.admin())
                .exchange().expectStatus().isOk();
        assertThat(count("SELECT count(*) AS n FROM credentials WHERE id = '" + tokenId + "'")).isZero();
        assertThat(data(api.get("/admin/v1/api-keys/" + key.get("id")), 200)).containsEntry("status", "revoked");
    }

    private long count(String sql) {
        return db.sql(sql).map(row -> row.get("n", Long.class)).one().block();
    }
}
