package com.storageplatform.kit.openapi;

import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * springdoc's settings for every service, at the lowest precedence: the document is served at
 * {@link #DOCUMENT_PATH} (an internal path the gateway never routes), describes only the public paths, and is
 * written with sorted keys so the committed baseline diffs cleanly.
 */
public class OpenApiDefaults implements EnvironmentPostProcessor {

    public static final String DOCUMENT_PATH = "/internal/openapi.json";

    /**
     * The authorization endpoint is a page for a person's browser (sign-in, consent, then a redirect), not an API
     * operation: the description names it where OpenAPI says, as the {@code authorizationUrl} of the
     * {@code oauth2} security scheme's authorization-code flow, and lists no path for it.
     */
    public static final String AUTHORIZATION_PATH = "/oauth/authorize";

    static final Map<String, Object> DEFAULTS = Map.ofEntries(
            // Said explicitly: the document is internal (the gateway never routes it), so it stays on in production.
            Map.entry("springdoc.api-docs.enabled", "true"),
            Map.entry("springdoc.api-docs.path", DOCUMENT_PATH),
            Map.entry("springdoc.api-docs.version", "openapi_3_1"),
            Map.entry("springdoc.paths-to-match", "/v1/**,/admin/v1/**,/oauth/**"),
            Map.entry("springdoc.paths-to-exclude", AUTHORIZATION_PATH),
            Map.entry("springdoc.writer-with-order-by-keys", "true"),
            Map.entry("springdoc.writer-with-default-pretty-printer", "true"),
            Map.entry("springdoc.default-consumes-media-type", "application/json"),
            Map.entry("springdoc.default-produces-media-type", "application/json"),
            Map.entry("springdoc.enable-data-rest", "false"),
            Map.entry("springdoc.enable-hateoas", "false"),
            Map.entry("springdoc.show-actuator", "false"));

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        environment.getPropertySources().addLast(new MapPropertySource("platform-openapi-defaults", DEFAULTS));
    }
}
