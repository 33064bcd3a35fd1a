package com.storageplatform.auth;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * Operators, accounts, API keys, static and staff tokens, OAuth clients and tokens, introspection for the gateway,
 * operator sign-in through Keycloak, the authorization-code flow and the developer settings.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class AuthApplication {

    public static void main(String[] args) {
        SpringApplication.run(AuthApplication.class, args);
    }
}
