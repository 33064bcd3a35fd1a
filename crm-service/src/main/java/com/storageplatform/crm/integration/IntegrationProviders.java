package com.storageplatform.crm.integration;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The systems an operator can connect, per kind (docs/api/integrations.md, "Providers"): for each provider the
 * settings it cannot work without (and what each must look like) and the names of its credentials. The adapters
 * (billing's, compliance's and crm's own ports) read exactly these keys.
 */
final class IntegrationProviders {

    static final String ACCOUNTING = "accounting";
    static final String ACCESS_CONTROL = "access_control";
    static final String MESSAGING = "messaging";
    static final String ID_CHECK = "id_check";
    static final List<String> KINDS = List.of(ACCOUNTING, ACCESS_CONTROL, MESSAGING, ID_CHECK);

    static final String EMAIL = "email";
    static final String SMS = "sms";
    static final List<String> CHANNELS = List.of(EMAIL, SMS);

    private static final Pattern EMAIL_ADDRESS = Pattern.compile("[^@\\s]+@[^@\\s]+\\.[^@\\s]+");
    private static final Pattern E164 = Pattern.compile("\\+[1-9][0-9]{6,14}");
    private static final int MAX_TEXT_SETTING = 500;

    /**
     * One setting a provider reads.
     *
     * @param required whether a connection must have it
     * @param valid    what a value must be (checked whenever the setting is present)
     */
    record Setting(String key, boolean required, Predicate<Object> valid) {
    }

    /**
     * @param channel              for messaging, {@code email} or {@code sms}; null for the other kinds
     * @param requiredCredentials  credentials a connection must have
     * @param optionalCredentials  credentials it may have
     * @param credentialsTogether  credentials that are all sent or none (SMTP's user name and password)
     */
    record Provider(String kind, String name, String channel, List<Setting> settings,
            List<String> requiredCredentials, List<String> optionalCredentials, List<String> credentialsTogether) {

        boolean knowsCredential(String key) {
            return requiredCredentials.contains(key) || optionalCredentials.contains(key);
        }
    }

    private static final Map<String, Provider> PROVIDERS = new LinkedHashMap<>();

    static {
        List<String> oauthApp = List.of("client_id", "client_secret", "refresh_token");
        add(new Provider(ACCOUNTING, "xero", null, List.of(text("tenant_id")), oauthApp, List.of(), List.of()));
        add(new Provider(ACCOUNTING, "quickbooks", null, List.of(text("realm_id")), oauthApp, List.of(),
                List.of()));
        add(new Provider(ACCOUNTING, "sage", null, List.of(text("business_id")), oauthApp, List.of(), List.of()));
        add(new Provider(ACCESS_CONTROL, "noke", null, List.of(), List.of("api_key"), List.of(), List.of()));
        add(new Provider(ACCESS_CONTROL, "ptisecurity", null, List.of(), List.of("api_key"), List.of(), List.of()));
        add(new Provider(ACCESS_CONTROL, "opentech", null, List.of(), List.of("api_key"), List.of(), List.of()));
        add(new Provider(MESSAGING, "smtp", EMAIL, List.of(text("host"),
                new Setting("port", true, IntegrationProviders::isPort),
                new Setting("from_address", true, IntegrationProviders::isEmailAddress),
                oneOf("security", false, "starttls", "tls", "none")),
                List.of(), List.of("username", "password"), List.of("username", "password")));
        add(new Provider(MESSAGING, "twilio", SMS, List.of(new Setting("from_number", true,
                value -> value instanceof String s && E164.matcher(s).matches())),
                List.of("account_sid", "auth_token"), List.of(), List.of()));
        add(new Provider(ID_CHECK, "onfido", null, List.of(oneOf("region", true, "eu", "us", "ca")),
                List.of("api_token"), List.of("webhook_token"), List.of()));
        add(new Provider(ID_CHECK, "yoti", null, List.of(text("sdk_id")), List.of("private_key"), List.of(),
                List.of()));
        add(new Provider(ID_CHECK, "stripe_identity", null, List.of(), List.of("secret_key"),
                List.of("webhook_secret"), List.of()));
    }

    /** Every provider's name, in the order of {@link #KINDS}. */
    static final List<String> NAMES = List.copyOf(PROVIDERS.keySet());

    private IntegrationProviders() {
    }

    private static void add(Provider provider) {
        PROVIDERS.put(provider.name(), provider);
    }

    /** The provider of that name, whatever its kind. */
    static Optional<Provider> named(String name) {
        return Optional.ofNullable(name == null ? null : PROVIDERS.get(name));
    }

    /** The names of the kind's providers. */
    static List<String> of(String kind) {
        return PROVIDERS.values().stream().filter(p -> p.kind().equals(kind)).map(Provider::name).toList();
    }

    private static Setting text(String key) {
        return new Setting(key, true,
                value -> value instanceof String s && !s.isBlank() && s.length() <= MAX_TEXT_SETTING);
    }

    private static Setting oneOf(String key, boolean required, String... values) {
        List<String> allowed = List.of(values);
        return new Setting(key, required, value -> value instanceof String s && allowed.contains(s));
    }

    private static boolean isPort(Object value) {
        return (value instanceof Integer || value instanceof Long) && ((Number) value).longValue() >= 1
                && ((Number) value).longValue() <= 65535;
    }

    private static boolean isEmailAddress(Object value) {
        return value instanceof String s && s.length() <= 254 && EMAIL_ADDRESS.matcher(s).matches();
    }
}
