package com.storageplatform.compliance.internal;

import com.storageplatform.kit.operator.OperatorSettings;
import com.storageplatform.kit.operator.OperatorSettingsProjection;
import java.time.ZoneId;
import java.util.UUID;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The operator settings compliance applies to an account, as auth last published them (the kit's
 * {@link OperatorSettingsProjection} into {@code account_settings}). An account whose operator event has not arrived
 * yet reads the defaults of a new operator (docs/api/admin.md): online ID checks off, no check required before access.
 */
@Component
public class AccountSettings {

    private final OperatorSettings operators;

    AccountSettings(OperatorSettings operators) {
        this.operators = operators;
    }

    /**
     * @param walkInContactId             the account's walk-in sales record; null until auth has published it
     * @param onlineIdChecksEnabled       whether the operator turned online ID checks on
     * @param idCheckRequiredBeforeAccess whether a customer must pass a check before their access is released
     * @param settings                    the operator's whole {@code settings} object, for settings read elsewhere
     */
    public record Settings(ZoneId timezone, UUID walkInContactId, boolean onlineIdChecksEnabled,
            boolean idCheckRequiredBeforeAccess, JsonNode settings) {
    }

    public Mono<Settings> of(UUID accountId) {
        return operators.of(accountId).map(row -> new Settings(row.timezone(), row.walkInContactId(),
                row.settings().path("online_id_checks_enabled").asBoolean(false),
                row.settings().path("id_check_required_before_access").asBoolean(false), row.settings()));
    }

    /** compliance keeps its operators' settings (V2's {@code account_settings}) from auth's events. */
    @Configuration(proxyBeanMethods = false)
    static class Projection {

        @Bean
        OperatorSettingsProjection operatorSettingsProjection(DatabaseClient db) {
            return new OperatorSettingsProjection(db);
        }

        @Bean
        OperatorSettings operatorSettings(DatabaseClient db, JsonMapper json) {
            return new OperatorSettings(db, json);
        }
    }
}
