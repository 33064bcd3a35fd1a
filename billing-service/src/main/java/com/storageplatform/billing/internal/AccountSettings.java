package com.storageplatform.billing.internal;

import com.storageplatform.kit.operator.OperatorSettings;
import com.storageplatform.kit.operator.OperatorSettingsProjection;
import java.time.ZoneId;
import java.util.UUID;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * The operator settings billing applies to the caller's account, as auth last published them (the kit's
 * {@link OperatorSettingsProjection} into billing's {@code account_settings}). An account whose operator event has
 * not arrived yet reads the defaults of a new operator (docs/api/admin.md).
 */
@Component
public class AccountSettings {

    private final OperatorSettings operators;

    AccountSettings(OperatorSettings operators) {
        this.operators = operators;
    }

    /**
     * @param walkInContactId    the account's walk-in sales record; null until auth has published it
     * @param voidOverdueEnabled whether an overdue invoice may be voided (void rule 2)
     * @param priceIncreaseNoticeDays the days of notice a price increase is given at least (default 28)
     */
    public record Settings(ZoneId timezone, String defaultCurrency, UUID walkInContactId,
            boolean voidOverdueEnabled, int priceIncreaseNoticeDays) {
    }

    /** The notice of a price increase of an operator who has not set one (docs/api/admin.md). */
    public static final int DEFAULT_PRICE_INCREASE_NOTICE_DAYS = 28;

    public Mono<Settings> of(UUID accountId) {
        return operators.of(accountId).map(row -> new Settings(row.timezone(), row.defaultCurrency(),
                row.walkInContactId(), row.settings().path("void_overdue_enabled").asBoolean(false),
                row.settings().path("price_increase_notice_days").asInt(DEFAULT_PRICE_INCREASE_NOTICE_DAYS)));
    }

    /** The account's price-increase notice in days: the operator's setting, else the default. */
    public Mono<Integer> priceIncreaseNoticeDays(UUID accountId) {
        return of(accountId).map(Settings::priceIncreaseNoticeDays)
                .defaultIfEmpty(DEFAULT_PRICE_INCREASE_NOTICE_DAYS);
    }

    /** Billing keeps its operators' settings (V2's {@code account_settings}) from auth's events. */
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
