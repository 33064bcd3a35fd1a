package com.storageplatform.commerce.internal;

import com.storageplatform.kit.operator.OperatorSettings;
import com.storageplatform.kit.operator.OperatorSettingsProjection;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The operator settings of the caller's account, as auth last published them (the kit's
 * {@link OperatorSettingsProjection} into commerce's {@code account_settings}). An account whose operator event has
 * not arrived yet reads the defaults of a new operator (docs/api/admin.md).
 */
@Component
public class AccountSettings {

    private final OperatorSettings operators;

    AccountSettings(OperatorSettings operators) {
        this.operators = operators;
    }

    /**
     * @param walkInContactId        the account's walk-in sales record; null until auth has published it
     * @param reservationHoldDays    how long a reservation holds when no {@code held_until} is sent
     * @param refundableDepositMinor the deposit asked with a booking, in {@code defaultCurrency}; null for none
     * @param customerPortalUrl      where a customer returns after paying when no {@code return_url} is sent
     */
    public record Settings(ZoneId timezone, String defaultCurrency, UUID walkInContactId,
            boolean onlineIdChecksEnabled, boolean idCheckRequiredBeforeAccess, List<String> publishedWebsiteUrls,
            int reservationHoldDays, Long refundableDepositMinor, String customerPortalUrl) {

        public static final Settings DEFAULTS = new Settings(ZoneId.of(OperatorSettings.DEFAULT_TIMEZONE),
                OperatorSettings.DEFAULT_CURRENCY, null, false, false, List.of(), 7, null, null);

        public Settings {
            publishedWebsiteUrls = List.copyOf(publishedWebsiteUrls);
        }
    }

    public Mono<Settings> of(UUID accountId) {
        return operators.of(accountId)
                .map(row -> settings(row.timezone(), row.defaultCurrency(), row.walkInContactId(), row.settings()));
    }

    static Settings settings(ZoneId timezone, String currency, UUID walkIn, JsonNode s) {
        List<String> urls = new ArrayList<>();
        s.path("published_website_urls").forEach(url -> urls.add(url.asString()));
        JsonNode deposit = s.get("refundable_deposit_minor");
        JsonNode portal = s.get("customer_portal_url");
        return new Settings(timezone, currency, walkIn,
                s.path("online_id_checks_enabled").asBoolean(false),
                s.path("id_check_required_before_access").asBoolean(false), urls,
                s.path("reservation_hold_days").asInt(Settings.DEFAULTS.reservationHoldDays()),
                deposit == null || deposit.isNull() ? null : deposit.asLong(),
                portal == null || portal.isNull() ? null : portal.asString());
    }

    /** Commerce keeps its operators' settings (V2's {@code account_settings}) from auth's events. */
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
