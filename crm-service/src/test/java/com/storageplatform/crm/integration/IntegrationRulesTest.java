package com.storageplatform.crm.integration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.FieldIssue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** The pure rules of a connection: the providers of each kind, and what each provider needs. */
class IntegrationRulesTest {

    final JsonMapper json = JsonMapper.builder().build();

    @Test
    void eachKindHasItsOwnProviders() {
        assertThat(IntegrationProviders.of("accounting")).containsExactly("xero", "quickbooks", "sage");
        assertThat(IntegrationProviders.of("access_control")).containsExactly("noke", "ptisecurity", "opentech");
        assertThat(IntegrationProviders.of("messaging")).containsExactly("smtp", "twilio");
        assertThat(IntegrationProviders.of("id_check")).containsExactly("onfido", "yoti", "stripe_identity");
        assertThat(IntegrationProviders.NAMES).hasSize(11);
        assertThat(IntegrationProviders.named("smtp").orElseThrow().channel()).isEqualTo("email");
        assertThat(IntegrationProviders.named("twilio").orElseThrow().channel()).isEqualTo("sms");
        assertThat(IntegrationProviders.named("xero").orElseThrow().channel()).isNull();
    }

    @Test
    void anEmptyBodyNamesKindAndProviderAsRequired() {
        Validation v = Validation.start();
        IntegrationRules.check(v, new CreateIntegrationConnection(null, null, null, null, null, null, null), json);

        assertThat(issues(v)).contains("kind required", "provider required");
        ApiException e = catchThrowableOfType(ApiException.class, () -> IntegrationRules.orThrow(v, null));
        assertThat(e.details()).isNotEmpty();
    }

    @Test
    void aProviderOfAnotherKindIsRefusedNamingTheKindsProviders() {
        Validation v = Validation.start();
        IntegrationRules.check(v, create("accounting", "twilio", Map.of(), Map.of()), json);

        ApiException e = catchThrowableOfType(ApiException.class, () -> IntegrationRules.orThrow(v, "accounting"));
        assertThat(e.getMessage()).isEqualTo("provider must be one of xero, quickbooks, sage for kind accounting.");
        assertThat(issues(v)).contains("provider invalid");
    }

    @Test
    void smtpNeedsItsHostPortAndSenderWellFormed() {
        Validation v = Validation.start();
        IntegrationRules.settings(v, smtp(), Map.of("port", 70000, "from_address", "nobody", "security", "ssl"),
                json);
        assertThat(issues(v)).containsExactlyInAnyOrder("settings.host required", "settings.port invalid",
                "settings.from_address invalid", "settings.security invalid");

        Validation fine = Validation.start();
        IntegrationRules.settings(fine, smtp(), Map.of("host", "smtp.example.org", "port", 587,
                "from_address", "desk@example.org"), json);
        assertThat(fine.isValid()).isTrue();
    }

    @Test
    void aSettingNamedLikeASecretBelongsInCredentials() {
        Validation v = Validation.start();
        IntegrationRules.settings(v, null, Map.of("smtp_password", "x", "access_token", "y", "Bad Key", 1,
                "region", "eu"), json);
        assertThat(issues(v)).containsExactlyInAnyOrder("settings invalid", "settings.access_token not_allowed",
                "settings.smtp_password not_allowed");
    }

    @Test
    void settingsAreBoundedInKeysAndSize() {
        Map<String, Object> many = new LinkedHashMap<>();
        for (int i = 0; i <= IntegrationRules.MAX_SETTINGS_KEYS; i++) {
            many.put("key_" + i, i);
        }
        Validation v = Validation.start();
        IntegrationRules.settings(v, null, many, json);
        assertThat(issues(v)).containsExactly("settings above_maximum");

        Validation big = Validation.start();
        IntegrationRules.settings(big, null, Map.of("notes", "x".repeat(IntegrationRules.MAX_SETTINGS_CHARS)), json);
        assertThat(issues(big)).containsExactly("settings too_long");
    }

    @Test
    void credentialsAreTheProvidersOwnNonEmptyAndComplete() {
        Validation v = Validation.start();
        Map<String, String> sent = new LinkedHashMap<>();
        sent.put("client_id", "abc");
        sent.put("client_secret", " ");
        sent.put("password", "x");
        IntegrationRules.credentials(v, IntegrationProviders.named("xero").orElseThrow(), sent);
        assertThat(issues(v)).containsExactlyInAnyOrder("credentials.client_secret required",
                "credentials.password unknown_field", "credentials.refresh_token required");

        Validation tooLong = Validation.start();
        IntegrationRules.credentials(tooLong, IntegrationProviders.named("noke").orElseThrow(),
                Map.of("api_key", "k".repeat(IntegrationRules.MAX_CREDENTIAL_CHARS + 1)));
        assertThat(issues(tooLong)).containsExactly("credentials.api_key too_long");
    }

    @Test
    void smtpsUserNameAndPasswordGoTogetherOrNotAtAll() {
        Validation none = Validation.start();
        IntegrationRules.credentials(none, smtp(), Map.of());
        assertThat(none.isValid()).isTrue();

        Validation half = Validation.start();
        IntegrationRules.credentials(half, smtp(), Map.of("username", "desk"));
        assertThat(issues(half)).containsExactly("credentials.password required");
    }

