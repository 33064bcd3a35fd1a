package com.storageplatform.gateway.reference;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.gateway.route.RouteTable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The API description and the gateway's route table agree: every {@code /v1} operation a service describes is
 * routed to that service, is not a write to a read-only collection, and names exactly the scope the gateway
 * enforces ({@code GET} {@code <family>:read}, else {@code <family>:write}); the admin API and the token endpoint
 * are the auth service's. The documents are the ones the gateway serves.
 */
class RouteAgreementTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final List<String> METHODS = List.of("get", "put", "post", "patch", "delete", "head", "options");

    @Test
    void everyDescribedOperationIsRoutedToItsServiceUnderTheScopeTheGatewayEnforces() throws IOException {
        Map<String, JsonNode> documents = packaged();
        assertThat(documents).containsKeys("auth", "catalogue", "webhooks", "commerce", "billing", "crm", "compliance");
        List<String> problems = new ArrayList<>();
        documents.forEach((service, document) -> problems.addAll(disagreements(service, document)));
        assertThat(problems).isEmpty();
    }

    @Test
    void aDescriptionThatAsksForAnotherScopeIsCaught() throws IOException {
        String catalogue = JSON.writeValueAsString(packaged().get("catalogue"));
        JsonNode tampered = JSON.readTree(catalogue.replace("\"sites:read\"", "\"sites:write\""));
        assertThat(disagreements("catalogue", tampered)).anyMatch(problem -> problem.startsWith("GET /v1/sites"));
        JsonNode misplaced = packaged().get("catalogue");
        assertThat(disagreements("webhooks", misplaced)).anyMatch(problem -> problem.contains("routed to catalogue"));
    }

    static List<String> disagreements(String service, JsonNode document) {
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, JsonNode> path : document.path("paths").properties()) {
            for (Map.Entry<String, JsonNode> operation : path.getValue().properties()) {
                if (!METHODS.contains(operation.getKey())) {
                    continue;
                }
                String method = operation.getKey().toUpperCase(java.util.Locale.ROOT);
                String name = method + " " + path.getKey();
                if (path.getKey().startsWith("/admin/v1/") || path.getKey().startsWith("/oauth/")) {
                    if (!service.equals("auth")) {
                        problems.add(name + ": described by " + service + ", served by auth");
                    }
                    continue;
                }
                Optional<RouteTable.Entry> route = RouteTable.match(concrete(path.getKey()));
                if (route.isEmpty()) {
                    problems.add(name + ": not in the gateway's route table");
                    continue;
                }
                if (!route.get().service().equals(service)) {
                    problems.add(name + ": described by " + service + ", routed to " + route.get().service());
                }
                if (route.get().readOnly() && !method.equals("GET")) {
                    problems.add(name + ": the collection is read-only at the gateway");
                }
                String scope = route.get().scopeFor(method);
                JsonNode security = operation.getValue().path("security");
                if (security.size() != 1 || security.get(0).path("bearer").size() != 1
                        || !scope.equals(security.get(0).path("bearer").get(0).asString())) {
                    problems.add(name + ": describes " + security + ", the gateway enforces " + scope);
                }
            }
        }
        return problems;
    }

    /** {@code /v1/coupons/{id}} as a request path the route table matches. */
    private static String concrete(String template) {
        return template.replaceAll("\\{[^}]*}", "0190a1b2-0000-7000-8000-000000000001");
    }

    private static Map<String, JsonNode> packaged() throws IOException {
        Map<String, JsonNode> documents = new TreeMap<>();
        for (Resource resource : new PathMatchingResourcePatternResolver().getResources(ApiDescription.LOCATION)) {
            try (InputStream in = resource.getInputStream()) {
                String name = resource.getFilename();
                documents.put(name.substring(0, name.length() - 5),
                        JSON.readTree(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
            }
        }
        return documents;
    }
}
