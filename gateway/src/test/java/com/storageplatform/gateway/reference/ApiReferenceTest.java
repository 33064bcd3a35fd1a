package com.storageplatform.gateway.reference;

import static org.assertj.core.api.Assertions.assertThat;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webtestclient.autoconfigure.AutoConfigureWebTestClient;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * {@code GET /openapi.json} and {@code GET /docs} answer without a credential, whatever the services behind the
 * gateway are doing: here every service address is a closed port, so a reference that asked them would fail.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureWebTestClient
class ApiReferenceTest {

    @DynamicPropertySource
    static void servicesThatAreAllDown(DynamicPropertyRegistry registry) {
        for (String service : new String[] {"auth", "catalogue", "commerce", "billing", "crm", "compliance",
                "webhooks"}) {
            registry.add("platform.services." + service + ".url", () -> "http://127.0.0.1:1");
        }
        registry.add("platform.caller-token.private-key",
                com.storageplatform.kit.testsupport.TestCallers::privateKeyPem);
        registry.add("platform.admin-token", () -> "svc_admin_TestAdminTokenForTheGatewayTests0001");
    }

    @Autowired
    WebTestClient client;

    @Test
    void theDescriptionIsServedWithoutACredentialWhileEveryServiceIsDown() {
        // The whole platform's description is larger than a client buffers by default (256 KiB).
        byte[] body = client.mutate().codecs(codecs -> codecs.defaultCodecs().maxInMemorySize(8 * 1024 * 1024))
                .build().get().uri("/openapi.json").exchange()
                .expectStatus().isOk()
                .expectHeader().contentTypeCompatibleWith(MediaType.APPLICATION_JSON)
                .expectBody().returnResult().getResponseBodyContent();
        SwaggerParseResult parsed = new OpenAPIV3Parser().readContents(new String(body, StandardCharsets.UTF_8));
        assertThat(parsed.getMessages()).isEmpty();
        OpenAPI api = parsed.getOpenAPI();
        assertThat(api.getOpenapi()).startsWith("3.1");
        assertThat(api.getInfo().getTitle()).isEqualTo("Storage operator platform API");
        assertThat(api.getPaths()).containsKeys("/v1/sites", "/v1/coupons/{id}", "/v1/webhooks", "/v1/events",
                "/admin/v1/operators", "/oauth/token", "/v1/reservations", "/v1/agreements/{id}/sign");
        assertThat(api.getPaths().get("/v1/sites").getGet().getSecurity().get(0).get("bearer"))
                .containsExactly("sites:read");
    }

    @Test
    void theReferencePageIsServedWithoutACredentialAndLoadsNothingFromElsewhere() {
        String page = client.get().uri("/docs").exchange()
                .expectStatus().isOk()
                .expectHeader().contentTypeCompatibleWith(MediaType.TEXT_HTML)
                .expectHeader().valueEquals("Content-Security-Policy", ApiReference.CONTENT_SECURITY_POLICY)
                .expectBody(String.class).returnResult().getResponseBody();
        assertThat(page).contains("/docs/assets/swagger-ui-bundle.js", "/docs/assets/swagger-ui.css",
                "/docs/assets/docs.js").doesNotContain("http://", "https://");
        for (String asset : new String[] {"/docs/assets/swagger-ui-bundle.js", "/docs/assets/swagger-ui.css",
                "/docs/assets/docs.js"}) {
            byte[] content = client.mutate().codecs(codecs -> codecs.defaultCodecs().maxInMemorySize(8 * 1024 * 1024))
                    .build().get().uri(asset).exchange()
                    .expectStatus().isOk()
                    .expectBody().returnResult().getResponseBodyContent();
            assertThat(content).as(asset).isNotEmpty();
        }
        String script = client.get().uri("/docs/assets/docs.js").exchange()
                .expectBody(String.class).returnResult().getResponseBody();
        assertThat(script).contains("url: \"/openapi.json\"", "validatorUrl: null");
    }

    @Test
    void aDownloadDroppedMidwayDoesNotDisturbTheNext() {
        // The default client buffers at most 256 KiB: it gives up on the 1.5 MB bundle partway through.
        for (int i = 0; i < 3; i++) {
            try {
                client.get().uri("/docs/assets/swagger-ui-bundle.js").exchange().expectBody().returnResult();
            } catch (RuntimeException dropped) {
                // expected: the client stopped reading
            }
        }
        client.mutate().codecs(codecs -> codecs.defaultCodecs().maxInMemorySize(8 * 1024 * 1024)).build()
                .get().uri("/docs/assets/swagger-ui-bundle.js").exchange()
                .expectStatus().isOk()
                .expectHeader().contentTypeCompatibleWith("text/javascript");
        client.get().uri("/docs/assets/nothing.js").exchange()
                .expectStatus().isNotFound()
                .expectBody().jsonPath("$.error.code").isEqualTo("not_found");
    }

    @Test
    void anotherMethodOnTheReferenceIsNotServed() {
        client.post().uri("/openapi.json").exchange().expectStatus().is4xxClientError();
    }
}
