package com.storageplatform.kit.openapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.storageplatform.kit.testsupport.PlatformTest;
import com.storageplatform.kit.testsupport.TestCallers;
import com.storageplatform.kit.testsupport.openapi.DocumentChecks;
import com.storageplatform.kit.testsupport.openapi.OpenApiContract;
import com.storageplatform.kit.web.ErrorCode;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.test.web.reactive.server.WebTestClient;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The kit's shared parts in the document of a service built only from the kit (its sample resources): each
 * resource declares only its scope family, filters and own errors; the kit adds the rest.
 */
@PlatformTest
class OpenApiDocumentTest {

    @Autowired
    WebTestClient client;

    @Autowired
    ApplicationContext context;

    private OpenAPI document() {
        return DocumentChecks.parse(OpenApiContract.document(client));
    }

    @Test
    void theDocumentIsServedWithoutACallerTokenAndListsExactlyThePublicRoutes() {
        client.get().uri(OpenApiDefaults.DOCUMENT_PATH).exchange().expectStatus().isOk();
        OpenApiContract.listsExactlyTheRoutesAnswered(OpenApiContract.document(client), context);
        assertThat(document().getPaths()).doesNotContainKeys("/health", "/internal/ready", "/internal/clock");
    }

    @Test
    void everyOperationHasItsScopeErrorsAndExamples() {
        OpenApiContract.describesEveryOperationFully(OpenApiContract.document(client));
        OpenAPI api = document();
        assertThat(DocumentChecks.scopeOf(api.getPaths().get("/v1/samples").getGet())).isEqualTo("samples:read");
        assertThat(DocumentChecks.scopeOf(api.getPaths().get("/v1/samples").getPost())).isEqualTo("samples:write");
    }

    @Test
    @SuppressWarnings("rawtypes")
    void aReportDescribesItsQueryAndItsCsvBesideTheJsonList() {
        io.swagger.v3.oas.models.Operation report = document().getPaths().get("/v1/reports/samples").getGet();
        assertThat(report.getParameters()).extracting(p -> p.getName() == null ? p.get$ref() : p.getName())
                .contains("from", "to", "site_id", "group_by", "format", "#/components/parameters/Limit");
        io.swagger.v3.oas.models.parameters.Parameter groupBy = report.getParameters().stream()
                .filter(p -> "group_by".equals(p.getName())).findFirst().orElseThrow();
        assertThat((List) groupBy.getSchema().getEnum()).containsExactly("site", "week");
        var content = report.getResponses().get("200").getContent();
        assertThat(content).containsKeys("application/json", "text/csv");
        assertThat(content.get("text/csv").getExamples().get("example").getValue().toString())
                .startsWith("from,to,key,group_by,label,count,site_id,timezone\r\n");
    }

    @Test
    void aCsvUploadIsDescribedAsTextCsv() {
        OpenAPI api = document();
        var body = api.getPaths().get("/v1/samples/uploads").getPost().getRequestBody();
        assertThat(body.getContent()).containsOnlyKeys("text/csv");
        assertThat(body.getContent().get("text/csv").getSchema().getTypes()).containsExactly("string");
        assertThat(api.getComponents().getSchemas()).doesNotContainKey("DataBuffer");
    }

    @Test
    void mutationsTakeAnIdempotencyKeyAndListsTheirPagingAndFilters() {
        OpenAPI api = document();
        assertThat(refs(api.getPaths().get("/v1/samples").getPost())).contains("#/components/parameters/IdempotencyKey");
        assertThat(refs(api.getPaths().get("/v1/samples").getGet()))
                .contains("#/components/parameters/Limit", "#/components/parameters/Cursor")
                .doesNotContain("#/components/parameters/IdempotencyKey");
        Parameter status = api.getPaths().get("/v1/samples").getGet().getParameters().stream()
                .filter(parameter -> "status".equals(parameter.getName())).findFirst().orElseThrow();
        assertThat(status.getIn()).isEqualTo("query");
        assertThat(api.getComponents().getParameters().get("IdempotencyKey").getSchema().getMaxLength()).isEqualTo(255);
        assertThat(api.getComponents().getParameters().get("Limit").getSchema().getMaximum()).isEqualByComparingTo("100");
    }

