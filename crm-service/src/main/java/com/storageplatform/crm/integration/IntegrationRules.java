package com.storageplatform.crm.integration;

import com.storageplatform.crm.integration.IntegrationProviders.Provider;
import com.storageplatform.crm.integration.IntegrationProviders.Setting;
import com.storageplatform.kit.id.Ids;
import com.storageplatform.kit.validation.Validation;
import com.storageplatform.kit.web.ApiException;
import com.storageplatform.kit.web.ErrorCode;
import com.storageplatform.kit.web.FieldIssue;
import com.storageplatform.kit.web.Patch;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.regex.Pattern;
import tools.jackson.databind.json.JsonMapper;

/**
 * The pure rules of an integration connection: the body's fields, every bad one in one 422, judged against the
 * provider's own needs ({@link IntegrationProviders}).
 */
final class IntegrationRules {

    static final int MAX_NAME = 200;
    static final int MAX_SETTINGS_KEYS = 50;
    static final int MAX_SETTINGS_CHARS = 8192;
    static final int MAX_CREDENTIAL_CHARS = 8192;
    static final int MAX_SITES = 100;
    static final int MAX_ERROR_MESSAGE = 1000;

    static final String USED = "used";
    static final String FAILED = "error";
    static final List<String> OUTCOMES = List.of(USED, FAILED);

    private static final Pattern KEY = Pattern.compile("[a-z][a-z0-9_]{0,63}");
    /** Setting names that say they hold a secret, which belongs in credentials (never shown, never published). */
    private static final Pattern SECRET_NAME = Pattern.compile(".*(password|secret|token|api_key|private_key).*");

    private IntegrationRules() {
    }

    /** The create body, checked; the provider is null when it was refused. */
    record Terms(Provider provider, String name, Map<String, Object> settings, Map<String, String> credentials,
            List<UUID> siteIds, String status) {

        @Override
        public String toString() {
            return "Terms[provider=" + (provider == null ? null : provider.name()) + ", credentials="
                    + keysOf(credentials) + "]";
        }
    }

    static Terms check(Validation v, CreateIntegrationConnection b, JsonMapper json) {
        v.require("kind", b.kind()).oneOf("kind", b.kind(), IntegrationProviders.KINDS);
        v.require("provider", b.provider());
        Provider provider = IntegrationProviders.named(b.provider()).orElse(null);
        boolean kindKnown = b.kind() != null && IntegrationProviders.KINDS.contains(b.kind());
        if (b.provider() != null && (provider == null || kindKnown && !provider.kind().equals(b.kind()))) {
            v.add("provider", FieldIssue.INVALID);
            provider = null;
        }
        String name = name(v, b.name());
        Map<String, Object> settings = settings(v, provider, b.settings(), json);
        Map<String, String> credentials = credentials(v, provider, b.credentials());
        List<UUID> sites = siteIds(v, b.siteIds());
        String status = b.status() == null ? IntegrationConnection.ACTIVE : status(v, b.status());
        return new Terms(kindKnown ? provider : null, name, settings, credentials, sites, status);
    }

    /**
     * The changes of a PATCH, checked against the connection's provider.
     *
     * @param credentials the new credentials; null when none were sent (the stored ones stay)
     */
    record Changes(String name, Map<String, Object> settings, Map<String, String> credentials, List<UUID> siteIds,
            String status) {

        @Override
        public String toString() {
            return "Changes[credentials=" + keysOf(credentials) + "]";
        }
    }

    static Changes check(Validation v, IntegrationConnection current, IntegrationConnectionChanges c,
            JsonMapper json) {
        Provider provider = IntegrationProviders.named(current.provider()).orElseThrow();
        String name = c.name() == null ? current.name() : name(v, c.name().value());
        Map<String, Object> settings = c.settings() == null ? current.settings()
                : settings(v, provider, c.settings().value(), json);
        Map<String, String> credentials = c.credentials() == null ? null
                : credentials(v, provider, c.credentials().value());
        List<UUID> sites = c.siteIds() == null ? current.siteIds() : siteIds(v, c.siteIds().value());
        String status = current.status();
        if (Patch.sent(c.status()) && !current.status().equals(c.status().value())) {
            v.require("status", c.status().value());
            status = c.status().value() == null ? status : status(v, c.status().value());
        }
        return new Changes(name, settings, credentials, sites, status);
    }

