package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Runs last: after every other test has issued and used secrets, no plaintext secret (API keys, static and staff
 * tokens, client secrets, access tokens, the admin token) appears in any process's log.
 */
@Order(Integer.MAX_VALUE)
class SecretsInLogsE2E {

    private final DevStack stack = Stack.get();

    @Test
    void noPlaintextSecretAppearsInAnyLog() throws IOException {
        useEveryKindOfSecret();
        Set<String> secrets = new HashSet<>(Secrets.seen());
        secrets.add(stack.adminToken());
        assertThat(secrets).hasSizeGreaterThan(5);

        try (Stream<Path> logs = Files.list(stack.logsDir())) {
            List<Path> files = logs.filter(Files::isRegularFile).toList();
            assertThat(files).isNotEmpty();
            for (Path log : files) {
                String text = Files.readString(log, StandardCharsets.ISO_8859_1);
                for (String secret : secrets) {
                    assertThat(text).as(log.getFileName() + " must not contain a secret").doesNotContain(secret);
                }
            }
        }
    }

    private void useEveryKindOfSecret() {
        Admin admin = new Admin(stack);
        Admin.Operator operator = admin.newOperator("Secrets Ltd");
        String key = admin.apiKey(operator, "live", "sites:read");
        Http.get(stack.gatewayUrl() + "/v1/sites", key);
        JsonNode client = admin.post("/admin/v1/operators/" + operator.id() + "/oauth-clients", Map.of(
                "environment", "test", "name", "logs", "grant_types", List.of("client_credentials"),
                "redirect_uris", List.of(), "scopes", List.of("sites:read")));
        String basic = Base64.getEncoder().encodeToString((client.path("client_id").asString() + ":"
                + client.path("client_secret").asString()).getBytes());
        Http.postForm(stack.gatewayUrl() + "/oauth/token", Map.of("grant_type", "client_credentials"), basic);
        Http.postForm(stack.gatewayUrl() + "/oauth/token", Map.of("grant_type", "client_credentials"),
                Base64.getEncoder().encodeToString((client.path("client_id").asString() + ":wrong").getBytes()));
        Http.get(stack.gatewayUrl() + "/v1/sites", "svc_live_" + "x".repeat(40));
    }
}
