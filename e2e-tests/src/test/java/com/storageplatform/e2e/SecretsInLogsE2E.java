package com.storageplatform.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.storageplatform.devstack.DevStack;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Runs last: after every other test has issued and used secrets, none appears in any process's log. The secrets
 * are those {@link Secrets} collected over the whole run (API keys, static and staff tokens, client secrets and
 * the Base64 {@code client_id:client_secret} of HTTP Basic, access tokens, webhook secrets, every credential a
 * request carried) plus the stack's own: the admin token, the caller-token signing key and the key that seals
 * webhook secrets.
 */
@Order(Integer.MAX_VALUE)
class SecretsInLogsE2E {

    private final DevStack stack = Stack.get();

    @Test
    void noSecretAppearsInAnyLog() throws IOException {
        String basic = useEveryKindOfSecret();
        Set<String> secrets = new HashSet<>(Secrets.seen());
        assertThat(secrets).as("the Basic credential the suite sent").contains(basic);
        secrets.add(stack.adminToken());
        secrets.addAll(privateKeyLines(stack.callerTokenKeys().privateKeyPem()));
        secrets.add(Files.readString(stack.home().resolve("keys/webhook-secret-key")).trim());
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

    /** The Base64 lines of a PEM's body, each long enough to be key material rather than a fixed prefix. */
    private static List<String> privateKeyLines(String pem) {
        return pem.lines().filter(line -> !line.startsWith("-----") && line.length() >= 40).toList();
    }

    /** Issues and uses one secret of each kind; answers the HTTP Basic credential it sent. */
    private String useEveryKindOfSecret() {
        Admin admin = new Admin(stack);
        Admin.Operator operator = admin.newOperator("Secrets Ltd");
        String key = admin.apiKey(operator, "live", "sites:read");
        Http.get(stack.gatewayUrl() + "/v1/sites", key);
        JsonNode client = admin.post("/admin/v1/operators/" + operator.id() + "/oauth-clients", Map.of(
                "environment", "test", "name", "logs", "grant_types", List.of("client_credentials"),
                "redirect_uris", List.of(), "scopes", List.of("sites:read")));
        String basic = Secrets.basic(client.path("client_id").asString(), client.path("client_secret").asString());
        Http.postForm(stack.gatewayUrl() + "/oauth/token", Map.of("grant_type", "client_credentials"), basic);
        Http.postForm(stack.gatewayUrl() + "/oauth/token", Map.of("grant_type", "client_credentials"),
                Secrets.basic(client.path("client_id").asString(), "wrong-secret-of-twenty-characters"));
        Http.get(stack.gatewayUrl() + "/v1/sites", "svc_live_" + "x".repeat(40));
        return basic;
    }
}
