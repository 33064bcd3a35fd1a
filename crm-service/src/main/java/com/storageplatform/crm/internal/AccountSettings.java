package com.storageplatform.crm.internal;

import com.storageplatform.kit.inbox.EventData;
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
 * The operator settings crm applies to the caller's account, as auth last published them (the kit's
 * {@link OperatorSettingsProjection} into crm's {@code account_settings}). An account whose operator event has not
 * arrived yet reads the defaults of a new operator (docs/api/admin.md): no default lost reason, the reserved-deal
 * follow-up on, no notification email.
 */
@Component
public class AccountSettings {

    private final OperatorSettings operators;

    AccountSettings(OperatorSettings operators) {
        this.operators = operators;
    }

    /**
     * @param walkInContactId              the account's walk-in sales record; null until auth has published it
     * @param dealLostDefaultReason        the reason a deal marked lost without one (and without a stored one) gets;
     *                                     null when the operator set none
     * @param reservedDealFollowUpEnabled  whether a reserved deal whose reservation ends gets a call due today
     * @param notificationEmail            where the platform writes to the operator (notices to the operator); null
     *                                     when the operator set none
     */
    public record Settings(ZoneId timezone, UUID walkInContactId, String dealLostDefaultReason,
            boolean reservedDealFollowUpEnabled, String notificationEmail) {
    }

    public Mono<Settings> of(UUID accountId) {
        return operators.of(accountId).map(row -> {
            JsonNode settings = row.settings();
            return new Settings(row.timezone(), row.walkInContactId(),
                    text(settings, "deal_lost_default_reason"),
                    settings.path("reserved_deal_follow_up_enabled").asBoolean(true),
                    text(settings, "notification_email"));
        });
    }

    /** A text setting, trimmed; null when absent or blank. */
    private static String text(JsonNode settings, String name) {
        String value = EventData.text(settings, name);
        return value == null || value.isBlank() ? null : value.strip();
    }

    /** crm keeps its operators' settings (V2's {@code account_settings}) from auth's events. */
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
