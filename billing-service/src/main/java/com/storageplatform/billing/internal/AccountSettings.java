package com.storageplatform.billing.internal;

import com.storageplatform.kit.db.AccountStatement;
import java.time.ZoneId;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The operator settings billing applies to the caller's account, as auth last published them
 * ({@link OperatorProjection}). An account whose operator event has not arrived yet reads the defaults of a new
 * operator (docs/api/admin.md).
 */
@Component
public class AccountSettings {

    static final String DEFAULT_TIMEZONE = "Europe/London";
    static final String DEFAULT_CURRENCY = "GBP";

    private final DatabaseClient db;
    private final JsonMapper json;

    AccountSettings(DatabaseClient db, JsonMapper json) {
        this.db = db;
        this.json = json;
    }

    /**
     * @param walkInContactId    the account's walk-in sales record; null until auth has published it
     * @param voidOverdueEnabled whether an overdue invoice may be voided (void rule 2)
     */
    public record Settings(ZoneId timezone, String defaultCurrency, UUID walkInContactId,
            boolean voidOverdueEnabled) {

        public static final Settings DEFAULTS = new Settings(ZoneId.of(DEFAULT_TIMEZONE), DEFAULT_CURRENCY, null,
                false);
    }

    public Mono<Settings> of(UUID accountId) {
        return AccountStatement.sql(db, accountId, """
                SELECT timezone, default_currency, walk_in_contact_id, settings::text AS settings
                  FROM account_settings WHERE account_id = :account_id
                """)
                .map(row -> settings(row.get("timezone", String.class), row.get("default_currency", String.class),
                        row.get("walk_in_contact_id", UUID.class), json.readTree(row.get("settings", String.class))))
                .one()
                .defaultIfEmpty(Settings.DEFAULTS);
    }

    static Settings settings(String timezone, String currency, UUID walkIn, JsonNode s) {
        return new Settings(zone(timezone), currency, walkIn, s.path("void_overdue_enabled").asBoolean(false));
    }

    private static ZoneId zone(String name) {
        try {
            return ZoneId.of(name);
        } catch (RuntimeException e) {
            return ZoneId.of(DEFAULT_TIMEZONE);
        }
    }
}
