package com.storageplatform.kit.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.CallerTokenSigner;
import com.storageplatform.kit.caller.Pem;
import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import java.security.interfaces.ECPrivateKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

/** Every failure path answers the error envelope, through a real HTTP server. */
@PlatformTest
class ErrorEnvelopeTest {

    @Autowired
    WebTestClient client;

    private final Caller caller = TestCallers.apiCaller("samples:write", "samples:read");

    private WebTestClient.RequestBodySpec post(String path) {
        return client.post().uri(path).header("Authorization", TestCallers.bearer(caller));
    }

    @Test
    void malformedJsonIsInvalidRequest() {
        post("/v1/samples").contentType(MediaType.APPLICATION_JSON).bodyValue("{\"name\": ")
                .exchange()
                .expectStatus().isEqualTo(400)
                .expectBody()
                .jsonPath("$.error.code").isEqualTo("invalid_request")
                .jsonPath("$.error.message").isNotEmpty()
                .jsonPath("$.data").doesNotExist();
    }

    @Test
    void unknownBodyFieldIsNamedWithItsPath() {
        post("/v1/samples").contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"name\":\"a\",\"items\":[{\"item_type\":\"fee\",\"foo\":1}]}")
                .exchange()
                .expectStatus().isEqualTo(422)
                .expectBody()
                .jsonPath("$.error.code").isEqualTo("validation_error")
                .jsonPath("$.error.details[0].field").isEqualTo("items[0].foo")
                .jsonPath("$.error.details[0].issue").isEqualTo("unknown_field");
    }

    @Test
    void unknownTopLevelFieldIsUnknownField() {
        post("/v1/samples").contentType(MediaType.APPLICATION_JSON).bodyValue("{\"name\":\"a\",\"colour\":\"red\"}")
                .exchange()
                .expectStatus().isEqualTo(422)
                .expectBody()
                .jsonPath("$.error.details[0].field").isEqualTo("colour")
                .jsonPath("$.error.details[0].issue").isEqualTo("unknown_field");
    }

    @Test
    void wrongTypeNamesTheField() {
        post("/v1/samples").contentType(MediaType.APPLICATION_JSON).bodyValue("{\"name\":\"a\",\"amount_minor\":\"12\"}")
                .exchange()
                .expectStatus().isEqualTo(422)
                .expectBody()
                .jsonPath("$.error.code").isEqualTo("validation_error")
                .jsonPath("$.error.details[0].field").isEqualTo("amount_minor")
                .jsonPath("$.error.details[0].issue").isEqualTo("invalid");
    }

    @Test
    void numberForAStringIsRefused() {
        post("/v1/samples").contentType(MediaType.APPLICATION_JSON).bodyValue("{\"name\":5}")
                .exchange()
                .expectStatus().isEqualTo(422)
                .expectBody().jsonPath("$.error.details[0].field").isEqualTo("name");
    }

    @Test
    void nestedWrongTypeNamesTheIndexedPath() {
        post("/v1/samples").contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"name\":\"a\",\"items\":[{\"item_type\":\"fee\",\"quantity\":1.5}]}")
                .exchange()
                .expectStatus().isEqualTo(422)
                .expectBody().jsonPath("$.error.details[0].field").isEqualTo("items[0].quantity");
    }

    @Test
    void aStringHoldingNulIsInvalidNamingItsPath() {
        post("/v1/samples").contentType(MediaType.APPLICATION_JSON).bodyValue("{\"name\":\"nul\\u0000name\"}")
                .exchange()
                .expectStatus().isEqualTo(422)
                .expectBody()
                .jsonPath("$.error.code").isEqualTo("validation_error")
                .jsonPath("$.error.details[0].field").isEqualTo("name")
                .jsonPath("$.error.details[0].issue").isEqualTo("invalid");
        post("/v1/samples").contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"name\":\"nul-item\",\"items\":[{\"item_type\":\"fee\"},{\"item_type\":\"\\u0000\"}]}")
                .exchange()
                .expectStatus().isEqualTo(422)
                .expectBody()
                .jsonPath("$.error.details[0].field").isEqualTo("items[1].item_type")
                .jsonPath("$.error.details[0].issue").isEqualTo("invalid");
    }

    @Test
    void invalidDateNamesTheField() {
        post("/v1/samples").contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"name\":\"a\",\"starts_on\":\"2026-02-30\"}")
                .exchange()
                .expectStatus().isEqualTo(422)
                .expectBody().jsonPath("$.error.details[0].field").isEqualTo("starts_on");
    }

    @Test
    void validationErrorsListEveryField() {
        post("/v1/samples").contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"status\":\"lost\",\"amount_minor\":-1}")
                .exchange()
                .expectStatus().isEqualTo(422)
                .expectBody()
                .jsonPath("$.error.details.length()").isEqualTo(3)
                .jsonPath("$.error.details[0].field").isEqualTo("name")
                .jsonPath("$.error.details[0].issue").isEqualTo("required")
                .jsonPath("$.error.details[1].field").isEqualTo("status")
                .jsonPath("$.error.details[2].issue").isEqualTo("below_minimum");
    }

    @Test
    void otherContentTypeIsUnsupportedMediaType() {
        post("/v1/samples").contentType(MediaType.TEXT_PLAIN).bodyValue("name=a")
                .exchange()
                .expectStatus().isEqualTo(415)
                .expectBody().jsonPath("$.error.code").isEqualTo("unsupported_media_type");
    }

    @Test
    void aVendorJsonTypeIsUnsupportedMediaType() {
        post("/v1/samples").contentType(MediaType.parseMediaType("application/vnd.foo+json"))
                .bodyValue("{\"name\":\"vendor\"}")
                .exchange()
                .expectStatus().isEqualTo(415)
                .expectBody()
                .jsonPath("$.error.code").isEqualTo("unsupported_media_type")
                .jsonPath("$.error.message").isEqualTo(
                        "The request body must be JSON, sent with Content-Type: application/json.");
    }

    @Test
    void jsonWithACharsetIsAccepted() {
        post("/v1/samples").contentType(MediaType.parseMediaType("application/json;charset=UTF-8"))
                .bodyValue("{\"name\":\"with-charset\"}")
                .exchange()
                .expectStatus().isCreated()
                .expectBody().jsonPath("$.data.name").isEqualTo("with-charset");
    }

    @Test
    void unknownRouteIsNotFound() {
        client.get().uri("/v1/nothing-here").header("Authorization", TestCallers.bearer(caller))
                .exchange()
                .expectStatus().isNotFound()
                .expectBody().jsonPath("$.error.code").isEqualTo("not_found");
    }

    @Test
    void malformedIdInPathIsNotFound() {
        client.get().uri("/v1/samples/not-a-uuid").header("Authorization", TestCallers.bearer(caller))
                .exchange()
                .expectStatus().isNotFound()
                .expectBody().jsonPath("$.error.code").isEqualTo("not_found");
    }

    @Test
    void wrongMethodIsMethodNotAllowed() {
        client.delete().uri("/v1/samples").header("Authorization", TestCallers.bearer(caller))
                .exchange()
                .expectStatus().isEqualTo(405)
                .expectHeader().exists("Allow")
                .expectBody().jsonPath("$.error.code").isEqualTo("method_not_allowed");
    }

    @Test
    void aMethodTheRequestFirewallRefusesIsMethodNotAllowedInTheEnvelope() {
        client.method(HttpMethod.TRACE).uri("/v1/samples").header("Authorization", TestCallers.bearer(caller))
                .exchange()
                .expectStatus().isEqualTo(405)
                .expectHeader().exists("Allow")
                .expectBody().jsonPath("$.error.code").isEqualTo("method_not_allowed");
    }

    @Test
    void aWrongMethodOnTheKitsOwnRoutesIsMethodNotAllowed() {
        String admin = TestCallers.bearer(TestCallers.platformAdmin());
        client.delete().uri("/health").exchange()
                .expectStatus().isEqualTo(405)
                .expectHeader().valueEquals("Allow", "GET")
                .expectBody().jsonPath("$.error.code").isEqualTo("method_not_allowed");
        client.post().uri("/internal/ready").exchange()
                .expectStatus().isEqualTo(405)
                .expectHeader().valueEquals("Allow", "GET")
                .expectBody().jsonPath("$.error.code").isEqualTo("method_not_allowed");
        client.get().uri("/internal/jobs/idempotency-cleanup/run").header("Authorization", admin).exchange()
                .expectStatus().isEqualTo(405)
                .expectHeader().valueEquals("Allow", "POST")
                .expectBody().jsonPath("$.error.code").isEqualTo("method_not_allowed");
        client.delete().uri("/internal/clock").header("Authorization", admin).exchange()
                .expectStatus().isEqualTo(405)
                .expectHeader().valueEquals("Allow", "GET, POST")
                .expectBody().jsonPath("$.error.code").isEqualTo("method_not_allowed");
        client.get().uri("/health").exchange().expectStatus().isOk();
    }

    @Test
    void theAdminRoutesStayHiddenFromOtherCallersWhateverTheMethod() {
        client.delete().uri("/internal/clock").header("Authorization", TestCallers.bearer(caller)).exchange()
                .expectStatus().isNotFound()
                .expectHeader().doesNotExist("Allow")
                .expectBody().jsonPath("$.error.code").isEqualTo("not_found");
        client.get().uri("/internal/jobs/idempotency-cleanup/run").header("Authorization", TestCallers.bearer(caller))
                .exchange()
                .expectStatus().isNotFound();
    }

    @Test
    void unexpectedFailureIsInternalErrorWithoutDetail() {
        String body = post("/v1/samples/fail-after-write").contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"name\":\"boom\"}")
                .exchange()
                .expectStatus().isEqualTo(500)
                .expectHeader().exists(RequestIds.HEADER)
                .expectBody(String.class).returnResult().getResponseBody();
        assertThat(body).contains("\"code\":\"internal_error\"")
                .doesNotContain("SELECT").doesNotContain("IllegalStateException").doesNotContain("at com.")
                .doesNotContain("Exception");
    }

    @Test
    void missingCallerTokenIsUnauthorized() {
        client.get().uri("/v1/samples")
                .exchange()
                .expectStatus().isUnauthorized()
                .expectBody().jsonPath("$.error.code").isEqualTo("unauthorized");
    }

    @Test
    void malformedAuthorizationHeaderIsUnauthorized() {
        client.get().uri("/v1/samples").header("Authorization", "Bearer not a token")
                .exchange()
                .expectStatus().isUnauthorized()
                .expectBody().jsonPath("$.error.code").isEqualTo("unauthorized");
    }

    @Test
    void tokenSignedByAnotherKeyIsUnauthorized() {
        CallerTokenSigner forger = new CallerTokenSigner((ECPrivateKey) Pem.newP256KeyPair().getPrivate());
        client.get().uri("/v1/samples").header("Authorization", "Bearer " + forger.sign(caller))
                .exchange()
                .expectStatus().isUnauthorized()
                .expectBody().jsonPath("$.error.code").isEqualTo("unauthorized");
    }

    @Test
    void expiredTokenIsUnauthorized() {
        Clock past = Clock.fixed(Instant.now().minus(Duration.ofMinutes(10)), ZoneOffset.UTC);
        CallerTokenSigner signer = new CallerTokenSigner(Pem.privateKey(TestCallers.privateKeyPem()), past,
                CallerTokenSigner.DEFAULT_LIFETIME);
        client.get().uri("/v1/samples").header("Authorization", "Bearer " + signer.sign(caller))
                .exchange()
                .expectStatus().isUnauthorized()
                .expectBody().jsonPath("$.error.code").isEqualTo("unauthorized");
    }

    @Test
    void aTokenForAnotherAudienceOrIssuerOrWithoutAnAccountIsUnauthorized() throws Exception {
        for (UnaryOperator<JWTClaimsSet.Builder> wrong : List.<UnaryOperator<JWTClaimsSet.Builder>>of(
                claims -> claims.audience("storage-platform-dashboard"),
                claims -> claims.issuer("https://keycloak.example"),
                claims -> claims.claim("account_id", null))) {
            client.get().uri("/v1/samples").header("Authorization", "Bearer " + resigned(wrong))
                    .exchange()
                    .expectStatus().isUnauthorized()
                    .expectBody().jsonPath("$.error.code").isEqualTo("unauthorized");
        }
        client.get().uri("/v1/samples").header("Authorization", "Bearer " + resigned(claims -> claims))
                .exchange()
                .expectStatus().isOk();
    }

    /** The caller's genuine token with its claims changed, signed again with the gateway's key. */
    private String resigned(UnaryOperator<JWTClaimsSet.Builder> change) throws Exception {
        JWTClaimsSet genuine = SignedJWT.parse(TestCallers.token(caller)).getJWTClaimsSet();
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.ES256),
                change.apply(new JWTClaimsSet.Builder(genuine)).build());
        jwt.sign(new ECDSASigner(Pem.privateKey(TestCallers.privateKeyPem())));
        return jwt.serialize();
    }

    @Test
    void aPublicPathIgnoresWhateverAuthorizationItIsSent() {
        client.get().uri("/v1/public/ping").exchange().expectStatus().isOk();
        client.get().uri("/v1/public/ping").header("Authorization", "Bearer not-a-caller-token").exchange()
                .expectStatus().isOk();
        client.get().uri("/v1/public/ping").header("Authorization", "Basic Y2xpOnNlY3JldA==").exchange()
                .expectStatus().isOk();
    }

    @Test
    void healthNeedsNoToken() {
        client.get().uri("/health")
                .exchange()
                .expectStatus().isOk()
                .expectBody().jsonPath("$.status").isEqualTo("ok");
    }

    @Test
    void readinessPingsTheDatabase() {
        client.get().uri("/internal/ready")
                .exchange()
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.status").isEqualTo("ok")
                .jsonPath("$.database").isEqualTo("ok");
    }

    @Test
    void wellFormedRequestIdIsEchoed() {
        client.get().uri("/health").header(RequestIds.HEADER, "req_abcdef123456")
                .exchange()
                .expectHeader().valueEquals(RequestIds.HEADER, "req_abcdef123456");
    }

    @Test
    void createAnswersTheSuccessEnvelope() {
        post("/v1/samples").contentType(MediaType.APPLICATION_JSON).bodyValue("{\"name\":\"first\"}")
                .exchange()
                .expectStatus().isCreated()
                .expectBody()
                .jsonPath("$.data.object").isEqualTo("sample")
                .jsonPath("$.data.name").isEqualTo("first")
                .jsonPath("$.data.created_at").value(value -> assertThat((String) value).endsWith("Z"))
                .jsonPath("$.error").doesNotExist();
    }
}