    @Test
    void theEnvelopesAndTheErrorObjectWithEveryCodeAreDescribedOnce() {
        OpenAPI api = document();
        Schema<?> list = api.getComponents().getSchemas().get("ListOfSample");
        assertThat(list.getRequired()).containsExactly("data", "meta");
        assertThat(api.getComponents().getSchemas().get("DataSample").getRequired()).containsExactly("data");
        Schema<?> code = (Schema<?>) api.getComponents().getSchemas().get("ErrorBody").getProperties().get("code");
        assertThat(code.getEnum().stream().map(Object::toString).toList()).containsAll(Arrays.stream(ErrorCode.values()).map(ErrorCode::code).toList());
        assertThat(api.getPaths().get("/v1/samples").getPost().getResponses())
                .containsKeys("201", "400", "401", "403", "409", "413", "415", "422", "429", "500", "503", "504");
        assertThat(api.getPaths().get("/v1/samples/{id}").getGet().getResponses()).containsKey("404");
        assertThat(api.getComponents().getSecuritySchemes()).containsKeys("bearer", "platform_admin");
    }

    @Test
    void everyOperationDocumentsTheRefusalsOfAMalformedRequestWhateverItsRoute() {
        // Issue 21: a control character in a path or a parameter's name (400), a request line over 8 KiB (414) or
        // headers over 16 KiB (431) are refused before any route, also on a read by id, which documented none.
        OpenAPI api = document();
        api.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) ->
                assertThat(operation.getResponses()).as(method + " " + path).containsKeys("400", "414", "431")));
        io.swagger.v3.oas.models.responses.ApiResponse tooLong = api.getComponents().getResponses()
                .get("InvalidRequestUriTooLong");
        assertThat(tooLong.getDescription()).startsWith("`invalid_request`: The request is malformed");
        assertThat(tooLong.getContent().get("application/json").getExamples().get("invalid_request").getValue())
                .hasToString("{\"error\":{\"code\":\"invalid_request\",\"message\":\"The request line is longer than 8 "
                        + "KiB.\"}}");
        assertThat(api.getPaths().get("/v1/samples/{id}").getGet().getResponses().get("431").get$ref())
                .isEqualTo("#/components/responses/InvalidRequestRequestHeaderFieldsTooLarge");
    }

    @Test
    void idsAndMoneyFollowTheConventions() {
        OpenAPI api = document();
        Schema<?> sample = api.getComponents().getSchemas().get("Sample");
        assertThat(((Schema<?>) sample.getProperties().get("id")).getFormat()).isEqualTo("uuid");
        Schema<?> create = api.getComponents().getSchemas().get("CreateSample");
        assertThat(((Schema<?>) create.getProperties().get("amount_minor")).getDescription()).contains("minor units");
        assertThat(api.getPaths().get("/v1/samples/{id}").getGet().getParameters().get(0).getSchema().getFormat())
                .isEqualTo("uuid");
    }

    @Test
    void deprecatedOperationsAndFieldsAreMarkedAndAnswerWithTheHeaders() {
        OpenAPI api = document();
        Operation touch = api.getPaths().get("/v1/legacy-samples/{id}/touch").getPost();
        assertThat(touch.getDeprecated()).isTrue();
        assertThat(touch.getResponses().get("200").getHeaders()).containsKeys("Deprecation", "Sunset", "Link");
        Schema<?> legacy = api.getComponents().getSchemas().get("LegacySample");
        assertThat(((Schema<?>) legacy.getProperties().get("legacy_code")).getDeprecated()).isTrue();
        assertThat(((Schema<?>) legacy.getProperties().get("object")).getEnum().stream().map(Object::toString))
                .containsExactly("legacy_sample");

        String bearer = TestCallers.bearer(TestCallers.apiCaller("samples:read"));
        client.get().uri("/v1/legacy-samples/" + "0193d5c4-8e2a-7000-8000-000000000001").header("Authorization", bearer).exchange()
                .expectStatus().isOk()
                .expectHeader().valueEquals("Deprecation", Deprecations.deprecationValue(LocalDate.of(2026, 12, 1)))
                .expectHeader().valueEquals("Sunset", "Wed, 01 Dec 2027 00:00:00 GMT")
                .expectHeader().valueEquals("Link", "</docs#legacy>; rel=\"deprecation\"");
        // An error carries no deprecated field, so no headers.
        client.get().uri("/v1/legacy-samples/0193d5c4-8e2a-7000-8000-0000000000ff").header("Authorization", bearer)
                .exchange()
                .expectStatus().isNotFound()
                .expectHeader().doesNotExist("Deprecation");
        // A deprecated operation says so on every answer, errors included.
        client.post().uri("/v1/legacy-samples/0193d5c4-8e2a-7000-8000-0000000000ff/touch")
                .header("Authorization", TestCallers.bearer(TestCallers.apiCaller("samples:write"))).exchange()
                .expectStatus().isNotFound()
                .expectHeader().valueEquals("Deprecation", Deprecations.deprecationValue(LocalDate.of(2026, 11, 1)))
                .expectHeader().valueEquals("Sunset", "Sat, 01 May 2027 00:00:00 GMT");
        // Nothing deprecated, no headers.
        client.get().uri("/v1/samples").header("Authorization", bearer).exchange()
                .expectStatus().isOk()
                .expectHeader().doesNotExist("Deprecation");
    }

    @Test
    void aRouteMissingFromTheDocumentOrADocumentedRouteNobodyServesFailsTheContract() {
        String document = OpenApiContract.document(client);
        JsonMapper json = JsonMapper.builder().build();
        ObjectNode missing = (ObjectNode) json.readTree(document);
        ((ObjectNode) missing.get("paths")).remove("/v1/samples/{id}");
        assertThatThrownBy(() -> OpenApiContract.listsExactlyTheRoutesAnswered(
                        json.writeValueAsString(missing), context))
                .hasMessageContaining("Answered but not described: [GET /v1/samples/{}]");
        ObjectNode phantom = (ObjectNode) json.readTree(document);
        ObjectNode ghosts = (ObjectNode) phantom.get("paths").get("/v1/samples").deepCopy();
        ((ObjectNode) ghosts.get("get")).put("operationId", "getGhosts");
        ((ObjectNode) ghosts.get("post")).put("operationId", "postGhosts");
        ((ObjectNode) phantom.get("paths")).set("/v1/ghosts", ghosts);
        assertThatThrownBy(() -> OpenApiContract.listsExactlyTheRoutesAnswered(
                        json.writeValueAsString(phantom), context))
                .hasMessageContaining("Described but not answered: [GET /v1/ghosts, POST /v1/ghosts]");
    }

    @Test
    void anOperationWithoutItsScopeOrExampleFailsTheContract() {
        String document = OpenApiContract.document(client);
        String unscoped = document.replace("\"samples:read\"", "\"samples:write\"");
        assertThatThrownBy(
                        () -> OpenApiContract.describesEveryOperationFully(unscoped))
                .hasMessageContaining("GET /v1/samples: scope samples:write is not <family>:read");
        String bare = document.replace("\"examples\"", "\"x-examples\"");
        assertThatThrownBy(() -> OpenApiContract.describesEveryOperationFully(bare))
                .hasMessageContaining("has no example");
    }

    @Test
    void aFieldDescribedAsSometimesNullThatDoesNotAllowNullFailsTheContract() {
        JsonMapper json = JsonMapper.builder().build();
        ObjectNode document = (ObjectNode) json.readTree(OpenApiContract.document(client));
        ObjectNode name = (ObjectNode) document.get("components").get("schemas").get("Sample").get("properties")
                .get("name");
        name.put("description", "What it is called; never null.");
        OpenApiContract.describesEveryOperationFully(document.toString());

        name.put("description", "What it is called, or null when it has no name.");
        assertThatThrownBy(() -> OpenApiContract.describesEveryOperationFully(document.toString()))
                .hasMessageContaining("Sample.name: its description says it may be null, its schema does not allow "
                        + "null (mark the record component @Nullable)");

        name.putArray("type").add("string").add("null");
        OpenApiContract.describesEveryOperationFully(document.toString());
    }

    private static List<String> refs(Operation operation) {
        return operation.getParameters().stream().map(Parameter::get$ref).filter(java.util.Objects::nonNull).toList();
    }
}
