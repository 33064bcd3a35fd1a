package com.storageplatform.kit.operator;

import com.storageplatform.kit.db.AccountStatement;
import java.time.ZoneId;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The operator settings of an account as {@link OperatorSettingsProjection} keeps them. An account whose operator
 * event has not arrived yet reads the defaults of a new operator (docs/api/admin.md): London, GBP, no walk-in
 * record yet, no settings (each service reads its own with their defaults from {@link Row#settings}).
 */
public class OperatorSettings {

    public static final String DEFAULT_TIMEZONE = "Europe/London";
    public static final String DEFAULT_CURRENCY = "GBP";

    private final DatabaseClient db;
    private final JsonMapper json;

    public OperatorSettings(DatabaseClient db, JsonMapper json) {
        this.db = db;
        this.json = json;
    }

    /**
     * @param walkInContactId the account's walk-in sales record; null until auth has published it
     * @param settings        the operator's {@code settings} object as the admin API answers it
     */
    public record Row(ZoneId timezone, String defaultCurrency, UUID walkInContactId, JsonNode settings) {
    }

    public Mono<Row> of(UUID accountId) {
        return AccountStatement.sql(db, accountId, """
                SELECT timezone, default_currency, walk_in_contact_id, settings::text AS settings
                  FROM account_settings WHERE account_id = :account_id
                """)
                .map(row -> new Row(zone(row.get("timezone", String.class)), row.get("default_currency", String.class),
                        row.get("walk_in_contact_id", UUID.class), json.readTree(row.get("settings", String.class))))
                .one()
                .defaultIfEmpty(new Row(ZoneId.of(DEFAULT_TIMEZONE), DEFAULT_CURRENCY, null,
                        json.createObjectNode()));
    }

    /** A time zone the operator named; London when it cannot be read. */
    static ZoneId zone(String name) {
        try {
            return ZoneId.of(name);
        } catch (RuntimeException e) {
            return ZoneId.of(DEFAULT_TIMEZONE);
        }
    }
}
