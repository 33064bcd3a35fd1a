package com.storageplatform.kit.testsupport.openapi;

import com.storageplatform.kit.openapi.OpenApiDefaults;
import io.swagger.v3.oas.models.OpenAPI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.springframework.context.ApplicationContext;
import org.springframework.test.web.reactive.server.WebTestClient;

/**
 * The checks every service's API description passes ({@code ServiceContract} runs them): it parses, every
 * operation is described fully, it lists exactly the routes the service answers, and it equals the committed
 * baseline, from which it may only grow.
 */
public final class OpenApiContract {

    private static final int MAX_DOCUMENT_BYTES = 32 * 1024 * 1024;

    private OpenApiContract() {
    }

    public static String document(WebTestClient client) {
        byte[] body = client.mutate().codecs(codecs -> codecs.defaultCodecs().maxInMemorySize(MAX_DOCUMENT_BYTES))
                .build().get().uri(OpenApiDefaults.DOCUMENT_PATH).exchange()
                .expectStatus().isOk()
                .expectBody().returnResult().getResponseBodyContent();
        if (body == null) {
            throw new AssertionError(OpenApiDefaults.DOCUMENT_PATH + " answered no body");
        }
        return Baselines.canonical(new String(body, java.nio.charset.StandardCharsets.UTF_8));
    }

    public static void describesEveryOperationFully(String document) {
        OpenAPI api = DocumentChecks.parse(document);
        List<String> problems = DocumentChecks.problems(api);
        if (!problems.isEmpty()) {
            throw new AssertionError("The API description is incomplete:\n  " + String.join("\n  ", problems));
        }
    }

    public static void listsExactlyTheRoutesAnswered(String document, ApplicationContext context) {
        Set<String> documented = DocumentChecks.operations(DocumentChecks.parse(document));
        Set<String> answered = ServiceRoutes.of(context);
        Set<String> undocumented = new TreeSet<>();
        for (String route : answered) {
            String path = route.substring(route.indexOf(' ') + 1);
            boolean listed = route.startsWith("ANY ")
                    ? documented.stream().anyMatch(operation -> operation.endsWith(" " + path))
                    : documented.contains(route);
            if (!listed) {
                undocumented.add(route);
            }
        }
        Set<String> phantom = documented.stream()
                .filter(operation -> !answered.contains(operation)
                        && !answered.contains("ANY " + operation.substring(operation.indexOf(' ') + 1)))
                .collect(Collectors.toCollection(TreeSet::new));
        if (!undocumented.isEmpty() || !phantom.isEmpty()) {
            throw new AssertionError("The API description and the routes disagree.\n  Answered but not described: "
                    + undocumented + "\n  Described but not answered: " + phantom);
        }
    }

    /**
     * The document must equal {@code docs/openapi/<service>.json}. A breaking change fails, always; another change
     * fails until the baseline is updated ({@code -Dopenapi.update}, which writes it).
     */
    public static void matchesItsBaseline(String service, String document) {
        Path file = Baselines.of(service);
        Path generated = Path.of("target", "openapi", service + ".json");
        Baselines.write(generated.toAbsolutePath(), document);
        if (!Files.exists(file)) {
            if (Baselines.updateRequested()) {
                Baselines.write(file, document);
                return;
            }
            throw new AssertionError(file + " does not exist: run " + Baselines.UPDATE_COMMAND + " and commit it");
        }
        String baseline = Baselines.read(file);
        if (baseline.equals(document)) {
            return;
        }
        BreakingChanges.Result diff = BreakingChanges.between(baseline, document);
        if (diff.breaking()) {
            throw new AssertionError("The " + service + " API changed in a way that breaks clients; /v1 changes only "
                    + "additively (make the change additive, or deprecate with @ApiDeprecation):\n" + diff.report());
        }
        if (Baselines.updateRequested()) {
            Baselines.write(file, document);
            return;
        }
        throw new AssertionError("The " + service + " API description changed (additively) and " + file
                + " is behind: run " + Baselines.UPDATE_COMMAND + ", commit the file and note the additions in "
                + "CHANGELOG.md. The new document is in " + generated.toAbsolutePath() + ".\n" + diff.report());
    }
}