    /** A name as stored: trimmed, at most 200 characters, one line. */
    static String name(Validation v, String name) {
        String trimmed = name == null ? null : name.strip();
        v.require("name", trimmed).maxLength("name", trimmed, MAX_NAME).printable("name", trimmed, false);
        return trimmed;
    }

    /**
     * Settings as stored (none sent: empty). Bounded in keys and size; no key that names a secret; the provider's
     * own settings present where required and well formed.
     */
    static Map<String, Object> settings(Validation v, Provider provider, Map<String, Object> settings,
            JsonMapper json) {
        Map<String, Object> stored = settings == null ? Map.of() : settings;
        v.check(stored.size() > MAX_SETTINGS_KEYS, "settings", FieldIssue.ABOVE_MAXIMUM);
        v.check(!v.has("settings") && json.writeValueAsString(stored).length() > MAX_SETTINGS_CHARS, "settings",
                FieldIssue.TOO_LONG);
        for (String key : new TreeMap<>(stored).keySet()) {
            if (!KEY.matcher(key).matches()) {
                v.add("settings", FieldIssue.INVALID);
            } else if (SECRET_NAME.matcher(key).matches()) {
                v.add("settings." + key, FieldIssue.NOT_ALLOWED);
            }
        }
        if (provider != null) {
            for (Setting setting : provider.settings()) {
                Object value = stored.get(setting.key());
                if (value == null) {
                    v.check(setting.required(), "settings." + setting.key(), FieldIssue.REQUIRED);
                } else {
                    v.check(!setting.valid().test(value), "settings." + setting.key(), FieldIssue.INVALID);
                }
            }
        }
        return stored;
    }

    /**
     * Credentials as stored (none sent: none): only the provider's, each a non-empty string of at most 8192
     * characters, the required ones all there, and those that go together (SMTP's user name and password) both or
     * neither.
     */
    static Map<String, String> credentials(Validation v, Provider provider, Map<String, String> credentials) {
        Map<String, String> stored = credentials == null ? Map.of() : credentials;
        for (Map.Entry<String, String> entry : new TreeMap<>(stored).entrySet()) {
            String field = "credentials." + entry.getKey();
            String value = entry.getValue();
            if (!KEY.matcher(entry.getKey()).matches()) {
                v.add("credentials", FieldIssue.INVALID);
            } else if (provider != null && !provider.knowsCredential(entry.getKey())) {
                v.add(field, FieldIssue.UNKNOWN_FIELD);
            } else if (value == null || value.isBlank()) {
                v.add(field, FieldIssue.REQUIRED);
            } else {
                v.maxLength(field, value, MAX_CREDENTIAL_CHARS);
            }
        }
        if (provider != null) {
            provider.requiredCredentials().forEach(key -> v.check(!stored.containsKey(key), "credentials." + key,
                    FieldIssue.REQUIRED));
            boolean someTogether = provider.credentialsTogether().stream().anyMatch(stored::containsKey);
            provider.credentialsTogether().forEach(key -> v.check(someTogether && !stored.containsKey(key),
                    "credentials." + key, FieldIssue.REQUIRED));
        }
        return stored;
    }

