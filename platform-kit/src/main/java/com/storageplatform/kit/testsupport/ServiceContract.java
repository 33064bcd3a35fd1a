package com.storageplatform.kit.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.kit.PlatformProperties;
import com.storageplatform.kit.caller.CallerTokenSigner;
import com.storageplatform.kit.caller.Pem;
import com.storageplatform.kit.testsupport.openapi.OpenApiContract;
import java.security.interfaces.ECPrivateKey;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * What every service must do before it has any domain: extend it from a {@link PlatformTest} class in the
 * service and these run against the real service with real PostgreSQL and Kafka.
 */
public abstract class ServiceContract {

    @Autowired
    protected WebTestClient client;

    @Autowired
    protected DatabaseClient db;

    @Autowired
    private ApplicationContext context;

    @Autowired
    private PlatformProperties platform;

    @Test
    void healthAnswersWheneverTheProcessServes() {
        client.get().uri("/health").exchange()
                .expectStatus().isOk()
                .expectBody().jsonPath("$.status").isEqualTo("ok");
    }

    @Test
    void readinessPingsItsOwnDatabase() {
        client.get().uri("/internal/ready").exchange()
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.status").isEqualTo("ok")
                .jsonPath("$.database").isEqualTo("ok");
    }

    @Test
    void aCallWithoutTheGatewaysCallerTokenIsRefused() {
        client.get().uri("/v1/anything").exchange()
                .expectStatus().isUnauthorized()
                .expectBody().jsonPath("$.error.code").isEqualTo("unauthorized");
        client.get().uri("/v1/anything").header("Authorization", "Bearer svc_live_notacallertoken").exchange()
                .expectStatus().isUnauthorized();
    }

    @Test
    void aCallerTokenSignedByAnotherKeyIsRefused() {
        CallerTokenSigner forger = new CallerTokenSigner((ECPrivateKey) Pem.newP256KeyPair().getPrivate());
        client.get().uri("/v1/anything").header("Authorization", "Bearer " + forger.sign(TestCallers.apiCaller()))
                .exchange()
                .expectStatus().isUnauthorized();
    }

    @Test
    void anUnknownRouteIsNotFoundInTheErrorEnvelope() {
        client.get().uri("/v1/no-such-collection").header("Authorization", TestCallers.bearer(TestCallers.apiCaller()))
                .exchange()
                .expectStatus().isNotFound()
                .expectBody().jsonPath("$.error.code").isEqualTo("not_found");
    }

    @Test
    void itsOwnSchemaHoldsTheKitTablesAndItsMigrations() {
        Long kitTables = db.sql("""
                SELECT count(*) AS n FROM information_schema.tables
                WHERE table_schema = current_schema() AND table_name IN ('idempotency_keys', 'outbox_events')
                """).map(row -> row.get("n", Long.class)).one().block();
        assertThat(kitTables).isEqualTo(2);
        Long applied = db.sql("SELECT count(*) AS n FROM flyway_schema_history WHERE success")
                .map(row -> row.get("n", Long.class)).one().block();
        assertThat(applied).isPositive();
    }

    @Test
    void itsApiDescriptionParsesAndDescribesEveryOperationFully() {
        OpenApiContract.describesEveryOperationFully(OpenApiContract.document(client));
    }

    @Test
    void itsApiDescriptionListsExactlyTheRoutesItAnswers() {
        OpenApiContract.listsExactlyTheRoutesAnswered(OpenApiContract.document(client), context);
    }

    @Test
    void itsApiDescriptionIsTheCommittedOneAndOnlyGrows() {
        OpenApiContract.matchesItsBaseline(platform.service().name(), OpenApiContract.document(client));
    }
}