    @Test
    void siteIdsArePlatformIdsEachOnceAtMost100() {
        Validation v = Validation.start();
        String site = "019ac3a0-11aa-7bb2-8cc3-4dd5ee6ff708";
        assertThat(IntegrationRules.siteIds(v, List.of(site, "nope", site))).hasSize(1);
        assertThat(issues(v)).containsExactlyInAnyOrder("site_ids[1] invalid", "site_ids[2] duplicate");
        assertThat(IntegrationRules.siteIds(Validation.start(), null)).isEmpty();
    }

    @Test
    void theStatusErrorIsTheServicesToSet() {
        Validation v = Validation.start();
        IntegrationRules.status(v, "error");
        assertThat(issues(v)).containsExactly("status not_allowed");
        Validation other = Validation.start();
        IntegrationRules.status(other, "paused");
        assertThat(issues(other)).containsExactly("status invalid");
    }

    @Test
    void anErrorReportNeedsItsMessageAndAUseHasNone() {
        Validation v = Validation.start();
        IntegrationRules.reportMessage(v, new ConnectionReport("error", "  "));
        assertThat(issues(v)).containsExactly("message required");
        Validation used = Validation.start();
        IntegrationRules.reportMessage(used, new ConnectionReport("used", "fine"));
        assertThat(issues(used)).containsExactly("message not_allowed");
        Validation odd = Validation.start();
        IntegrationRules.reportMessage(odd, new ConnectionReport("maybe", null));
        assertThat(issues(odd)).containsExactly("outcome invalid");
    }

    @Test
    void nothingThatHoldsCredentialsOrTheirSealPrintsThem() {
        CreateIntegrationConnection body = create("id_check", "stripe_identity", Map.of(),
                Map.of("secret_key", "sk_live_do_not_print"));
        assertThat(body.toString()).doesNotContain("sk_live_do_not_print").contains("secret_key");
        IntegrationConnectionChanges changes = new IntegrationConnectionChanges(null, null,
                com.storageplatform.kit.web.Patch.of(Map.of("secret_key", "sk_live_do_not_print")), null, null);
        assertThat(changes.toString()).doesNotContain("sk_live_do_not_print").contains("secret_key");
        IntegrationConnection connection = new IntegrationConnection(com.storageplatform.kit.id.Ids.newId(),
                IntegrationConnection.OBJECT, "id_check", "stripe_identity", null, "Identity", Map.of(), true,
                List.of("secret_key"), List.of(), "active", null, null, null, null);
        assertThat(new OpenedConnection(connection, Map.of("secret_key", "sk_live_do_not_print")).toString())
                .doesNotContain("sk_live_do_not_print").contains("secret_key");
        assertThat(new IntegrationRules.Terms(null, "n", Map.of(), Map.of("secret_key", "sk_live_do_not_print"),
                List.of(), "active").toString()).doesNotContain("sk_live_do_not_print");
        assertThat(new IntegrationRules.Changes("n", Map.of(), Map.of("secret_key", "sk_live_do_not_print"),
                List.of(), "active").toString()).doesNotContain("sk_live_do_not_print");
        byte[] sealed = "sealed-bytes".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(new IntegrationRepository.Stored(connection, sealed).toString()).doesNotContain("[B@")
                .isEqualTo("Stored[connection=" + connection.id() + "]");
    }

    @Test
    void aReplacementKeepsTheCredentialsNotSentAndJudgesOnlyThoseSent() {
        IntegrationProviders.Provider xero = IntegrationProviders.named("xero").orElseThrow();
        Map<String, String> stored = Map.of("client_id", "c", "client_secret", "s", "refresh_token", "r1");

        Validation v = Validation.start();
        assertThat(IntegrationRules.replaced(v, xero, stored, Map.of("refresh_token", "r2")))
                .isEqualTo(Map.of("client_id", "c", "client_secret", "s", "refresh_token", "r2"));
        assertThat(v.isValid()).isTrue();

        Validation bad = Validation.start();
        Map<String, String> sent = new LinkedHashMap<>();
        sent.put("refresh_token", null);
        sent.put("api_key", "k");
        sent.put("Bad Key", "x");
        IntegrationRules.replaced(bad, xero, stored, sent);
        assertThat(issues(bad)).containsExactlyInAnyOrder("credentials invalid", "credentials.api_key unknown_field",
                "credentials.refresh_token required");

        Validation none = Validation.start();
        IntegrationRules.replaced(none, xero, stored, Map.of());
        assertThat(issues(none)).containsExactly("credentials required");
    }

    @Test
    void aReplacementLeavesCredentialsThatGoTogetherBothOrNeither() {
        Validation v = Validation.start();
        IntegrationRules.replaced(v, smtp(), Map.of(), Map.of("username", "desk"));
        assertThat(issues(v)).containsExactly("credentials.password required");

        Validation fine = Validation.start();
        IntegrationRules.replaced(fine, smtp(), Map.of("username", "desk", "password", "p1"),
                Map.of("password", "p2"));
        assertThat(fine.isValid()).isTrue();
    }

    private static IntegrationProviders.Provider smtp() {
        return IntegrationProviders.named("smtp").orElseThrow();
    }

    private static CreateIntegrationConnection create(String kind, String provider, Map<String, Object> settings,
            Map<String, String> credentials) {
        return new CreateIntegrationConnection(kind, provider, "Books", settings, credentials, null, null);
    }

    private static List<String> issues(Validation v) {
        return v.issues().stream().map((FieldIssue i) -> i.field() + " " + i.issue()).toList();
    }
}