    /**
     * A port's replacement of some credentials: at least one, only the provider's, each a non-empty string of at
     * most 8192 characters ({@code credentials.<key>} otherwise). Answers the credentials the connection has after
     * it: the {@code stored} ones with those sent replaced. Those that go together (SMTP's user name and password)
     * must still be both or neither afterwards.
     */
    static Map<String, String> replaced(Validation v, Provider provider, Map<String, String> stored,
            Map<String, String> sent) {
        if (sent == null || sent.isEmpty()) {
            v.add("credentials", FieldIssue.REQUIRED);
            return stored;
        }
        for (Map.Entry<String, String> entry : new TreeMap<>(sent).entrySet()) {
            String field = "credentials." + entry.getKey();
            String value = entry.getValue();
            if (!KEY.matcher(entry.getKey()).matches()) {
                v.add("credentials", FieldIssue.INVALID);
            } else if (!provider.knowsCredential(entry.getKey())) {
                v.add(field, FieldIssue.UNKNOWN_FIELD);
            } else if (value == null || value.isBlank()) {
                v.add(field, FieldIssue.REQUIRED);
            } else {
                v.maxLength(field, value, MAX_CREDENTIAL_CHARS);
            }
        }
        Map<String, String> after = new TreeMap<>(stored);
        after.putAll(sent);
        boolean someTogether = provider.credentialsTogether().stream().anyMatch(after::containsKey);
        provider.credentialsTogether().forEach(key -> v.check(someTogether && !after.containsKey(key),
                "credentials." + key, FieldIssue.REQUIRED));
        return after;
    }

    /** Site ids as stored (none sent: every site): at most 100 platform ids, each once. */
    static List<UUID> siteIds(Validation v, List<String> siteIds) {
        if (siteIds == null) {
            return List.of();
        }
        v.check(siteIds.size() > MAX_SITES, "site_ids", FieldIssue.ABOVE_MAXIMUM);
        List<UUID> ids = new ArrayList<>();
        Set<UUID> seen = new HashSet<>();
        for (int i = 0; i < siteIds.size(); i++) {
            String field = "site_ids[" + i + "]";
            UUID id = siteIds.get(i) == null ? null : Ids.parse(siteIds.get(i)).orElse(null);
            if (id == null) {
                v.add(field, FieldIssue.INVALID);
            } else if (!seen.add(id)) {
                v.add(field, FieldIssue.DUPLICATE);
            } else {
                ids.add(id);
            }
        }
        return List.copyOf(ids);
    }

    /**
     * {@code active} or {@code disabled}: {@code error} is the service's to set ({@code not_allowed}; a PATCH may
     * send back the status a connection has).
     */
    static String status(Validation v, String status) {
        v.check(IntegrationConnection.ERROR.equals(status), "status", FieldIssue.NOT_ALLOWED);
        v.oneOf("status", status, IntegrationConnection.SETTABLE_STATUSES);
        return status;
    }

    /** A port's report: {@code used}, or {@code error} with what went wrong (trimmed, at most 1000 characters). */
    static String reportMessage(Validation v, ConnectionReport report) {
        v.require("outcome", report.outcome()).oneOf("outcome", report.outcome(), OUTCOMES);
        String message = report.message() == null || report.message().isBlank() ? null : report.message().strip();
        if (USED.equals(report.outcome())) {
            v.check(message != null, "message", FieldIssue.NOT_ALLOWED);
        } else if (FAILED.equals(report.outcome())) {
            v.require("message", message).maxLength("message", message, MAX_ERROR_MESSAGE)
                    .printable("message", message, true);
        }
        return message;
    }

    /**
     * The 422 of every issue found. A provider that is not one of the kind's names the kind's providers in the
     * message, so the client reads what it may send.
     */
    static void orThrow(Validation v, String kind) {
        if (v.isValid()) {
            return;
        }
        boolean badProvider = v.issues().stream()
                .anyMatch(i -> "provider".equals(i.field()) && FieldIssue.INVALID.equals(i.issue()));
        if (!badProvider || kind == null || !IntegrationProviders.KINDS.contains(kind)) {
            v.orThrow();
        }
        throw new ApiException(ErrorCode.VALIDATION_ERROR, ErrorCode.VALIDATION_ERROR.status(),
                "provider must be one of " + String.join(", ", IntegrationProviders.of(kind)) + " for kind "
                        + kind + ".", v.issues(), Map.of());
    }

    /** The names of credentials, sorted; null for none sent. What may be printed of them. */
    static List<String> keysOf(Map<String, String> credentials) {
        return credentials == null ? null : List.copyOf(new TreeMap<>(credentials).keySet());
    }
}
